import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_PAGE_SIZE } from '../../shared/api/endpoints';
import { SubmissionFilter } from '../../shared/contract/submissions';
import { startLocalApi, type LocalApi } from '../../local-api';
import { cacheStores } from '../cache/cacheStores';
import { type WorkspaceSession } from '../session/context';
import { ConnectionMonitor } from './connection';
import { DEFAULT_TUNING, SyncEngine } from './syncEngine';
import { createTestContext, type TestContext } from '../operations/testing/testContext';

const ROWS = 6_000;

let dir: string;
let server: LocalApi;
let testbed: TestContext;
let session: WorkspaceSession;
let formId: string;

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'formdesk-windows-'));
  server = await startLocalApi({ rateLimit: 0, submissionsPerForm: ROWS, seed: 5 });
  testbed = createTestContext({ baseUrl: server.baseUrl, apiKey: server.apiKey, dataDir: dir });
  session = testbed.open();
  const { forms } = cacheStores(session.db);
  forms.replaceListed(await session.api.listForms(), DEFAULT_TUNING.now().toISOString());
  formId = forms.list()[0]?.formId ?? '';
  await sync();
  server.admin.clearRequests();
});
afterEach(async () => {
  testbed.close();
  await server.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function sync(): Promise<void> {
  const engine = new SyncEngine({
    workspaceId: session.workspace.id,
    api: session.api,
    stores: cacheStores(session.db),
    connection: new ConnectionMonitor(() => {}),
    emit: () => {},
  });
  const [result] = await engine.run({ formId, mode: 'incremental' }, new AbortController().signal);
  expect(result?.error).toBeNull();
}

const ids = (rows: readonly { submissionId: string }[]) => rows.map((r) => r.submissionId);

function cachedIds(): string[] {
  const filter = SubmissionFilter.parse({ formId, status: 'all' });
  return [...cacheStores(session.db).query.all(filter)].map((r) => r.submission.submissionId);
}

function expectCacheEqualsServer(): void {
  const cached = cachedIds();
  const expected = ids(server.admin.submissionsOf(formId, { includePreview: false }));
  expect(cached).toHaveLength(expected.length);
  expect(cached).toEqual(expected);
}

const finishedOnServer = () =>
  server.admin
    .submissionsOf(formId, { includePreview: false })
    .filter((s) => !isInProgress(s.submissionId));
const isInProgress = (submissionId: string) =>
  cacheStores(session.db).submissions.get(formId, submissionId)?.status === 'in_progress';
const listRequests = (status: string) =>
  server.admin
    .requests()
    .filter(
      (r) => r.path === `/forms/${formId}/submissions` && (r.query.status ?? 'finished') === status,
    );

describe('an incremental sync compares counts window by window', () => {
  it('finds a delete among the oldest rows and one in the middle, beside a create, with a few counts instead of a walk', async () => {
    const finished = finishedOnServer();
    const pages = Math.ceil(finished.length / MAX_PAGE_SIZE);
    server.admin.remove(formId, finished[3]?.submissionId ?? '');
    server.admin.remove(formId, finished[Math.floor(finished.length / 2)]?.submissionId ?? '');
    await server.admin.respond(formId, {});

    await sync();
    expectCacheEqualsServer();
    const requests = listRequests('finished');
    // One pull of the new rows; then per changed region a count of its window and of both halves at
    // each level down to a page, and one page listed again.
    const perRegion = 2 + 2 * Math.ceil(Math.log2(pages));
    expect(requests.length - 1).toBeLessThanOrEqual(2 * perRegion);
    expect(requests.length).toBeLessThan(pages);
    // Nothing past a page was listed again: every request after the pull asked for one window.
    expect(requests.slice(1).every((r) => r.query.beforeDate !== undefined)).toBe(true);
  });

  it('finds a delete and a create with an old time that leave the count as it was', async () => {
    const finished = finishedOnServer();
    const oldest = finished[0];
    const middle = finished[Math.floor(finished.length / 2)];
    server.admin.remove(formId, oldest?.submissionId ?? '');
    // A response stored with the time it was given (an upload from an offline kiosk).
    const late = await server.admin.respond(formId, {
      submissionTime: new Date(Date.parse(middle?.submissionTime ?? '') + 1).toISOString(),
    });
    expect(finishedOnServer()).toHaveLength(finished.length);

    await sync();
    expectCacheEqualsServer();
    expect(cachedIds()).toContain(late.submission.submissionId);
  });

  it('keeps in-progress rows true: deleted, finished with their old time, and new ones', async () => {
    const unfinished = server.admin
      .submissionsOf(formId, { includePreview: false })
      .filter((s) => isInProgress(s.submissionId));
    expect(unfinished.length).toBeGreaterThan(4);
    server.admin.remove(formId, unfinished[0]?.submissionId ?? '');
    const done = unfinished[Math.floor(unfinished.length / 2)]?.submissionId ?? '';
    await server.admin.finish(formId, done);
    await server.admin.respond(formId, { status: 'in_progress' });

    await sync();
    expectCacheEqualsServer();
    expect(cacheStores(session.db).submissions.get(formId, done)?.status).toBe('finished');
  });

  it('leaves rows that arrive while it compares to the next pull, and sweeps nothing that exists', async () => {
    const finished = finishedOnServer();
    server.admin.remove(formId, finished[10]?.submissionId ?? '');
    const arrived: string[] = [];
    let arriving = false;
    const list = session.api.listSubmissions.bind(session.api);
    session.api.listSubmissions = async (id, params, options) => {
      // Respondents arrive while the halves of the form are counted: one now, and one with an old
      // time in the later half (in the same window as the delete, it would cancel it out).
      if (
        params.status === 'finished' &&
        params.limit === 1 &&
        params.afterDate !== undefined &&
        !arriving
      ) {
        arriving = true;
        const now = await server.admin.respond(formId, {});
        const old = await server.admin.respond(formId, {
          submissionTime: finished.at(-10)?.submissionTime ?? '',
        });
        arrived.push(now.submission.submissionId, old.submission.submissionId);
      }
      return list(id, params, options);
    };
    await sync();
    const onServer = new Set(ids(server.admin.submissionsOf(formId, { includePreview: false })));
    const cached = new Set(cachedIds());
    // Whatever the cache holds is on the server, and all it lacks arrived during the sync.
    expect([...cached].filter((id) => !onServer.has(id))).toEqual([]);
    expect([...onServer].filter((id) => !cached.has(id)).every((id) => arrived.includes(id))).toBe(
      true,
    );

    await sync();
    expectCacheEqualsServer();
  });
});
