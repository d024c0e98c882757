import { afterEach, describe, expect, it } from 'vitest';
import { createApiClient } from './client';
import { RateScheduler } from './rateScheduler';
import {
  type ScriptedServer,
  json,
  serviceError,
  startScriptedServer,
} from './testing/scriptedServer';

describe('the client under a 429 storm', () => {
  let server: ScriptedServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('finishes every call, and sends nothing while a 429 asks it to wait', async () => {
    // A storm of a number of answers, not of a time: a busy machine cannot slip past it.
    let stormLeft = 8;
    server = await startScriptedServer((_req, res) => {
      if (stormLeft-- > 0)
        serviceError(res, 429, 'Too many requests. Try again soon.', { 'retry-after': '1' });
      else json(res, 200, { responses: [], totalResponses: 0, pageCount: 0 });
    });
    // What the client did, in order, on the clock its rate scheduler reads.
    const seen: { sent?: number; limited?: number }[] = [];
    const api = createApiClient({
      baseUrl: server.baseUrl,
      apiKey: 'sk_test_storm',
      scheduler: new RateScheduler({ limit: 5 }),
      observer: {
        onRequest: () => seen.push({ sent: performance.now() }),
        onResponse: (e) => e.status === 429 && seen.push({ limited: performance.now() }),
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
    expect(seen.filter((e) => e.limited !== undefined)).toHaveLength(8);
    expect(server.requests).toHaveLength(16 + 8);
    // Every request sent after a 429 came in waited out its retry-after (a second). How many
    // go out in any one window is the scheduler's own test; here a late wake-up only delays.
    seen.forEach((event, at) => {
      if (event.limited === undefined) return;
      for (const later of seen.slice(at + 1)) {
        if (later.sent !== undefined)
          expect(later.sent - event.limited).toBeGreaterThanOrEqual(1000);
      }
    });
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
