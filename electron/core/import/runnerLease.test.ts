import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startLocalApi, type LocalApi } from '../../local-api';
import { AppError } from '../../shared/errors';
import {
  DEMO_FORM,
  openTestbed,
  peopleCsv,
  type Testbed,
} from '../operations/testing/importTestbed';
import { LEASE_MS, RunnerLease } from './runnerLease';

// Two runners on one journal: two connections to the same workspace file, as two processes on
// one data dir would have. Only one may send a job's batches.

let api: LocalApi;
const beds: Testbed[] = [];

beforeAll(async () => {
  api = await startLocalApi({ rateLimit: 0, submissionsPerForm: 5 });
});
afterAll(async () => {
  await api.close();
});
afterEach(() => {
  for (const bed of beds.splice(0)) bed.close();
  api.admin.clearFaults();
});

function twoRunners(): [Testbed, Testbed] {
  const first = openTestbed({ baseUrl: api.baseUrl, apiKey: api.apiKey, rate: 50 });
  const second = openTestbed({
    baseUrl: api.baseUrl,
    apiKey: api.apiKey,
    rate: 50,
    cacheFile: first.cacheFile,
  });
  beds.push(second, first);
  return [first, second];
}

const namesOnServer = (tag: string) =>
  api.admin
    .submissionsOf(DEMO_FORM)
    .map((s) => s.questions.find((q) => q.id === 'nm01')?.value)
    .filter((name) => typeof name === 'string' && name.startsWith(`Person ${tag}-`));

describe('one runner per import job', () => {
  it('refuses a second runner on the same journal with a sentence, and each row is created once', async () => {
    api.admin.setFaults([
      { kind: 'latency', ms: 100, method: 'POST', path: '/forms/*/submissions' },
    ]);
    const [first, second] = twoRunners();
    first.prepare('shared', peopleCsv(40, 'shared'));
    const running = first.runner.run('shared');

    let refusal: unknown;
    try {
      void second.runner.run('shared');
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal).toMatchObject({
      code: 'CONFLICT',
      message: expect.stringContaining(
        `being run by another Formdesk process (process ${process.pid})`,
      ),
    });
    // Opening the workspace again elsewhere does not take the running job for a crashed one.
    expect(second.journal.markInterrupted()).toEqual([]);

    expect(await running).toBe('done');
    const names = namesOnServer('shared');
    expect(names).toHaveLength(40);
    expect(new Set(names).size).toBe(40);
    // Stopped, it gives the job up: the other runner may take it (nothing is left to send).
    expect(await second.runner.run('shared')).toBe('done');
    expect(namesOnServer('shared')).toHaveLength(40);
  });

  it('lets another runner take over a lease its runner stopped renewing (a crashed process)', () => {
    const [first, second] = twoRunners();
    first.prepare('orphan', peopleCsv(1, 'orphan'));
    new RunnerLease(first.db).take('orphan');
    const later = new RunnerLease(second.db, () => Date.now() + LEASE_MS + 1);
    expect(() => new RunnerLease(second.db).take('orphan')).toThrow(/another Formdesk process/);
    expect(() => later.take('orphan')).not.toThrow();
  });
});
