import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, onTestFailed, vi } from 'vitest';
import { DEMO_FORM, RESUMED_IMPORT_WAIT_MS } from '../core/operations/testing/importTestbed';
import { createLogger } from '../core/logging/log';
import { startHost, type Host } from './startHost';
import { callHost, okHost } from './testing/callHost';
import { draftPeopleImport, importDone } from './testing/hostImports';
import { startLocalApi, type LocalApi } from '../local-api';
import { type Result } from '../shared/errors';

// The core's worker is stopped as a crash would stop it (terminated mid-work), through browser
// mode's real host and threads: what it had committed stays, the operation in flight answers a
// retryable sentence, and the work it was doing goes on in the worker started in its place.

let dir: string;
let service: LocalApi;
let host: Host;
const logged: string[] = [];

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'formdesk-threads-'));
  logged.length = 0;
  // What the host logged (a worker that stopped, an import that paused and why) goes with a failure.
  onTestFailed(() => {
    console.error(`the host logged:\n${logged.join('\n')}`);
  });
});
afterEach(async () => {
  await host?.close();
  await service?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function open(options: { submissionsPerForm: number }): Promise<void> {
  service = await startLocalApi({ rateLimit: 0, seed: 7, ...options });
  host = await startHost({
    dataDir: dir,
    rendererDir: join(dir, 'no-renderer'),
    remote: { baseUrl: service.baseUrl, apiKey: service.apiKey, name: 'Crash drills' },
    log: createLogger({ write: (line) => logged.push(line) }),
    rateLimit: { limit: 200, windowMs: 1000, marginMs: 0 },
    demo: null,
  });
}

function call<T = Record<string, unknown>>(op: string, input: unknown = {}): Promise<Result<T>> {
  return callHost<T>(host, op, input);
}

function ok<T = Record<string, unknown>>(op: string, input: unknown = {}): Promise<T> {
  return okHost<T>(host, op, input);
}

const cachedTotal = async (formId: string, status: 'finished' | 'all' = 'finished') =>
  (await ok<{ total: number }>('submissions.query', { formId, status, limit: 1 })).total;

const listRequests = (formId: string) =>
  service.admin
    .requests()
    .filter(
      (r) => r.method === 'GET' && r.path === `/forms/${formId}/submissions` && r.status === 200,
    );

async function synced(formId: string): Promise<void> {
  await vi.waitFor(
    async () => {
      const status = await ok<{ running: unknown; forms: { formId: string; state: string }[] }>(
        'sync.status',
      );
      expect(status.running).toBeNull();
      expect(status.forms.find((f) => f.formId === formId)?.state).toBe('synced');
    },
    { timeout: 60_000, interval: 100 },
  );
}

describe('the core behind a worker boundary', () => {
  it('resumes a sync from the page it had stored when its worker is killed mid-sync', async () => {
    await open({ submissionsPerForm: 1_200 });
    const formId = DEMO_FORM;
    // The first pages come at once and every one after them is held, so the kill lands mid-sync
    // however long the machine takes to see the first rows stored.
    service.admin.setFaults([
      { kind: 'latency', ms: 30_000, path: `/forms/${formId}/submissions`, after: 4 },
    ]);
    await vi.waitFor(async () => expect(await cachedTotal(formId)).toBeGreaterThanOrEqual(300), {
      timeout: 60_000,
      interval: 20,
    });
    const inFlight = Array.from({ length: 10 }, () => call('sync.status'));
    const killedAt = Date.now();
    await host.core.crashCore();
    // Pages the new core asks for come at once; those the killed one was waiting for never do.
    service.admin.clearFaults();
    const storedAtKill = await cachedTotal(formId);

    // Every call sent before the kill is answered once: by the core, or with a sentence to retry.
    for (const answer of await Promise.all(inFlight)) {
      if (!answer.ok) expect(answer.error).toMatchObject({ code: 'INTERNAL', retryable: true });
    }
    await synced(formId);

    // The form keeps no previews: the cache holds every other row the service has.
    const all = service.admin.submissionsOf(formId, { includePreview: false });
    expect(await cachedTotal(formId, 'all')).toBe(all.length);
    // The new core went on from the rows already stored, not from the first page.
    const afterKill = listRequests(formId).filter((r) => Date.parse(r.time) >= killedAt);
    const resumedAt = Number(afterKill.find((r) => r.query.status !== 'in_progress')?.query.offset);
    expect(resumedAt).toBeGreaterThanOrEqual(storedAtKill - 150);
    expect(resumedAt).toBeGreaterThan(0);
    expect(logged.some((line) => /the core's thread stopped/.test(line))).toBe(true);
  }, 120_000);

  it('finds a delete made elsewhere at the next sync, the window listed again by the writer thread', async () => {
    await open({ submissionsPerForm: 400 });
    const formId = DEMO_FORM;
    await synced(formId);
    const oldest = service.admin
      .submissionsOf(formId, { includePreview: false })
      .sort((a, b) => a.submissionTime.localeCompare(b.submissionTime))
      .slice(0, 2)
      .map((s) => s.submissionId);
    for (const id of oldest) service.admin.remove(formId, id);
    const left = service.admin.submissionsOf(formId, { includePreview: false }).length;

    await ok('sync.start', { formId, mode: 'incremental' });
    await vi.waitFor(async () => expect(await cachedTotal(formId, 'all')).toBe(left), {
      timeout: 60_000,
      interval: 100,
    });
    const first = await ok<{ rows: { submissionId: string }[] }>('submissions.query', {
      formId,
      status: 'all',
      sort: 'asc',
      limit: 5,
    });
    expect(first.rows.map((r) => r.submissionId)).not.toContain(oldest[0]);
    expect(first.rows.map((r) => r.submissionId)).not.toContain(oldest[1]);
  }, 120_000);

  it(
    'goes on with an import after its worker is killed mid-import, creating each row once',
    async () => {
      await open({ submissionsPerForm: 10 });
      const before = service.admin.submissionsOf(DEMO_FORM).length;
      const rows = 120;
      const jobId = await draftPeopleImport(host, rows, 'crash');
      // Creates answer slowly: the kill lands with batches sent and others still to send.
      service.admin.setFaults([
        { kind: 'latency', ms: 40, method: 'POST', path: `/forms/${DEMO_FORM}/submissions` },
      ]);
      await ok('imports.start', { jobId });
      await vi.waitFor(
        () =>
          expect(service.admin.submissionsOf(DEMO_FORM).length - before).toBeGreaterThanOrEqual(30),
        { timeout: 60_000, interval: 10 },
      );
      await host.core.crashCore();
      await importDone(host, jobId, RESUMED_IMPORT_WAIT_MS);
      const created = service.admin
        .submissionsOf(DEMO_FORM)
        .map((s) => s.questions.find((q) => q.id === 'nm01')?.value)
        .filter(
          (name): name is string => typeof name === 'string' && name.startsWith('Person crash-'),
        );
      expect(created).toHaveLength(rows);
      expect(new Set(created).size).toBe(rows);
    },
    RESUMED_IMPORT_WAIT_MS + 120_000,
  );

  it('imports through the wizard after the core was killed, on the line handed to the new core', async () => {
    await open({ submissionsPerForm: 10 });
    // The wizard's thread starts with its first file and outlives the core killed after it.
    await draftPeopleImport(host, 1, 'before');
    await host.core.crashCore();
    const jobId = await draftPeopleImport(host, 3, 'after');
    await ok('imports.start', { jobId });
    await importDone(host, jobId);
    const names = service.admin
      .submissionsOf(DEMO_FORM)
      .map((s) => String(s.questions.find((q) => q.id === 'nm01')?.value));
    expect(names.filter((name) => name.startsWith('Person after-'))).toHaveLength(3);
  }, 120_000);
});
