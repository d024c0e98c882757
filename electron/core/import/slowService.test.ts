import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FaultRule } from '../../shared/api/localApi';
import { startLocalApi, type LocalApi } from '../../local-api';
import { ActivityLog } from '../cache/activityLog';
import {
  DEMO_FORM,
  openTestbed,
  peopleCsv,
  type Testbed,
} from '../operations/testing/importTestbed';

// A service that fails slowly: a gateway that answers 5xx while the service behind it commits
// later, a create that commits after the client gave up, a create lost on the way while a
// respondent submits the same answers. Windows are shrunk to fit a test; their order is real.

let api: LocalApi;
let bed: Testbed;
let startedAt: number;

beforeAll(async () => {
  api = await startLocalApi({ rateLimit: 0, submissionsPerForm: 5 });
});
afterAll(async () => {
  await api.close();
});
beforeEach(() => {
  api.admin.clearFaults();
  startedAt = Date.now();
});
afterEach(() => {
  bed.close();
});

function open(options: { verifyWindowMs: number; writeTimeoutMs?: number }) {
  bed = openTestbed({ baseUrl: api.baseUrl, apiKey: api.apiKey, rate: 50, ...options });
}

async function importWith(tag: string, rows: number, faults: FaultRule[]) {
  bed.prepare(tag, peopleCsv(rows, tag));
  api.admin.setFaults(faults);
  const state = await bed.runner.run(tag);
  api.admin.clearFaults();
  return state;
}

/** The service's submissions named for the tag: the import's (times before it began) and others. */
function onServer(tag: string) {
  const named = api.admin
    .submissionsOf(DEMO_FORM)
    .filter((s) =>
      String(s.questions.find((q) => q.id === 'nm01')?.value ?? '').startsWith(`Person ${tag}-`),
    );
  const imported = named.filter((s) => Date.parse(s.submissionTime) < startedAt);
  const counts = new Map<string, number>();
  for (const s of imported) {
    const name = String(s.questions.find((q) => q.id === 'nm01')?.value);
    counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  return { counts, imported, respondents: named.filter((s) => !imported.includes(s)) };
}

describe('an import against a service that fails slowly', () => {
  it('creates each row once when a gateway answers 504 and the service commits seconds later', async () => {
    open({ verifyWindowMs: 1_500 });
    const state = await importWith('late', 5, [
      { kind: 'lateCommit', method: 'POST', status: 504, commitAfterMs: 600, times: 1 },
    ]);
    expect(state).toBe('done');
    const { counts } = onServer('late');
    expect(counts.size).toBe(5);
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
    expect(bed.journal.summary('late')).toMatchObject({ created: 5, unconfirmed: 0 });
  });

  it('creates each row once when a create commits after the client stopped waiting', async () => {
    open({ verifyWindowMs: 1_500, writeTimeoutMs: 200 });
    const state = await importWith('slow', 12, [
      { kind: 'latency', ms: 700, method: 'POST', times: 1 },
    ]);
    expect(state).toBe('done');
    const { counts } = onServer('slow');
    expect(counts.size).toBe(12);
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
  });

  it("never takes a respondent's look-alike for a lost row where the service is known to keep times", async () => {
    open({ verifyWindowMs: 300 });
    // An earlier import taught the workspace that the service keeps the times sent.
    expect(await importWith('taught', 2, [])).toBe('done');
    const state = await importWith('alike', 3, [
      { kind: 'reset', method: 'POST', times: 1 },
      { kind: 'lookAlike', method: 'GET', times: 1 },
    ]);
    expect(state).toBe('done');
    const { counts, respondents } = onServer('alike');
    expect(respondents).toHaveLength(1);
    expect([...counts.values()]).toEqual([1, 1, 1]);
    const linked = bed.journal.reportRows('alike').map((r) => r.submissionId);
    expect(linked).not.toContain(respondents[0]!.submissionId);
  });

  it('names a row unconfirmed, never created, when a look-alike arrives and nothing tells them apart', async () => {
    open({ verifyWindowMs: 300 });
    const state = await importWith('unsure', 1, [
      { kind: 'reset', method: 'POST', times: 1 },
      { kind: 'lookAlike', method: 'GET', times: 1 },
    ]);
    expect(state).toBe('doneToCheck');
    expect(bed.journal.summary('unsure')).toMatchObject({ created: 0, unconfirmed: 1 });
    const [row] = bed.journal.reportRows('unsure');
    expect(row).toMatchObject({ status: 'unconfirmed', submissionId: null });
    expect(row!.message).toMatch(/same answers/);
    expect(onServer('unsure').imported).toHaveLength(0);
    const [entry] = new ActivityLog(bed.db).list({ kinds: ['import.unconfirmed'] }, 10);
    expect(entry?.summary).toMatch(/unsure\.csv: 1 row could not be confirmed on the service/);
  });

  it('sends a row the service never got again once no submission since has its answers', async () => {
    open({ verifyWindowMs: 300 });
    const state = await importWith('lost', 4, [{ kind: 'reset', method: 'POST', times: 1 }]);
    expect(state).toBe('done');
    expect([...onServer('lost').counts.values()]).toEqual([1, 1, 1, 1]);
  });

  it('lets the person send an unconfirmed row again or leave it', async () => {
    open({ verifyWindowMs: 300 });
    expect(
      await importWith('decide', 1, [
        { kind: 'reset', method: 'POST', times: 1 },
        { kind: 'lookAlike', method: 'GET', times: 1 },
      ]),
    ).toBe('doneToCheck');
    const [first] = bed.journal.unconfirmedRows('decide');
    expect(bed.journal.decideUnconfirmed('decide', [first!], 'send')).toBe(1);
    expect(await bed.runner.run('decide')).toBe('done');
    expect(onServer('decide').counts.get('Person decide-0')).toBe(1);
    expect(bed.journal.summary('decide')).toMatchObject({ created: 1, unconfirmed: 0 });
  });
});
