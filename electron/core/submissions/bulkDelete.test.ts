import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type DeleteJobSummary, type Handlers } from '../../shared/contract';
import { startLocalApi, type LocalApi } from '../../local-api';
import { cacheStores } from '../cache/cacheStores';
import { dispatch } from '../operations/dispatch';
import { startServiceProxy, type ServiceProxy } from '../hardening/serviceProxy';
import { syncServiceFor, type SyncService } from '../sync/syncService';
import { createTestContext, type TestContext } from '../operations/testing/testContext';
import { bulkDeleteHandlers } from './bulkDeleteHandlers';
import { DeleteJournal } from './deleteJournal';

let dir: string;
let server: LocalApi;
let testbed: TestContext;
let sync: SyncService;
let handlers: Handlers;

let proxy: ServiceProxy | undefined;

/** `viaProxy`: the workspace talks to the service through a proxy a test may make answer itself. */
async function setUp(submissionsPerForm: number, viaProxy = false): Promise<void> {
  server = await startLocalApi({ rateLimit: 0, submissionsPerForm, seed: 5 });
  proxy = viaProxy ? await startServiceProxy(server.baseUrl) : undefined;
  testbed = createTestContext({
    baseUrl: proxy?.baseUrl ?? server.baseUrl,
    apiKey: server.apiKey,
    dataDir: dir,
  });
  sync = syncServiceFor(testbed.ctx, { intervalMs: 0 });
  handlers = bulkDeleteHandlers(testbed.ctx, { retryDelayMs: 20 }) as Handlers;
  testbed.open();
  await sync.idle();
}

async function ok<T>(op: string, input: unknown): Promise<T> {
  const result = await dispatch(handlers, op, input);
  if (!result.ok) throw new Error(`${op} failed: ${result.error.code} ${result.error.message}`);
  return result.data as T;
}

const jobOf = async (jobId: string) =>
  (await ok<{ jobs: DeleteJobSummary[] }>('deleteJobs.list', {})).jobs.find(
    (job) => job.jobId === jobId,
  );

const firstForm = () => cacheStores(testbed.ctx.session().db).forms.list()[0]!.formId;

