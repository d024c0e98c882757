import { setImmediate as flush } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { RateScheduler, schedulerFor } from './rateScheduler';

function track(promise: Promise<void>): { done: boolean; error?: unknown } {
  const state: { done: boolean; error?: unknown } = { done: false };
  promise.then(
    () => (state.done = true),
    (error: unknown) => (state.error = error),
  );
  return state;
}

describe('RateScheduler', () => {
  it('grants no more than the limit inside one window', async () => {
    const scheduler = new RateScheduler({ limit: 3, windowMs: 60_000 });
    const waits = Array.from({ length: 5 }, () => track(scheduler.acquire()));
    await flush();
    expect(waits.filter((w) => w.done)).toHaveLength(3);
    expect(scheduler.queued).toBe(2);
  });

  it('keeps each window longer after a 429, and shorter again after a calm run', async () => {
    const scheduler = new RateScheduler({ limit: 1_000, windowMs: 1_000, marginMs: 10 });
    expect(scheduler.windowMs).toBe(1_010);
    scheduler.widen();
    expect(scheduler.windowMs).toBe(1_020);
    for (let i = 0; i < 10; i++) scheduler.widen();
    expect(scheduler.windowMs).toBe(1_250);
    // Tokens granted with no 429 between them: the link's jitter has settled.
    for (let i = 0; i < 600; i++) await scheduler.acquire();
    expect(scheduler.windowMs).toBe(1_010);
  });

  it('lets a token return one window after it was spent', async () => {
    const scheduler = new RateScheduler({ limit: 2, windowMs: 20, marginMs: 0 });
    const order: number[] = [];
    await Promise.all(
      Array.from({ length: 6 }, (_, i) => scheduler.acquire().then(() => order.push(i))),
    );
    expect(order).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('serves an interactive call before background calls queued ahead of it', async () => {
    const scheduler = new RateScheduler({ limit: 1, windowMs: 10, marginMs: 0 });
    const order: string[] = [];
    const ask = (name: string, priority: 'interactive' | 'background') =>
      scheduler.acquire({ priority }).then(() => order.push(name));
    await Promise.all([
      ask('sync page 1', 'background'),
      ask('sync page 2', 'background'),
      ask('import batch', 'background'),
      ask('open submission', 'interactive'),
    ]);
    expect(order).toEqual(['sync page 1', 'open submission', 'sync page 2', 'import batch']);
  });

  it('keeps a retried call in the place it first had', async () => {
    const scheduler = new RateScheduler({ limit: 1, windowMs: 10, marginMs: 0 });
    const firstPlace = scheduler.place();
    const order: string[] = [];
    await Promise.all([
      scheduler.acquire().then(() => order.push('other 1')),
      scheduler.acquire().then(() => order.push('other 2')),
      scheduler.acquire({ place: firstPlace }).then(() => order.push('retry')),
    ]);
    expect(order).toEqual(['other 1', 'retry', 'other 2']);
  });

  it('cancels a queued call without disturbing the others', async () => {
    const scheduler = new RateScheduler({ limit: 1, windowMs: 10, marginMs: 0 });
    const controller = new AbortController();
    const first = scheduler.acquire();
    const cancelled = track(scheduler.acquire({ signal: controller.signal }));
    const third = scheduler.acquire();
    controller.abort();
    await flush();
    expect(cancelled.error).toMatchObject({ code: 'CANCELLED' });
    await Promise.all([first, third]);
    expect(scheduler.queued).toBe(0);
  });

  it('refuses at once when the signal is already aborted', async () => {
    const scheduler = new RateScheduler();
    await expect(scheduler.acquire({ signal: AbortSignal.abort() })).rejects.toMatchObject({
      code: 'CANCELLED',
    });
  });

  it('holds every call while paused, then lets them through', async () => {
    const scheduler = new RateScheduler({ limit: 5 });
    const pausedUntil = performance.now() + 40;
    scheduler.pauseFor(40);
    const grants = [scheduler.acquire(), scheduler.acquire({ priority: 'interactive' })];
    const waits = grants.map(track);
    await flush();
    expect(waits.filter((w) => w.done)).toHaveLength(0);
    await Promise.all(grants);
    // However late the machine wakes it, no grant comes before the pause's end.
    expect(performance.now()).toBeGreaterThanOrEqual(pausedUntil);
  });
});

describe('schedulerFor', () => {
  it('shares one scheduler per key and server, and a separate one for another key', () => {
    const a = schedulerFor('sk_test_a', 'https://api.example.com');
    expect(schedulerFor('sk_test_a', 'https://api.example.com')).toBe(a);
    expect(schedulerFor('sk_test_b', 'https://api.example.com')).not.toBe(a);
    expect(schedulerFor('sk_test_a', 'https://eu-api.example.com')).not.toBe(a);
  });
});
