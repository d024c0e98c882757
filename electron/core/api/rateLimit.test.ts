import { afterEach, describe, expect, it } from 'vitest';
import { createApiClient } from './client';
import { RateScheduler } from './rateScheduler';
import {
  type ScriptedServer,
  json,
  serviceError,
  startScriptedServer,
} from './testing/scriptedServer';

/** The most arrivals inside any window of `windowMs` (both ends inclusive: the strictest count). */
function mostInAnyWindow(times: readonly number[], windowMs: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  let most = 0;
  for (let start = 0, end = 0; end < sorted.length; end++) {
    while ((sorted[end] ?? 0) - (sorted[start] ?? 0) > windowMs) start++;
    most = Math.max(most, end - start + 1);
  }
  return most;
}

describe('mostInAnyWindow', () => {
  it('counts the busiest window', () => {
    expect(mostInAnyWindow([], 1000)).toBe(0);
    expect(mostInAnyWindow([0, 999, 1000, 1001, 2500], 1000)).toBe(3);
    expect(mostInAnyWindow([0, 200, 400, 600, 800, 1001], 1000)).toBe(5);
  });
});

describe('the client under a 429 storm', () => {
  let server: ScriptedServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('finishes every call and never sends more than the limit in any second', async () => {
    // A storm of a number of answers, not of a time: a busy machine cannot slip past it.
    let stormLeft = 8;
    server = await startScriptedServer((_req, res) => {
      if (stormLeft-- > 0)
        serviceError(res, 429, 'Too many requests. Try again soon.', { 'retry-after': '1' });
      else json(res, 200, { responses: [], totalResponses: 0, pageCount: 0 });
    });
    let limited = 0;
    const sentAt: number[] = [];
    const api = createApiClient({
      baseUrl: server.baseUrl,
      apiKey: 'sk_test_storm',
      scheduler: new RateScheduler({ limit: 5 }),
      observer: {
        onRequest: () => sentAt.push(Date.now()),
        onResponse: (e) => (limited += e.status === 429 ? 1 : 0),
      },
    });
    const calls = Array.from({ length: 16 }, (_, i) =>
      api.listSubmissions(
        `form${i}`,
        { offset: 0 },
        { priority: i % 4 === 0 ? 'interactive' : 'background' },
      ),
    );
    const results = await Promise.allSettled(calls);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(16);
    expect(limited).toBe(8);
    expect(server.requests).toHaveLength(16 + 8);
    // Counted as sent: on a busy machine, calls sent a second apart may arrive closer together.
    expect(mostInAnyWindow(sentAt, 1000)).toBeLessThanOrEqual(5);
  });
});

describe('priority over the wire', () => {
  let server: ScriptedServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('sends an interactive call ahead of background calls already waiting', async () => {
    server = await startScriptedServer((_req, res) =>
      json(res, 200, { responses: [], totalResponses: 0, pageCount: 0 }),
    );
    const sent: string[] = [];
    const api = createApiClient({
      baseUrl: server.baseUrl,
      apiKey: 'sk_test_priority',
      scheduler: new RateScheduler({ limit: 1, windowMs: 20, marginMs: 0 }),
      observer: { onRequest: (e) => sent.push(e.path.split('/')[2]!) },
    });
    const background = [1, 2, 3].map((n) =>
      api.listSubmissions(`sync${n}`, {}, { priority: 'background' }),
    );
    const interactive = api.listSubmissions('opened', {}, { priority: 'interactive' });
    await Promise.all([...background, interactive]);
    // In the order sent; requests sent 20 ms apart may reach a busy server in another order.
    expect(sent).toEqual(['sync1', 'opened', 'sync2', 'sync3']);
    expect(server.requests).toHaveLength(4);
  });
});