/** The DELETE requests the service answered, by submission id. */
const deletesSent = () =>
  server.admin
    .requests()
    .filter((r) => r.method === 'DELETE')
    .map((r) => ({ id: r.path.split('/').at(-1)!, status: r.status }));

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'formdesk-bulk-'));
});
afterEach(async () => {
  testbed?.close();
  await proxy?.close();
  await server?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('bulk delete', () => {
  it('resumes a bulk delete of 300 stopped mid-way, deleting each row once', async () => {
    await setUp(320);
    const formId = firstForm();
    // Previews are not cached unless asked for: every row deleted here has its copy to keep.
    const ids = server.admin
      .submissionsOf(formId, { includePreview: false })
      .slice(0, 300)
      .map((s) => s.submissionId);
    const before = server.admin.submissionsOf(formId).length;
    const cached = cacheStores(testbed.ctx.session().db).query.window(filterOf(formId), 0, 1).total;
    server.admin.clearRequests();

    const started = await ok<DeleteJobSummary>('submissions.deleteMany', {
      formId,
      submissionIds: ids,
    });
    expect(started).toMatchObject({ state: 'running', total: 300, deleted: 0 });

    // The workspace closes with the job part-way, as a quit or a crash would leave it.
    await vi.waitFor(() => expect(deletesSent().length).toBeGreaterThanOrEqual(120), {
      timeout: 30_000,
      interval: 5,
    });
    testbed.close();
    const sentBeforeStop = deletesSent().length;
    expect(sentBeforeStop).toBeLessThan(300);

    testbed.open();
    await vi.waitFor(async () => expect((await jobOf(started.jobId))?.state).toBe('done'), {
      timeout: 60_000,
      interval: 20,
    });

    const job = await jobOf(started.jobId);
    expect(job!.deleted + job!.alreadyGone).toBe(300);
    expect(job!.failed).toBe(0);
    const sent = deletesSent();
    expect(sent).toHaveLength(300);
    expect(new Set(sent.map((d) => d.id))).toEqual(new Set(ids));
    const left = new Set(server.admin.submissionsOf(formId).map((s) => s.submissionId));
    expect(ids.filter((id) => left.has(id))).toEqual([]);
    expect(left.size).toBe(before - 300);

    const stores = cacheStores(testbed.ctx.session().db);
    expect(stores.query.window(filterOf(formId), 0, 1).total).toBe(cached - 300);
    const entries = [...stores.activity.all()];
    const copies = entries.filter((e) => e.kind === 'submission.deleted');
    expect(new Set(copies.map((e) => e.submissionId))).toEqual(new Set(ids));
    expect(copies).toHaveLength(300);
    expect(copies.every((e) => e.snapshot !== null)).toBe(true);
    expect(entries.filter((e) => e.kind === 'submissions.bulkDeleted')).toEqual([
      expect.objectContaining({ formId, summary: expect.stringContaining('300 of 300') }),
    ]);
  });

  it('deletes nothing while the service cannot be reached, and goes on once it can', async () => {
    await setUp(30);
    const formId = firstForm();
    server.admin.setFaults([{ kind: 'reset' }]);
    const before = server.admin.submissionsOf(formId).length;

    const started = await ok<DeleteJobSummary>('submissions.deleteMany', {
      formId,
      filter: { status: 'all', includePreview: true },
    });
    expect(started.total).toBe(before);
    await vi.waitFor(async () => expect((await jobOf(started.jobId))?.state).toBe('waiting'), {
      timeout: 30_000,
      interval: 5,
    });
    expect(server.admin.submissionsOf(formId)).toHaveLength(before);
    expect((await jobOf(started.jobId))?.deleted).toBe(0);
    expect(cacheStores(testbed.ctx.session().db).query.window(filterOf(formId), 0, 1).total).toBe(
      before,
    );

    server.admin.clearFaults();
    await ok('deleteJobs.resume', { jobId: started.jobId });
    await vi.waitFor(async () => expect((await jobOf(started.jobId))?.state).toBe('done'), {
      timeout: 30_000,
      interval: 20,
    });
    expect(server.admin.submissionsOf(formId)).toHaveLength(0);
    const answered = deletesSent().filter((d) => d.status === 200);
    expect(new Set(answered.map((d) => d.id)).size).toBe(answered.length);
  });

  it('reads a row whose delete went unanswered before a crash, and never asks twice', async () => {
    await setUp(30);
    const formId = firstForm();
    const [gone, kept] = server.admin
      .submissionsOf(formId, { includePreview: false })
      .map((s) => s.submissionId);
    // As a crash leaves them: both asked about, one deleted by the service before the answer was lost.
    const journal = new DeleteJournal(testbed.ctx.session().db);
    const jobId = journal.create('delete', [
      { formId, submissionId: gone! },
      { formId, submissionId: kept! },
    ]);
    journal.setRow(jobId, 0, 'sending');
    journal.setRow(jobId, 1, 'sending');
    server.admin.remove(formId, gone!);
    server.admin.clearRequests();

    testbed.close();
    testbed.open();
    await vi.waitFor(async () => expect((await jobOf(jobId))?.state).toBe('done'), {
      timeout: 30_000,
      interval: 20,
    });
    expect(await jobOf(jobId)).toMatchObject({ deleted: 1, alreadyGone: 1, failed: 0 });
    expect(deletesSent()).toEqual([{ id: kept, status: 200 }]);
    const reopened = new DeleteJournal(testbed.ctx.session().db);
    expect(reopened.rows(jobId).map((r) => r.status)).toEqual(['gone', 'deleted']);
  });

  it('keeps a row whose "not found" is a proxy\'s page, and deletes the rest', async () => {
    await setUp(30, true);
    const formId = firstForm();
    const ids = server.admin
      .submissionsOf(formId, { includePreview: false })
      .slice(0, 3)
      .map((s) => s.submissionId);
    proxy!.intercept = (request, response) => {
      if (request.method !== 'DELETE' || !request.url?.endsWith(ids[1]!)) return false;
      response.writeHead(404, { 'content-type': 'text/html' });
      response.end('<html><body><h1>404 Not Found</h1>nginx</body></html>');
      return true;
    };
    const started = await ok<DeleteJobSummary>('submissions.deleteMany', {
      formId,
      submissionIds: ids,
    });
    await vi.waitFor(async () => expect((await jobOf(started.jobId))?.state).toBe('done'), {
      timeout: 30_000,
      interval: 20,
    });
    expect(await jobOf(started.jobId)).toMatchObject({ deleted: 2, failed: 1 });
    const left = server.admin.submissionsOf(formId).map((s) => s.submissionId);
    expect(ids.filter((id) => left.includes(id))).toEqual([ids[1]]);
    const cached = cacheStores(testbed.ctx.session().db).submissions;
    expect(cached.get(formId, ids[1]!)).not.toBeNull();
  });

  it('pauses between rows and cancels what is left unsent', async () => {
    await setUp(30);
    const formId = firstForm();
    server.admin.setFaults([{ kind: 'latency', ms: 30, method: 'DELETE' }]);
    const ids = server.admin
      .submissionsOf(formId)
      .slice(0, 20)
      .map((s) => s.submissionId);
    const started = await ok<DeleteJobSummary>('submissions.deleteMany', {
      formId,
      submissionIds: ids,
    });
    await vi.waitFor(() => expect(deletesSent().length).toBeGreaterThanOrEqual(3), {
      timeout: 30_000,
      interval: 5,
    });
    const paused = await ok<DeleteJobSummary>('deleteJobs.pause', { jobId: started.jobId });
    expect(paused.state).toBe('paused');
    const sentWhilePaused = deletesSent().length;
    expect(paused.deleted).toBe(sentWhilePaused);

    const cancelled = await ok<DeleteJobSummary>('deleteJobs.cancel', { jobId: started.jobId });
    expect(cancelled.state).toBe('cancelled');
    expect(deletesSent()).toHaveLength(sentWhilePaused);
    expect(server.admin.submissionsOf(formId)).toHaveLength(30 - sentWhilePaused);
  });
});

function filterOf(formId: string) {
  return {
    formId,
    status: 'all' as const,
    includePreview: true,
    answers: [],
    sortBy: 'submissionTime' as const,
    sort: 'asc' as const,
  };
}
