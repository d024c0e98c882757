import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FaultRule } from '../shared/api/localApi';
import { type Submission } from '../shared/api/submission';
import { FaultInjector } from './faults';
import { type LocalApi } from './server';
import { call, started } from './testing/testSupport';

const FEEDBACK = 'cFb7q2LxWm';
let api: LocalApi;

beforeAll(async () => {
  api = await started();
});
afterAll(() => api.close());
beforeEach(() => {
  api.admin.clearFaults();
  api.admin.clearRequests();
});

const setFaults = async (faults: FaultRule[]) => {
  const reply = await call(api, 'PUT', '/__local/faults', { body: { faults } });
  expect(reply.status).toBe(200);
};

describe('scripted faults over HTTP', () => {
  it('delays matching requests by the given latency', async () => {
    await setFaults([{ kind: 'latency', ms: 120, path: '/forms' }]);
    expect((await call(api, 'GET', '/forms')).status).toBe(200);
    await call(api, 'GET', `/forms/${FEEDBACK}`);
    const [delayed, direct] = api.admin.requests();
    expect(delayed?.durationMs).toBeGreaterThanOrEqual(115);
    expect(direct?.path).toBe(`/forms/${FEEDBACK}`);
  });

  it('answers 5xx for a limited number of matching requests', async () => {
    await setFaults([
      { kind: 'serverError', status: 502, method: 'GET', path: '/forms', times: 2 },
    ]);
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await call(api, 'GET', '/forms')).status);
    expect(statuses).toEqual([502, 502, 200]);
    expect((await call(api, 'GET', `/forms/${FEEDBACK}`)).status).toBe(200);
  });

  it('answers a 429 storm with the service body and retry-after, then recovers', async () => {
    await setFaults([{ kind: 'tooManyRequests', times: 3 }]);
    const replies = [];
    for (let i = 0; i < 4; i++) replies.push(await call(api, 'GET', '/forms'));
    expect(replies.map((r) => r.status)).toEqual([429, 429, 429, 200]);
    expect(replies[0]?.body).toEqual({
      statusCode: 429,
      error: 'Too Many Requests',
      message: 'Too many requests. Try again soon.',
    });
    expect(replies[0]?.headers.get('retry-after')).toBe('1');
  });

  it('keeps a timed storm up while its time lasts', async () => {
    // A minute, so the call lands inside it however slowly a busy machine gets there; when it ends
    // is checked on a clock the test moves ("ends rules after their count or their time").
    await setFaults([{ kind: 'tooManyRequests', forMs: 60_000 }]);
    expect((await call(api, 'GET', '/forms')).status).toBe(429);
    expect((await call(api, 'GET', `/forms/${FEEDBACK}`)).status).toBe(429);
    expect(api.admin.faults()).toEqual([{ kind: 'tooManyRequests', forMs: 60_000 }]);
  });

  it('drops the connection before answering', async () => {
    await setFaults([{ kind: 'reset', method: 'GET', path: '/forms/*/submissions', times: 1 }]);
    await expect(call(api, 'GET', `/forms/${FEEDBACK}/submissions`)).rejects.toThrow();
    expect((await call(api, 'GET', `/forms/${FEEDBACK}/submissions`)).status).toBe(200);
    expect(api.admin.requests().map((r) => r.status)).toEqual([0, 200]);
  });

  it('commits a create, then drops the connection so the caller never hears', async () => {
    await setFaults([{ kind: 'commitThenReset', times: 1 }]);
    const before = api.admin.submissionsOf(FEEDBACK).length;
    const body = {
      submissions: [
        { questions: [{ id: 'nm01', value: 'Ambiguous one' }] },
        { questions: [{ id: 'nm01', value: 'Ambiguous two' }] },
      ],
    };
    await expect(call(api, 'POST', `/forms/${FEEDBACK}/submissions`, { body })).rejects.toThrow();
    const stored = api.admin.submissionsOf(FEEDBACK);
    expect(stored).toHaveLength(before + 2);
    expect(
      stored.filter((s: Submission) => String(s.questions[0]?.value).startsWith('Ambiguous')),
    ).toHaveLength(2);
    expect(api.admin.requests()).toEqual([
      expect.objectContaining({ method: 'POST', status: 0, created: 2 }),
    ]);
    expect((await call(api, 'POST', `/forms/${FEEDBACK}/submissions`, { body })).status).toBe(200);
  });

  it('is listed, cleared and validated over the admin surface, which faults never touch', async () => {
    await setFaults([{ kind: 'reset' }]);
    expect(
      ((await call(api, 'GET', '/__local/faults')).body as { faults: FaultRule[] }).faults,
    ).toEqual([{ kind: 'reset' }]);
    await expect(call(api, 'GET', '/forms')).rejects.toThrow();
    expect((await call(api, 'DELETE', '/__local/faults')).status).toBe(200);
    expect((await call(api, 'GET', '/forms')).status).toBe(200);
    const bad = await call(api, 'PUT', '/__local/faults', {
      body: { faults: [{ kind: 'meteor' }] },
    });
    expect(bad.status).toBe(400);
  });
});

