import { type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ensureBuilt } from '../../../scripts/ensureBuilt.mjs';
import { startLocalApi, type LocalApi } from '../../local-api';
import {
  DEMO_FORM,
  PEOPLE_MAPPINGS,
  peopleCsv,
  RESUMED_IMPORT_WAIT_MS,
} from '../operations/testing/importTestbed';
import { startHostProcess } from './testing/hostProcess';

// The whole app process (browser mode's host, as `npm run serve` runs it) is SIGKILLed while it
// syncs, then started again on the same data dir: the cache must end equal to the server.

let dir: string;
let server: LocalApi;
const children = new Set<ChildProcess>();

// Building out/ first, when a source changed, can take a while on a busy machine.
beforeAll(() => ensureBuilt(), 180_000);

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'formdesk-killed-host-'));
  server = await startLocalApi({ rateLimit: 0, submissionsPerForm: 450, seed: 21 });
});

afterEach(async () => {
  for (const child of children) child.kill('SIGKILL');
  children.clear();
  await server.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const startHost = () => startHostProcess(dir, server, children);

function cacheFile(): string {
  const workspaces = path.join(dir, 'workspaces');
  const [id] = fs.readdirSync(workspaces);
  return path.join(workspaces, id ?? '', 'cache.sqlite');
}

function countCached(): number {
  // Read-only, and only once the app made the file: a connection that may create it would race
  // the app creating its own.
  const db = new Database(cacheFile(), { readonly: true, fileMustExist: true });
  try {
    return (db.prepare('SELECT count(*) AS n FROM submissions').get() as { n: number }).n;
  } finally {
    db.close();
  }
}

async function serverTotal(): Promise<number> {
  const response = await fetch(`${server.baseUrl}/forms`, {
    headers: { authorization: `Bearer ${server.apiKey}` },
  });
  const forms = (await response.json()) as Array<{ formId: string }>;
  return forms.reduce(
    (sum, form) => sum + server.admin.submissionsOf(form.formId, { includePreview: false }).length,
    0,
  );
}

describe('the app process killed mid-sync', () => {
  it(
    'is started again on the same data dir and ends with a cache equal to the server',
    // Two host processes start in turn; beside a full test run each start has taken 16 s.
    { timeout: 300_000 },
    async () => {
      // The first pages come at once and every one after them is held: the kill lands with some
      // pages stored and the rest still to come, however busy the machine.
      server.admin.setFaults([
        { kind: 'latency', ms: 30_000, path: '/forms/*/submissions', after: 4 },
      ]);
      const first = await startHost();
      await first.rpc('sync.start', { mode: 'incremental' });
      await vi.waitFor(() => expect(countCached()).toBeGreaterThan(0), {
        timeout: 60_000,
        interval: 20,
      });
      first.child.kill('SIGKILL');
      await once(first.child, 'exit');
      server.admin.clearFaults();
      // Killed part-way: some pages stored, not all.
      expect(countCached()).toBeLessThan(await serverTotal());

      const second = await startHost();
      await second.rpc('sync.start', { mode: 'incremental' });
      await vi.waitFor(
        async () => {
          const status = await second.rpc('sync.status');
          const data = status.data as {
            running: unknown;
            forms: Array<{ state: string; resumable: boolean }>;
          };
          expect(data.running).toBeNull();
          expect(data.forms.length).toBeGreaterThan(0);
          expect(data.forms.every((f) => f.state === 'synced' && !f.resumable)).toBe(true);
        },
        { timeout: 60_000, interval: 200 },
      );
      second.child.kill('SIGTERM');
      await once(second.child, 'exit');

      const db = new Database(cacheFile(), { readonly: true });
      try {
        const forms = db.prepare('SELECT form_id AS formId FROM forms').all() as Array<{
          formId: string;
        }>;
        expect(forms.length).toBeGreaterThan(0);
        for (const { formId } of forms) {
          const cached = db
            .prepare(
              'SELECT submission_id AS id FROM submissions WHERE form_id = ? ORDER BY submission_id',
            )
            .all(formId) as Array<{ id: string }>;
          const expected = server.admin
            .submissionsOf(formId, { includePreview: false })
            .map((s) => s.submissionId)
            .sort();
          expect(cached.map((row) => row.id)).toEqual(expected);
        }
      } finally {
        db.close();
      }
    },
  );
});

describe('the app process killed mid-import', () => {
  const creates = () =>
    server.admin.requests().filter((r) => r.method === 'POST' && r.path.endsWith('/submissions'));
  const createdNames = () =>
    server.admin
      .submissionsOf(DEMO_FORM)
      .map((s) => s.questions.find((q) => q.id === 'nm01')?.value)
      .filter(
        (name): name is string => typeof name === 'string' && name.startsWith('Person killed-'),
      );

  it(
    'is started again, resumes the import, and creates each row exactly once',
    { timeout: RESUMED_IMPORT_WAIT_MS + 120_000 },
    async () => {
      // Slow creates give the kill a wide window between batches and inside one.
      server.admin.setFaults([
        { kind: 'latency', ms: 150, method: 'POST', path: '/forms/*/submissions' },
      ]);
      const first = await startHost();
      const csv = Buffer.from(peopleCsv(60, 'killed')).toString('base64');
      const preview = await first.rpc('imports.parse', {
        fileName: 'people.csv',
        contentBase64: csv,
      });
      const { fileId } = preview.data as { fileId: string };
      const validation = await first.rpc('imports.validate', {
        fileId,
        formId: DEMO_FORM,
        mappings: PEOPLE_MAPPINGS,
      });
      const { jobId, validRows } = validation.data as { jobId: string; validRows: number };
      expect(validRows).toBe(60);
      expect((await first.rpc('imports.start', { jobId })).ok).toBe(true);
      await vi.waitFor(() => expect(creates().length).toBeGreaterThanOrEqual(2), {
        timeout: 60_000,
        interval: 10,
      });
      first.child.kill('SIGKILL');
      await once(first.child, 'exit');
      expect(createdNames().length).toBeLessThan(60);

      const second = await startHost();
      const jobState = async () => {
        const listed = (await second.rpc('imports.list')).data as {
          imports: Array<{ jobId: string; state: string }>;
        };
        return listed.imports.find((job) => job.jobId === jobId)?.state;
      };
      expect(await jobState()).not.toBe('done');
      expect((await second.rpc('imports.resume', { jobId })).ok).toBe(true);
      await vi.waitFor(async () => expect(await jobState()).toBe('done'), {
        timeout: RESUMED_IMPORT_WAIT_MS,
        interval: 200,
      });
      second.child.kill('SIGTERM');
      await once(second.child, 'exit');

      const names = createdNames();
      expect(names).toHaveLength(60);
      expect(new Set(names).size).toBe(60);
      expect(creates().reduce((sum, r) => sum + (r.created ?? 0), 0)).toBe(60);
    },
  );
});
