import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Submission } from '../shared/api/submission';
import { type LocalApi } from './server';
import { call, started } from './testing/testSupport';

const EVENTS = 'evR3gN8tYu';
const MILLION = 1_000_000;
type Page = { responses: Submission[]; totalResponses: number; pageCount: number };

let api: LocalApi;
const list = async (query: string) =>
  (await call(api, 'GET', `/forms/${EVENTS}/submissions?${query}`)).body as Page;

beforeAll(async () => {
  const startedAt = performance.now();
  api = await started({ submissionsPerForm: MILLION });
  const seconds = (performance.now() - startedAt) / 1000;
  // Reported, not asserted: the machine running the tests may be busy.
  console.info(
    `local API: 3 forms x ${MILLION.toLocaleString('en')} submissions ready in ${seconds.toFixed(2)} s (${Math.round((3 * MILLION) / seconds).toLocaleString('en')} rows/s)`,
  );
});
afterAll(() => api.close());

describe('a million submissions per form', () => {
  it('counts every generated row across statuses and previews', async () => {
    const finished = await list('limit=150&includePreview=true');
    const unfinished = await list('limit=150&status=in_progress&includePreview=true');
    expect(finished.totalResponses + unfinished.totalResponses).toBe(MILLION);
    expect(finished.pageCount).toBe(Math.ceil(finished.totalResponses / 150));
  });

  it('pages to the very end and reads deep rows by id', async () => {
    const { totalResponses } = await list('limit=1');
    const last = await list(`limit=150&offset=${totalResponses - 10}`);
    expect(last.responses).toHaveLength(10);
    const newest = await list('limit=1&sort=desc');
    expect(newest.responses[0]).toEqual(last.responses.at(-1));
    const middle = await list(`limit=3&offset=${Math.floor(totalResponses / 2)}`);
    for (const submission of middle.responses) {
      expect(
        (await call(api, 'GET', `/forms/${EVENTS}/submissions/${submission.submissionId}`)).body,
      ).toEqual({ submission });
    }
  });

  it('deletes a row in the middle and closes the gap', async () => {
    const offset = 500_000;
    const [victim, next] = (await list(`limit=2&offset=${offset}`)).responses;
    const before = (await list('limit=1')).totalResponses;
    expect(
      (await call(api, 'DELETE', `/forms/${EVENTS}/submissions/${victim?.submissionId}`)).status,
    ).toBe(200);
    const after = await list(`limit=1&offset=${offset}`);
    expect(after.totalResponses).toBe(before - 1);
    expect(after.responses[0]).toEqual(next);
  });

  it('filters a date window by binary search, whatever the size', async () => {
    const window = await list(
      'afterDate=2026-06-01T00:00:00.000Z&beforeDate=2026-06-02T00:00:00.000Z&limit=150',
    );
    expect(window.totalResponses).toBeGreaterThan(3_000);
    expect(window.responses.every((s) => s.submissionTime.startsWith('2026-06-01'))).toBe(true);
  });
});

describe('search at scale', () => {
  it('finds text in 50,000 rows, answering other requests meanwhile, then pages the cached matches', async () => {
    const large = await started({ submissionsPerForm: 50_000 });
    const search = (offset: number) =>
      call(large, 'GET', `/forms/${EVENTS}/submissions?search=OKAFOR&limit=150&offset=${offset}`);
    try {
      large.admin.clearRequests();
      const startedAt = performance.now();
      let searching = true;
      const answered = search(0).then((reply) => {
        searching = false;
        console.info(
          `local API: search over 50,000 submissions in ${((performance.now() - startedAt) / 1000).toFixed(2)} s`,
        );
        return reply.body as Page;
      });
      // Other calls go on for as long as the search runs (it ends, so the loop does).
      while (searching) await call(large, 'GET', '/forms');
      const first = await answered;
      // The log is in the order answers went out: some call that came in after the search did
      // was answered before it, which a search holding the server to itself would not allow.
      const log = large.admin.requests();
      const searchAt = log.findIndex((r) => r.query.search === 'OKAFOR');
      expect(
        log.slice(0, searchAt).some((r) => r.path === '/forms' && r.time > log[searchAt]!.time),
      ).toBe(true);

      expect(first.totalResponses).toBeGreaterThan(500);
      expect(first.responses.every((s) => JSON.stringify(s).toLowerCase().includes('okafor'))).toBe(
        true,
      );
      const second = (await search(150)).body as Page;
      expect(second.totalResponses).toBe(first.totalResponses);
      expect(
        String(second.responses[0]?.submissionTime) >
          String(first.responses.at(-1)?.submissionTime),
      ).toBe(true);
    } finally {
      await large.close();
    }
  });
});