describe('FaultInjector', () => {
  it('draws latency jitter and rates from its seed: one seed, one run', () => {
    const run = (seed: number) => {
      const faults = new FaultInjector(seed, () => 0);
      faults.set([
        { kind: 'latency', ms: 10, jitterMs: 40 },
        { kind: 'serverError', rate: 0.3 },
      ]);
      return Array.from({ length: 200 }, () => faults.plan('GET', '/forms'));
    };
    const plans = run(7);
    expect(run(7)).toEqual(plans);
    expect(run(8)).not.toEqual(plans);
    const latencies = plans.map((p) => p.latencyMs);
    expect(Math.min(...latencies)).toBeGreaterThanOrEqual(10);
    expect(Math.max(...latencies)).toBeLessThanOrEqual(50);
    expect(new Set(latencies).size).toBeGreaterThan(20);
    const failed = plans.filter((p) => p.failure?.kind === 'serverError').length;
    expect(failed).toBeGreaterThan(30);
    expect(failed).toBeLessThan(90);
  });

  it('draws a long tail of latency averaging tailMs', () => {
    const faults = new FaultInjector(3, () => 0);
    faults.set([{ kind: 'latency', ms: 5, tailMs: 100 }]);
    const latencies = Array.from({ length: 2_000 }, () => faults.plan('GET', '/forms').latencyMs);
    const mean = latencies.reduce((a, b) => a + b, 0) / latencies.length;
    expect(Math.min(...latencies)).toBeGreaterThanOrEqual(5);
    expect(mean).toBeGreaterThan(85);
    expect(mean).toBeLessThan(125);
    // Most requests are quicker than the average, a few take several times as long.
    expect(latencies.filter((l) => l < mean).length).toBeGreaterThan(1_100);
    expect(Math.max(...latencies)).toBeGreaterThan(400);
  });

  it('matches methods and one-segment wildcards, and commits only on creates', () => {
    const faults = new FaultInjector(1, () => 0);
    faults.set([
      { kind: 'reset', method: 'delete', path: '/forms/*/submissions/*' },
      { kind: 'commitThenReset' },
    ]);
    expect(faults.plan('DELETE', '/forms/a/submissions/b').failure).toEqual({ kind: 'reset' });
    expect(faults.plan('DELETE', '/forms/a/submissions').failure).toBeUndefined();
    expect(faults.plan('GET', '/forms/a/submissions/b').failure).toBeUndefined();
    expect(faults.plan('POST', '/forms/a/submissions').failure).toEqual({
      kind: 'commitThenReset',
    });
    expect(faults.plan('POST', '/webhook/create').failure).toEqual({ kind: 'commitThenReset' });
    expect(faults.plan('POST', '/webhook/delete').failure).toBeUndefined();
  });

  it('answers a late commit with its status and commit delay, and lets a look-alike ride along', () => {
    const faults = new FaultInjector(1, () => 0);
    faults.set([
      { kind: 'lookAlike', method: 'GET' },
      { kind: 'lateCommit', commitAfterMs: 3_000 },
    ]);
    expect(faults.plan('POST', '/forms/a/submissions').failure).toEqual({
      kind: 'lateCommit',
      status: 504,
      commitAfterMs: 3_000,
    });
    expect(faults.plan('GET', '/forms/a/submissions')).toEqual({ latencyMs: 0, lookAlike: true });
  });

  it('lets the first matching requests through when told to start after them', () => {
    const faults = new FaultInjector(1, () => 0);
    faults.set([{ kind: 'serverError', path: '/forms', after: 2, times: 1 }]);
    const kinds = () => faults.plan('GET', '/forms').failure?.kind;
    expect(faults.plan('GET', '/forms/a/metadata').failure).toBeUndefined();
    expect([kinds(), kinds(), kinds(), kinds()]).toEqual([
      undefined,
      undefined,
      'serverError',
      undefined,
    ]);
  });

  it('ends rules after their count or their time', () => {
    let now = 0;
    const faults = new FaultInjector(1, () => now);
    faults.set([
      { kind: 'serverError', times: 2 },
      { kind: 'tooManyRequests', forMs: 1_000 },
    ]);
    const kinds = () => faults.plan('GET', '/forms').failure?.kind;
    expect([kinds(), kinds(), kinds()]).toEqual(['serverError', 'serverError', 'tooManyRequests']);
    now = 1_000;
    expect(kinds()).toBeUndefined();
  });
});
