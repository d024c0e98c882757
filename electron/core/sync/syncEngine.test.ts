import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_PAGE_SIZE } from '../../shared/api/endpoints';
import { type Submission } from '../../shared/api/submission';
import { type LocalApiData } from '../../shared/api/localApi';
import { type AppEvent } from '../../shared/contract/events';
import { SubmissionFilter } from '../../shared/contract/submissions';
import { startLocalApi, type LocalApi, type LocalApiOptions } from '../../local-api';
import { UNREADABLE_MESSAGE } from '../api/errors';
import { cacheStores } from '../cache/cacheStores';
import { type WorkspaceSession } from '../session/context';
import { ConnectionMonitor } from './connection';
import { keepPreviews } from './keepPreviews';
import { type PageWriter } from '../session/pageWriter';
import { pageWriterOn } from './pageStore';
import { DEFAULT_TUNING, SyncEngine, type SyncTuning } from './syncEngine';
import { PAGES_PER_STORE } from './streamSync';
import { createTestContext, type TestContext } from '../operations/testing/testContext';

let dir: string;
let server: LocalApi;
let testbed: TestContext;
let session: WorkspaceSession;

async function setUp(options: LocalApiOptions = {}): Promise<void> {
  server = await startLocalApi({ rateLimit: 0, submissionsPerForm: 160, seed: 7, ...options });
  testbed = createTestContext({ baseUrl: server.baseUrl, apiKey: server.apiKey, dataDir: dir });
  session = testbed.open();
}

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'formdesk-sync-'));
});
afterEach(async () => {
  testbed?.close();
  await server?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** An engine on the test workspace; `emit` watches its events (they go to the testbed by default). */
function engine(
  emit: (event: AppEvent) => void = (event) => testbed.ctx.emit(event),
  tuning: SyncTuning = DEFAULT_TUNING,
  writer?: PageWriter,
): SyncEngine {
  return new SyncEngine(
    {
      workspaceId: session.workspace.id,
      api: session.api,
      stores: cacheStores(session.db),
      connection: new ConnectionMonitor(() => {}),
      emit,
      ...(writer ? { writer } : {}),
    },
    tuning,
  );
}

const never = new AbortController().signal;

function formIds(): string[] {
  return cacheStores(session.db)
    .forms.list()
    .map((f) => f.formId);
}

/** Every cached submission of a form, previews and both statuses, in the server's order. */
function cached(formId: string): Submission[] {
  const filter = SubmissionFilter.parse({ formId, status: 'all', includePreview: true });
  return [...cacheStores(session.db).query.all(filter)].map((r) => r.submission);
}

/** What the cache of a form should hold: the server's rows, previews when the form keeps them. */
function onServer(formId: string): Submission[] {
  return server.admin.submissionsOf(formId, {
    includePreview: cacheStores(session.db).forms.keepsPreviews(formId),
  });
}

function expectCacheEqualsServer(): void {
  const forms = formIds();
  expect(forms.length).toBeGreaterThan(0);
  for (const formId of forms) {
    const expected = onServer(formId);
    expect(cached(formId).map((s) => s.submissionId)).toEqual(expected.map((s) => s.submissionId));
    expect(cached(formId)).toEqual(expected);
  }
}

const listRequests = () =>
  server.admin.requests().filter((r) => /^\/forms\/[^/]+\/submissions$/.test(r.path));

describe('SyncEngine against the local API', () => {
  it('fills an empty cache with exactly the server submissions', async () => {
    await setUp();
    const results = await engine().run({ mode: 'incremental' }, never);
    expect(results.every((r) => r.error === null)).toBe(true);
    expectCacheEqualsServer();
    expect(testbed.events.some((e) => e.type === 'sync.progress' && e.done)).toBe(true);
    expect(testbed.events.some((e) => e.type === 'cache.changed')).toBe(true);
  });

  it('costs two list requests per form and status when nothing is new: the new rows, and one count of the rest', async () => {
    await setUp();
    await engine().run({ mode: 'incremental' }, never);
    server.admin.clearRequests();
    testbed.events.length = 0;
    await engine().run({ mode: 'incremental' }, never);
    const lists = listRequests();
    expect(lists).toHaveLength(formIds().length * 4);
    // Nothing changed, so nothing tells the tables to read again.
    expect(
      testbed.events.filter((e) => e.type === 'cache.changed' && e.tables.includes('submissions')),
    ).toEqual([]);
    const pulls = lists.filter(
      (r) => r.query.afterDate !== undefined && r.query.beforeDate === undefined,
    );
    const counts = lists.filter(
      (r) =>
        r.query.limit === '1' &&
        r.query.beforeDate !== undefined &&
        r.query.afterDate === undefined,
    );
    for (const kind of [pulls, counts]) {
      expect(new Set(kind.map((r) => `${r.path} ${r.query.status}`)).size).toBe(
        formIds().length * 2,
      );
    }
  });

  it('pulls new respondents incrementally, and flags preview responses found by a full walk of a form that keeps them', async () => {
    await setUp();
    await engine().run({ mode: 'incremental' }, never);
    const formId = formIds()[0] ?? '';
    const fresh = await server.admin.respond(formId, {});
    const unfinished = await server.admin.respond(formId, { status: 'in_progress' });
    const stores = cacheStores(session.db);
    await engine().run({ mode: 'incremental' }, never);
    expect(stores.submissions.get(formId, fresh.submission.submissionId)).toMatchObject({
      status: 'finished',
      isPreview: false,
    });
    expect(stores.submissions.get(formId, unfinished.submission.submissionId)?.status).toBe(
      'in_progress',
    );

    const preview = await server.admin.respond(formId, { preview: true });
    await engine().run({ mode: 'full' }, never);
    expectCacheEqualsServer();
    expect(stores.submissions.get(formId, preview.submission.submissionId)).toBeNull();

    expect(stores.forms.keepPreviews(formId)).toBe(true);
    await engine().run({ mode: 'full' }, never);
    expectCacheEqualsServer();
    expect(stores.submissions.get(formId, preview.submission.submissionId)?.isPreview).toBe(true);
    expect(stores.submissions.get(formId, fresh.submission.submissionId)?.isPreview).toBe(false);
  });

  it('converges after edits and deletions made elsewhere', async () => {
    await setUp();
    await engine().run({ mode: 'incremental' }, never);
    for (const formId of formIds()) {
      const all = server.admin.submissionsOf(formId);
      for (const s of all.slice(0, 5)) server.admin.remove(formId, s.submissionId);
      for (const s of all.slice(10, 14)) server.admin.edit(formId, s.submissionId);
    }
    await engine().run({ mode: 'full' }, never);
    expectCacheEqualsServer();
  });

  it('follows a response that left the in-progress listing to the finished one', async () => {
    await setUp();
    await engine().run({ mode: 'incremental' }, never);
    const formId = formIds()[0] ?? '';
    const stores = cacheStores(session.db);
    // The cache last saw an old, now finished, response while it was still in progress.
    const finished = stores.query.window(SubmissionFilter.parse({ formId }), 2, 1).rows[0];
    const submissionId = finished?.submissionId ?? '';
    session.db
      .prepare(
        `UPDATE submissions SET status = 'in_progress' WHERE form_id = ? AND submission_id = ?`,
      )
      .run(formId, submissionId);
    stores.syncState.askWalk(formId, 'in_progress');
    server.admin.clearRequests();
    await engine().run({ formId, mode: 'incremental' }, never);
    expect(stores.submissions.get(formId, submissionId)?.status).toBe('finished');
    expect(
      server.admin
        .requests()
        .filter((r) => r.path === `/forms/${formId}/submissions/${submissionId}`),
    ).toHaveLength(1);
    expectCacheEqualsServer();
  });

  it('notices deletions among recent rows from the count alone', async () => {
    await setUp();
    await engine().run({ mode: 'incremental' }, never);
    const formId = formIds()[0] ?? '';
    const newest = onServer(formId).at(-1);
    // A respondent arrives and a recent row goes: counts after the overlap no longer agree.
    await server.admin.respond(formId, {});
    server.admin.remove(formId, newest?.submissionId ?? '');
    await engine().run({ mode: 'incremental' }, never);
    expectCacheEqualsServer();
  });

  it('flags previews on a first sync without writing again the rows its pull stored', async () => {
    await setUp();
    const stores = cacheStores(session.db);
    stores.forms.replaceListed(await session.api.listForms(), DEFAULT_TUNING.now().toISOString());
    const formId = formIds()[0] ?? '';
    stores.forms.keepPreviews(formId);
    // The clock tells which pass wrote a row: the pull, or the walk for previews after it.
    const [pulledAt, walkedAt] = ['2026-03-01T00:00:00.000Z', '2026-03-02T00:00:00.000Z'];
    const now = () =>
      new Date(
        stores.syncState.get(formId, 'finished').phase === 'reconcile' ? walkedAt : pulledAt,
      );
    const first = engine(() => {}, { ...DEFAULT_TUNING, now });
    await first.run({ formId, mode: 'incremental' }, never);
    expect(cached(formId)).toEqual(onServer(formId));
    const finished = SubmissionFilter.parse({ formId, status: 'finished', includePreview: true });
    const rows = [...stores.query.all(finished)].map((r) =>
      stores.submissions.get(formId, r.submission.submissionId),
    );
    const byWalk = rows.filter((r) => r?.syncedAt === walkedAt);
    expect(byWalk.length).toBeGreaterThan(0);
    expect(byWalk.every((r) => r?.isPreview)).toBe(true);
    expect(rows.filter((r) => r?.syncedAt === pulledAt)).toHaveLength(
      stores.submissions.count(formId, 'finished'),
    );
    expect(stores.syncState.get(formId, 'finished').lastReconciledAt).toBe(walkedAt);
  });

  it('makes a first sync one pass of the listing, and probes for previews only where the form keeps them', async () => {
    const submissions = (prefix: string) =>
      Array.from({ length: 320 }, (_, i) => ({
        submissionId: `${prefix}${String(i).padStart(4, '0')}`,
        submissionTime: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString(),
        questions: [{ id: 'q1', name: 'Name', type: 'ShortAnswer', value: `person ${i}` }],
      }));
    const form = (id: string) => ({
      id,
      name: id,
      questions: [{ id: 'q1', name: 'Name', type: 'ShortAnswer' }],
      submissions: submissions(id),
    });
    await setUp({ data: { forms: [form('plain'), form('kept')] }, submissionsPerForm: 0 });
    const stores = cacheStores(session.db);
    stores.forms.replaceListed(await session.api.listForms(), DEFAULT_TUNING.now().toISOString());
    stores.forms.keepPreviews('kept');
    await engine().run({ mode: 'incremental' }, never);
    expectCacheEqualsServer();
    const listsOf = (formId: string) =>
      listRequests().filter((r) => r.path === `/forms/${formId}/submissions`);
    // finished: 3 pages; in_progress: 1 page. No walk.
    expect(listsOf('plain')).toHaveLength(4);
    expect(listsOf('plain').some((r) => r.query.includePreview === 'true')).toBe(false);
    // The same, and one probe per status: the server holds no previews, so no walk either.
    expect(
      listsOf('kept')
        .filter((r) => r.query.includePreview === 'true')
        .map((r) => r.query.limit),
    ).toEqual(['1', '1']);
    expect(listsOf('kept')).toHaveLength(6);
    for (const formId of ['plain', 'kept'])
      expect(stores.syncState.get(formId, 'finished').lastReconciledAt).not.toBeNull();
  });

  it.each([
    ['incremental', 'incremental'],
    ['full', 'reconcile'],
  ] as const)(
    'fetches previews asked for in the middle of a sync (%s, during its %s pass)',
    async (mode, pass) => {
      await setUp();
      await engine().run({ mode: 'incremental' }, never);
      const formId = formIds()[0] ?? '';
      // Enough new rows that the pull stores more than one page.
      for (let i = 0; i < 200; i++) await server.admin.respond(formId, {});
      const stores = cacheStores(session.db);
      let asked = false;
      const running = engine((event) => {
        // The owner ticks "Include preview responses" once the pass has stored its first page.
        if (!asked && event.type === 'sync.progress' && !event.done && event.phase === pass)
          asked = keepPreviews(stores, formId);
      });
      await running.run({ formId, mode }, never);
      expect(asked).toBe(true);
      // The sync that the request queues after the running one.
      await engine().run({ formId, mode: 'incremental' }, never);
      expectCacheEqualsServer();
      expect(stores.forms.counts(formId).preview).toBeGreaterThan(0);
    },
  );

  it('keeps unknown fields and question types through sync unchanged', async () => {
    const data: LocalApiData = {
      forms: [
        {
          id: 'odd1',
          name: 'Odd form',
          questions: [{ id: 'h1', name: 'Hologram', type: 'HologramPicker' }],
          submissions: [
            {
              submissionId: 'x1',
              submissionTime: '2026-01-01T00:00:00.000Z',
              lastUpdatedAt: '2026-01-01T00:00:00.000Z',
              questions: [
                { id: 'h1', name: 'Hologram', type: 'HologramPicker', value: { beam: [1, 'two'] } },
              ],
              documents: [{ id: 'd1', name: 'Contract', url: 'https://example.test/d' }],
              approvals: [{ state: 'pending' }],
            },
          ],
        },
      ],
    };
    await setUp({ data });
    await engine().run({ mode: 'incremental' }, never);
    expectCacheEqualsServer();
    const row = cacheStores(session.db).submissions.get('odd1', 'x1')?.submission as Record<
      string,
      unknown
    >;
    expect(row.documents).toEqual([{ id: 'd1', name: 'Contract', url: 'https://example.test/d' }]);
    expect(row.approvals).toEqual([{ state: 'pending' }]);
  });

  it('resumes a sync cut by dropped connections from the page it reached', async () => {
    await setUp({ submissionsPerForm: 1_200 });
    const stores = cacheStores(session.db);
    stores.forms.replaceListed(await session.api.listForms(), DEFAULT_TUNING.now().toISOString());
    const formId = formIds()[0] ?? '';
    // The first store gets through, then every list request is cut until the faults are cleared.
    const cut = engine((event) => {
      if (event.type === 'sync.progress' && !event.done) {
        server.admin.setFaults([{ kind: 'reset', path: '/forms/*/submissions' }]);
      }
    });
    const [result] = await cut.run({ formId, mode: 'incremental' }, never);
    expect(result?.error?.code).toBe('NETWORK');
    const state = stores.syncState.get(formId, 'finished');
    expect(state.phase).toBe('incremental');
    // The pages of the first store, and perhaps those already on the wire when the cuts began.
    expect(state.nextOffset % 150).toBe(0);
    expect(state.nextOffset).toBeGreaterThan(0);
    expect(stores.submissions.count(formId, 'finished')).toBe(state.nextOffset);

    server.admin.clearFaults();
    server.admin.clearRequests();
    await engine().run({ formId, mode: 'incremental' }, never);
    // Pages asked for together are logged as they are answered, in any order: the resumed pull
    // asked for nothing before the page it had reached.
    const resumed = listRequests().filter((r) => (r.query.status ?? 'finished') === 'finished');
    expect(Math.min(...resumed.map((r) => Number(r.query.offset)))).toBe(state.nextOffset);
    expect(cached(formId)).toEqual(onServer(formId));
  });

  it('answers a cut sync only once the pages it asked for ahead have settled', async () => {
    await setUp({ submissionsPerForm: 1_200 });
    const stores = cacheStores(session.db);
    stores.forms.replaceListed(await session.api.listForms(), DEFAULT_TUNING.now().toISOString());
    const formId = formIds()[0] ?? '';
    // The first page answers, then every list request is cut: the pages asked for ahead are
    // retried with backoff while the pass has already failed.
    server.admin.setFaults([{ kind: 'latency', ms: 0, path: '/forms/*/submissions', times: 1 }]);
    let onTheWire = 0;
    const list = session.api.listSubmissionsJson.bind(session.api);
    session.api.listSubmissionsJson = async (...args) => {
      onTheWire++;
      try {
        return await list(...args);
      } finally {
        onTheWire--;
      }
    };
    const cut = engine((event) => {
      if (event.type === 'sync.progress' && !event.done) {
        server.admin.setFaults([{ kind: 'reset', path: '/forms/*/submissions' }]);
      }
    });
    const [result] = await cut.run({ formId, mode: 'incremental' }, never);

    expect(result?.error?.code).toBe('NETWORK');
    expect(onTheWire).toBe(0);
    const state = stores.syncState.get(formId, 'finished');
    expect(stores.submissions.count(formId, 'finished')).toBe(state.nextOffset);
  });

  it('stops at a page it cannot read with the sentence, keeps the pages before it, and resumes there', async () => {
    await setUp({ submissionsPerForm: 1_200 });
    const stores = cacheStores(session.db);
    stores.forms.replaceListed(await session.api.listForms(), DEFAULT_TUNING.now().toISOString());
    const formId = formIds()[0] ?? '';
    // The page at offset 300 comes back cut in half, once.
    let garbled = false;
    const list = session.api.listSubmissionsJson.bind(session.api);
    session.api.listSubmissionsJson = async (id, params, options) => {
      const json = await list(id, params, options);
      if (params.offset !== 300 || garbled) return json;
      garbled = true;
      return json.subarray(0, json.length / 2);
    };
    const [failed] = await engine().run({ formId, mode: 'incremental' }, never);

    expect(failed?.error).toMatchObject({ code: 'REMOTE', message: UNREADABLE_MESSAGE });
    const state = stores.syncState.get(formId, 'finished');
    expect(state.nextOffset).toBeGreaterThan(0);
    expect(state.nextOffset).toBeLessThanOrEqual(300);
    expect(stores.submissions.count(formId, 'finished')).toBe(state.nextOffset);

    const [resumed] = await engine().run({ formId, mode: 'incremental' }, never);
    expect(resumed?.error).toBeNull();
    expect(cached(formId)).toEqual(onServer(formId));
  });

  it('keeps three pages requested ahead of the one it stores, and asks for none past the listing', async () => {
    await setUp({ submissionsPerForm: 1_200 });
    const stores = cacheStores(session.db);
    stores.forms.replaceListed(await session.api.listForms(), DEFAULT_TUNING.now().toISOString());
    const formId = formIds()[0] ?? '';
    // Pages come back slowly, so the ones asked for ahead are still on the wire together.
    server.admin.setFaults([{ kind: 'latency', ms: 30, path: '/forms/*/submissions' }]);
    let onTheWire = 0;
    let most = 0;
    const list = session.api.listSubmissionsJson.bind(session.api);
    session.api.listSubmissionsJson = async (...args) => {
      most = Math.max(most, ++onTheWire);
      try {
        return await list(...args);
      } finally {
        onTheWire--;
      }
    };
    await engine().run({ formId, mode: 'incremental' }, never);

    expect(most).toBe(3);
    const pages = (status: 'finished' | 'in_progress') =>
      Math.max(1, Math.ceil(stores.submissions.count(formId, status) / 150));
    expect(stores.submissions.count(formId, 'finished')).toBeGreaterThan(4 * 150);
    expect(listRequests()).toHaveLength(pages('finished') + pages('in_progress'));
    expect(cached(formId)).toEqual(onServer(formId));
  });

  /** The rows of each store of the form's finished rows, with the offset each reached. */
  async function finishedWrites(formId: string): Promise<{ rows: number; offset: number }[]> {
    const stores = cacheStores(session.db);
    const stored = pageWriterOn(stores);
    const rowsOf = new Map<number, number>();
    const writes: { rows: number; offset: number }[] = [];
    const writer: PageWriter = {
      ...stored,
      read: async (text) => {
        const page = await stored.read(text);
        rowsOf.set(page.ref, page.ids.length);
        return page;
      },
      incremental: async (page) => {
        const rows = page.pages.reduce((n, ref) => n + (rowsOf.get(ref) ?? 0), 0);
        if (page.status === 'finished') writes.push({ rows, offset: page.offset });
        return stored.incremental(page);
      },
    };
    await engine(undefined, DEFAULT_TUNING, writer).run({ formId, mode: 'incremental' }, never);
    expect(cached(formId)).toEqual(onServer(formId));
    return writes;
  }

  it('stores the first rows at once, then thirty pages or more a write when they arrive together', async () => {
    const perStore = PAGES_PER_STORE * MAX_PAGE_SIZE;
    await setUp({ submissionsPerForm: 3 * perStore });
    const stores = cacheStores(session.db);
    stores.forms.replaceListed(await session.api.listForms(), DEFAULT_TUNING.now().toISOString());
    const formId = formIds()[0] ?? '';

    const writes = await finishedWrites(formId);
    const finished = stores.submissions.count(formId, 'finished');
    expect(finished).toBeGreaterThan(2 * perStore);
    // The first write holds what had arrived with the first page; each after it, every page that
    // arrived while the one before was stored (on a busy machine, more), never fewer than a store
    // waits for while the listing goes on.
    expect(writes[0]!.rows).toBeLessThan(perStore);
    for (const write of writes.slice(1, -1)) expect(write.rows).toBeGreaterThanOrEqual(perStore);
    expect(writes.map((write) => write.offset)).toEqual(
      writes.map((_, i) => writes.slice(0, i + 1).reduce((n, write) => n + write.rows, 0)),
    );
    expect(writes.at(-1)?.offset).toBe(finished);
    expect(writes.length).toBeLessThanOrEqual(1 + Math.ceil(finished / perStore));
  });

  it('stores the first page without waiting for the next, however long that one takes', async () => {
    await setUp({ submissionsPerForm: 700 });
    const stores = cacheStores(session.db);
    stores.forms.replaceListed(await session.api.listForms(), DEFAULT_TUNING.now().toISOString());
    const formId = formIds()[0] ?? '';
    // The pages after the first are requested once it has arrived, and each takes 0.7 s.
    server.admin.setFaults([{ kind: 'latency', ms: 700, path: '/forms/*/submissions' }]);

    const [first] = await finishedWrites(formId);
    expect(first).toEqual({ rows: 150, offset: 150 });
  });

  it('rides out a 429 storm and converges', async () => {
    await setUp();
    server.admin.setFaults([{ kind: 'tooManyRequests', path: '/forms/*/submissions', times: 3 }]);
    const results = await engine().run({ mode: 'incremental' }, never);
    expect(results.every((r) => r.error === null)).toBe(true);
    expect(server.admin.requests().filter((r) => r.status === 429)).toHaveLength(3);
    expectCacheEqualsServer();
  });

  it('stops at the signal and says so', async () => {
    await setUp();
    const controller = new AbortController();
    controller.abort();
    await expect(
      engine().run({ formId: 'cFb7q2LxWm', mode: 'incremental' }, controller.signal),
    ).rejects.toMatchObject({
      code: 'CANCELLED',
    });
  });
});
