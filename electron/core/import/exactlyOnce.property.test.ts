import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type FaultRule } from '../../shared/api/localApi';
import { startLocalApi } from '../../local-api';
import { DEMO_FORM, openTestbed, peopleCsv } from '../operations/testing/importTestbed';

// Random schedules of the ways a service fails, over one import each: whatever happens, no row is
// on the service twice, no row is counted created that is not the import's own, and every row is
// either created once or named as one to check. Windows are shrunk to fit a test; every late
// commit lands well within its window, as the real window is longer than any create may take:
// the window here leaves room for a loaded machine holding a request up on its way.

const ROWS = 200;
const SCHEDULES = 200;
/** Schedules run side by side: most of a run is waiting. */
const LANES = 8;
const WINDOW_MS = 1_500;
const WRITE_TIMEOUT_MS = 60;

const create = { method: 'POST', path: '/forms/*/submissions' } as const;
const scope = {
  after: fc.option(fc.integer({ min: 1, max: 15 }), { nil: undefined }),
  times: fc.integer({ min: 1, max: 3 }),
  rate: fc.double({ min: 0.2, max: 1, noNaN: true }),
};

/** One fault of the kinds a slow or flaky service shows. */
const fault: fc.Arbitrary<FaultRule> = fc
  .oneof(
    fc.record({
      kind: fc.constant('lateCommit' as const),
      status: fc.constantFrom(502, 503, 504),
      commitAfterMs: fc.integer({ min: 0, max: 150 }),
      ...scope,
    }),
    // Committed after the client stopped waiting for it.
    fc.record({
      kind: fc.constant('latency' as const),
      ms: fc.integer({ min: WRITE_TIMEOUT_MS + 10, max: WRITE_TIMEOUT_MS + 60 }),
      ...scope,
    }),
    fc.record({ kind: fc.constant('commitThenReset' as const), ...scope }),
    fc.record({ kind: fc.constant('reset' as const), ...scope }),
    fc.record({ kind: fc.constant('serverError' as const), ...scope }),
    fc.record({
      kind: fc.constant('tooManyRequests' as const),
      after: scope.after,
      times: fc.constant(1),
    }),
  )
  .map((rule) => ({ ...rule, ...create }));

/** A respondent who submits a lost row's answers while the import looks for it. */
const lookAlike = fc.record({
  kind: fc.constant('lookAlike' as const),
  method: fc.constant('GET'),
  times: fc.integer({ min: 1, max: 3 }),
});

const schedule = fc.record({
  faults: fc.array(fault, { minLength: 1, maxLength: 4 }),
  lookAlikes: fc.option(lookAlike, { nil: undefined }),
  // The cache fails to take one answered batch: the runner stops as after a crash, and resumes.
  crashAtStore: fc.option(fc.integer({ min: 1, max: 15 }), { nil: undefined }),
});

let run = 0;

describe('an import under random schedules of a failing service', () => {
  it(`creates each of ${ROWS} rows once or names it to check, over ${SCHEDULES} schedules`, async () => {
    const lane = (seed: number) =>
      fc.assert(
        fc.asyncProperty(schedule, async ({ faults, lookAlikes, crashAtStore }) => {
          const tag = `p${run++}`;
          // A service of its own: what earlier schedules left there is none of this one's.
          const api = await startLocalApi({ rateLimit: 0, submissionsPerForm: 5 });
          const bed = openTestbed({
            baseUrl: api.baseUrl,
            apiKey: api.apiKey,
            rate: 10_000,
            verifyWindowMs: WINDOW_MS,
            writeTimeoutMs: WRITE_TIMEOUT_MS,
          });
          try {
            const startedAt = Date.now();
            bed.prepare(tag, peopleCsv(ROWS, tag));
            let stores = 0;
            const store = bed.cache.storeCreated.bind(bed.cache);
            bed.cache.storeCreated = (formId, submissions) => {
              if (++stores === crashAtStore) throw new Error('the process stopped');
              store(formId, submissions);
            };
            api.admin.setFaults([...faults, ...(lookAlikes ? [lookAlikes] : [])]);
            let state = await bed.runner.run(tag);
            if (state === 'paused') state = await bed.runner.run(tag);
            api.admin.clearFaults();
            expect(['done', 'doneToCheck']).toContain(state);

            const payloads = new Map(
              bed.db
                .prepare<[string], { row_index: number; payload_json: string }>(
                  `SELECT row_index, payload_json FROM import_rows WHERE job_id = ?`,
                )
                .all(tag)
                .map((r) => [
                  r.row_index,
                  JSON.parse(r.payload_json) as { submissionTime: string },
                ]),
            );
            const onServer = api.admin
              .submissionsOf(DEMO_FORM)
              .filter((s) => Date.parse(s.submissionTime) < startedAt)
              .filter((s) =>
                String(s.questions.find((q) => q.id === 'nm01')?.value).startsWith(
                  `Person ${tag}-`,
                ),
              );
            const copies = new Map<string, number>();
            for (const s of onServer)
              copies.set(s.submissionTime, (copies.get(s.submissionTime) ?? 0) + 1);
            // No row on the service twice.
            expect([...copies.values()].filter((n) => n > 1)).toEqual([]);

            const byId = new Map(
              api.admin.submissionsOf(DEMO_FORM).map((s) => [s.submissionId, s]),
            );
            for (const row of bed.journal.reportRows(tag)) {
              const sent = payloads.get(row.rowIndex)!.submissionTime;
              if (row.status === 'created') {
                // Counted created only as the import's own submission, and there once.
                const held = byId.get(row.submissionId!);
                expect(held?.submissionTime).toBe(new Date(sent).toISOString());
                expect(held?.questions.find((q) => q.id === 'nm01')?.value).toBe(row.cells[0]);
              } else {
                // Every other row is named as one to check.
                expect(row.status).toBe('unconfirmed');
                expect(row.message).toBeTruthy();
              }
            }
          } finally {
            bed.close();
            await api.close();
          }
        }),
        { numRuns: SCHEDULES / LANES, seed },
      );
    await Promise.all(Array.from({ length: LANES }, (_, i) => lane(20261129 + i)));
  }, 900_000);
});
