import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ListSubmissionsParams } from '../../shared/api/endpoints';
import { SubmissionFilter } from '../../shared/contract/submissions';
import { startLocalApi, type LocalApi } from '../../local-api';
import { cacheStores } from '../cache/cacheStores';
import { type WorkspaceSession } from '../session/context';
import { ConnectionMonitor } from './connection';
import { SyncEngine } from './syncEngine';
import { createTestContext, type TestContext } from '../operations/testing/testContext';

let dir: string;
let server: LocalApi;
let testbed: TestContext;
let session: WorkspaceSession;
let engine: SyncEngine;
let formIds: string[];
/** Text to search for, cut from real answers, so searches find something. */
let needles: string[];
let timeRange: [number, number];

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'formdesk-diff-'));
  server = await startLocalApi({ rateLimit: 0, submissionsPerForm: 400, seed: 11 });
  testbed = createTestContext({ baseUrl: server.baseUrl, apiKey: server.apiKey, dataDir: dir });
  session = testbed.open();
  engine = new SyncEngine({
    workspaceId: 'w',
    api: session.api,
    stores: cacheStores(session.db),
    connection: new ConnectionMonitor(() => {}),
    emit: () => {},
  });
  // Previews are compared too: every form keeps them.
  const { forms } = cacheStores(session.db);
  forms.replaceListed(await session.api.listForms(), new Date().toISOString());
  for (const form of forms.list()) forms.keepPreviews(form.formId);
  await engine.run({ mode: 'full' }, new AbortController().signal);
  formIds = cacheStores(session.db)
    .forms.list()
    .map((f) => f.formId);
  const all = formIds.flatMap((id) => server.admin.submissionsOf(id));
  needles = all.slice(0, 40).flatMap((s) =>
    s.questions
      .map((q) => q.value)
      .filter((v): v is string => typeof v === 'string' && v.length >= 2)
      .map((v) => v.slice(1, 1 + Math.min(v.length - 1, 2 + (v.length % 5)))),
  );
  const times = all.map((s) => Date.parse(s.submissionTime));
  timeRange = [Math.min(...times), Math.max(...times)];
});

afterAll(async () => {
  testbed.close();
  await server.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('the cache answers like the server', () => {
  it('returns the same ids in the same order as the list endpoint for any parameters', async () => {
    const params = fc.record(
      {
        formIndex: fc.nat(),
        status: fc.constantFrom('finished', 'in_progress'),
        includePreview: fc.boolean(),
        after: fc.option(fc.double({ min: 0, max: 1, noNaN: true }), { nil: undefined }),
        before: fc.option(fc.double({ min: 0, max: 1, noNaN: true }), { nil: undefined }),
        search: fc.option(
          fc.oneof(
            fc.nat().map((i) => needles[i % needles.length] ?? 'a'),
            fc.stringMatching(/^[a-z0-9@. ]{1,4}$/),
          ),
          {
            nil: undefined,
          },
        ),
        sort: fc.constantFrom('asc', 'desc'),
        offset: fc.nat({ max: 450 }),
        limit: fc.integer({ min: 1, max: 150 }),
      },
      { requiredKeys: ['formIndex', 'status', 'includePreview', 'sort', 'offset', 'limit'] },
    );
    await fc.assert(
      fc.asyncProperty(params, async (p) => {
        const formId = formIds[p.formIndex % formIds.length] ?? '';
        const at = (share: number) =>
          new Date(timeRange[0] + Math.round(share * (timeRange[1] - timeRange[0]))).toISOString();
        const afterDate = p.after === undefined ? undefined : at(p.after);
        const beforeDate = p.before === undefined ? undefined : at(p.before);
        if (afterDate && beforeDate && afterDate > beforeDate) return;
        const wire: ListSubmissionsParams = {
          status: p.status,
          includePreview: p.includePreview,
          sort: p.sort,
          offset: p.offset,
          limit: p.limit,
          ...(afterDate ? { afterDate } : {}),
          ...(beforeDate ? { beforeDate } : {}),
          ...(p.search ? { search: p.search } : {}),
        };
        const listed = await session.api.listSubmissions(formId, wire);
        const { offset: _offset, limit: _limit, ...filterParams } = wire;
        const filter = SubmissionFilter.parse({ formId, ...filterParams });
        const local = cacheStores(session.db).query.window(filter, p.offset, p.limit);
        expect(local.rows.map((r) => r.submissionId)).toEqual(
          listed.responses.map((s) => s.submissionId),
        );
        expect(local.total).toBe(listed.totalResponses);
      }),
      { numRuns: 150 },
    );
  });

  it('stays equal to the server after every incremental sync, whatever was deleted or created before it', async () => {
    const share = fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true });
    const change = fc.oneof(
      fc.record({ kind: fc.constant('delete' as const), share }),
      fc.record({
        kind: fc.constant('respond' as const),
        status: fc.constantFrom('finished' as const, 'in_progress' as const),
      }),
      fc.record({ kind: fc.constant('finish' as const), share }),
    );
    const pick = <T>(rows: readonly T[], at: number): T | undefined =>
      rows[Math.floor(at * rows.length)];
    await fc.assert(
      fc.asyncProperty(
        fc.nat(),
        fc.array(change, { minLength: 1, maxLength: 6 }),
        async (formIndex, changes) => {
          const formId = formIds[formIndex % formIds.length] ?? '';
          // The cache, equal to the server before the changes, tells which rows are in progress.
          const finishedNow = new Set<string>();
          for (const c of changes) {
            const live = server.admin.submissionsOf(formId, { includePreview: false });
            if (c.kind === 'delete') {
              const row = pick(live, c.share);
              if (row) server.admin.remove(formId, row.submissionId);
            } else if (c.kind === 'respond') {
              await server.admin.respond(formId, { status: c.status });
            } else {
              // Finished with the time it was started: an old row appears in the finished listing.
              const unfinished = live.filter(
                (s) =>
                  !finishedNow.has(s.submissionId) &&
                  cacheStores(session.db).submissions.get(formId, s.submissionId)?.status ===
                    'in_progress',
              );
              const row = pick(unfinished, c.share);
              if (row) {
                await server.admin.finish(formId, row.submissionId);
                finishedNow.add(row.submissionId);
              }
            }
          }
          const [result] = await engine.run(
            { formId, mode: 'incremental' },
            new AbortController().signal,
          );
          expect(result?.error).toBeNull();
          const filter = SubmissionFilter.parse({ formId, status: 'all', includePreview: true });
          const cached = [...cacheStores(session.db).query.all(filter)].map((r) => r.submission);
          expect(cached).toEqual(server.admin.submissionsOf(formId, { includePreview: true }));
        },
      ),
      { numRuns: 20 },
    );
    // Twenty syncs, each with its counts and the windows it lists again.
  }, 120_000);
});
