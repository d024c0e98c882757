import { describe, expect, it } from 'vitest';
import { DEFAULT_RETRY, backoffDelay, parseRetryAfter, sleep } from './retry';

describe('backoffDelay', () => {
  const policy = { ...DEFAULT_RETRY, baseDelayMs: 100, maxDelayMs: 1000 };

  it('draws a full-jitter wait under a ceiling that doubles per failure', () => {
    const highest = (failures: number) => backoffDelay(failures, policy, () => 0.9999);
    expect([1, 2, 3, 4, 5].map(highest)).toEqual([99, 199, 399, 799, 999]);
    expect(backoffDelay(3, policy, () => 0)).toBe(0);
  });

  it('never exceeds the cap however many failures', () => {
    expect(backoffDelay(60, policy, () => 0.9999)).toBeLessThan(1000);
  });
});

describe('parseRetryAfter', () => {
  const now = Date.UTC(2024, 4, 1, 12, 0, 0);

  it('reads seconds', () => {
    expect(parseRetryAfter('1', now)).toBe(1000);
    expect(parseRetryAfter(' 0 ', now)).toBe(0);
    expect(parseRetryAfter('2.5', now)).toBe(2500);
  });

  it('reads an HTTP date, and a past date as no wait', () => {
    expect(parseRetryAfter('Wed, 01 May 2024 12:00:03 GMT', now)).toBe(3000);
    expect(parseRetryAfter('Wed, 01 May 2024 11:59:00 GMT', now)).toBe(0);
  });

  it('ignores what it cannot read', () => {
    expect(parseRetryAfter(null, now)).toBeUndefined();
    expect(parseRetryAfter('', now)).toBeUndefined();
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter('-5', now)).toBeUndefined();
  });
});

describe('sleep', () => {
  it('rejects with CANCELLED when its signal aborts', async () => {
    const controller = new AbortController();
    const waiting = sleep(60_000, controller.signal);
    controller.abort();
    await expect(waiting).rejects.toMatchObject({ code: 'CANCELLED' });
  });
});
