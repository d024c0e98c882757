import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startLocalApi, type LocalApi } from '../../local-api';
import { cacheStores } from '../cache/cacheStores';
import { openCache } from '../operations/workspaceCache';
import {
  DEMO_FORM,
  openTestbed,
  peopleCsv,
  type Testbed,
} from '../operations/testing/importTestbed';
import { dispatch } from '../operations/dispatch';
import { createHandlers } from '../operations/handlers';
import { type WorkspaceManager } from '../workspaces/manager';
import { ConnectionMonitor } from '../sync/connection';
import { SyncEngine } from '../sync/syncEngine';
import { createApiClient } from '../api';
import { testWorkspaces } from './testing/testWorkspaces';
import { startServiceProxy, type ServiceProxy } from './serviceProxy';

const demo = ({ store }: { store: string }) => startLocalApi({ port: 0, store });

// The faults the per-feature tests leave out: the service switched off in the middle of an import
// and around webhook calls, and a disk that fills up during a sync. Each ends with nothing lost,
// nothing created twice, the cache equal to the server, and a sentence saying what to do.

let dir: string;
let api: LocalApi;
let proxy: ServiceProxy;

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'formdesk-faults-'));
  api = await startLocalApi({ rateLimit: 0, submissionsPerForm: 60, seed: 4 });
  proxy = await startServiceProxy(api.baseUrl);
});

afterEach(async () => {
  await proxy.close();
  await api.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const creates = () =>
  api.admin.requests().filter((r) => r.method === 'POST' && /\/submissions$/.test(r.path));

describe('the service switched off mid-sync', () => {
  it('stops with a sentence, keeps the pages it stored, and ends equal to the server once back', async () => {
    const db = openCache(path.join(dir, 'cache.sqlite'));
    try {
      let pages = 0;
      const engine = new SyncEngine({
        workspaceId: 'w-down',
        api: createApiClient({
          baseUrl: proxy.baseUrl,
          apiKey: api.apiKey,
          rateLimit: { limit: 200, windowMs: 1000, marginMs: 0 },
          retry: { baseDelayMs: 5, maxDelayMs: 20 },
        }),
        stores: cacheStores(db),
        connection: new ConnectionMonitor(() => {}),
        emit: (event) => {
          if (event.type === 'sync.progress' && !event.done && ++pages === 1) void proxy.down();
        },
      });
      const [cut] = await engine.run(
        { formId: DEMO_FORM, mode: 'full' },
        new AbortController().signal,
      );
      expect(cut?.error).toMatchObject({
        code: 'NETWORK',
        message: expect.stringMatching(/reach/i),
      });
      const stored = cacheStores(db).submissions.count(DEMO_FORM, 'finished');
      expect(stored).toBeGreaterThan(0);

      await proxy.up();
      const [done] = await engine.run(
        { formId: DEMO_FORM, mode: 'full' },
        new AbortController().signal,
      );
      expect(done?.error).toBeNull();
      const cachedIds = db
        .prepare(
          'SELECT submission_id AS id FROM submissions WHERE form_id = ? ORDER BY submission_id',
        )
        .all(DEMO_FORM)
        .map((row) => (row as { id: string }).id);
      expect(cachedIds).toEqual(
        api.admin
          .submissionsOf(DEMO_FORM, { includePreview: false })
          .map((s) => s.submissionId)
          .sort(),
      );
    } finally {
      db.close();
    }
  });
});

describe('the service switched off mid-import', () => {
  let bed: Testbed;
  afterEach(() => bed.close());

  it('waits, saying why, and once the service is back creates each row exactly once', async () => {
    bed = openTestbed({ baseUrl: proxy.baseUrl, apiKey: api.apiKey, rate: 50 });
    bed.prepare('down', peopleCsv(45, 'down'));
    // The third batch never reaches the service: its connection drops as the service goes away.
    let posts = 0;
    proxy.intercept = (req, res) => {
      if (req.method !== 'POST' || ++posts !== 3) return false;
      void proxy.down();
      res.destroy();
      return true;
    };
    const running = bed.runner.run('down');
    // The batch whose answer was lost is checked before any of it is sent again; while the
    // service is away the import waits and says why.
    await vi.waitFor(
      () => {
        const summary = bed.journal.summary('down')!;
        expect(summary.unknown).toBe(10);
        expect(summary.notice).toMatch(
          /Could not yet check batch 3 .*nothing of it is sent again until it is checked/,
        );
      },
      { timeout: 60_000, interval: 20 },
    );
    expect(bed.journal.summary('down')!.created).toBe(20);

    proxy.intercept = null;
    await proxy.up();
    expect(await running).toBe('done');
    expect(bed.journal.summary('down')).toMatchObject({
      state: 'done',
      created: 45,
      failed: 0,
      unknown: 0,
      pending: 0,
    });
    const names = api.admin
      .submissionsOf(DEMO_FORM)
      .map((s) => s.questions.find((q) => q.id === 'nm01')?.value)
      .filter(
        (name): name is string => typeof name === 'string' && name.startsWith('Person down-'),
      );
    expect(names).toHaveLength(45);
    expect(new Set(names).size).toBe(45);
    expect(creates().reduce((sum, r) => sum + (r.created ?? 0), 0)).toBe(45);
  });
});

describe('the service switched off around webhook calls', () => {
  let workspaces: WorkspaceManager;
  afterEach(async () => workspaces.close());

  /** The app's router, as the window's bridge calls it. */
  let rpc: (
    op: string,
    input?: unknown,
  ) => Promise<{
    ok: boolean;
    data?: Record<string, unknown>;
    error?: { code: string; message: string };
  }>;

  it('records nothing it could not create, keeps what it could not delete, and finishes once the service is back', async () => {
    workspaces = testWorkspaces(dir, demo);
    const handlers = createHandlers(workspaces, async () => ({ delivery: 'cancelled' }));
    rpc = async (op, input = {}) =>
      (await dispatch(handlers, op, input)) as Awaited<ReturnType<typeof rpc>>;
    await workspaces.configure({ baseUrl: proxy.baseUrl, apiKey: api.apiKey });
    const hook = { formId: DEMO_FORM, url: 'https://hooks.example.com/formdesk' };

    await proxy.down();
    const refused = await rpc('webhooks.create', hook);
    expect(refused).toMatchObject({
      ok: false,
      error: { code: 'NETWORK', message: expect.stringMatching(/reach/i) },
    });
    expect((await rpc('webhooks.list')).data?.webhooks).toEqual([]);
    expect(api.admin.webhooks()).toEqual([]);

    await proxy.up();
    const created = await rpc('webhooks.create', hook);
    expect(created.ok).toBe(true);
    const id = (created.data?.webhook as { id: string }).id;
    expect(api.admin.webhooks()).toHaveLength(1);

    await proxy.down();
    const kept = await rpc('webhooks.delete', { id });
    expect(kept).toMatchObject({ ok: false, error: { code: 'NETWORK' } });
    expect(
      ((await rpc('webhooks.list')).data?.webhooks as Array<{ id: string }>).map((w) => w.id),
    ).toEqual([id]);
    expect(api.admin.webhooks()).toHaveLength(1);

    await proxy.up();
    expect(await rpc('webhooks.delete', { id })).toMatchObject({
      ok: true,
      data: { outcome: 'deleted' },
    });
    expect(api.admin.webhooks()).toEqual([]);
    expect(api.admin.requests().filter((r) => r.path.endsWith('/webhook/create'))).toHaveLength(1);
  });
});

describe('a disk that fills up during a sync', () => {
  it('fails with a sentence, keeps every page it committed, and completes once there is room', async () => {
    const file = path.join(dir, 'cache.sqlite');
    const db = openCache(file);
    try {
      const stores = cacheStores(db);
      const engine = new SyncEngine({
        workspaceId: 'w-full',
        api: createApiClient({
          baseUrl: api.baseUrl,
          apiKey: api.apiKey,
          rateLimit: { limit: 200, windowMs: 1000, marginMs: 0 },
        }),
        stores,
        connection: new ConnectionMonitor(() => {}),
        emit: () => {},
      });
      // SQLite's own ceiling on the file's size: the next page it needs fails with SQLITE_FULL,
      // as a full disk would.
      const used = db.pragma('page_count', { simple: true }) as number;
      db.pragma(`max_page_count = ${used + 2}`);
      const [full] = await engine.run(
        { formId: DEMO_FORM, mode: 'incremental' },
        new AbortController().signal,
      );
      expect(full?.error).toMatchObject({ code: 'DB' });
      expect(full?.error?.message).toMatch(/disk|space|full/i);
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      const kept = stores.submissions.count(DEMO_FORM, 'finished');

      db.pragma('max_page_count = 1073741823');
      const [resumed] = await engine.run(
        { formId: DEMO_FORM, mode: 'incremental' },
        new AbortController().signal,
      );
      expect(resumed?.error).toBeNull();
      expect(stores.submissions.count(DEMO_FORM, 'finished')).toBeGreaterThanOrEqual(kept);
      const cachedIds = db
        .prepare(
          'SELECT submission_id AS id FROM submissions WHERE form_id = ? ORDER BY submission_id',
        )
        .all(DEMO_FORM)
        .map((row) => (row as { id: string }).id);
      const serverIds = api.admin
        .submissionsOf(DEMO_FORM, { includePreview: false })
        .map((s) => s.submissionId)
        .sort();
      expect(cachedIds).toEqual(serverIds);
    } finally {
      db.close();
    }
  });
});
