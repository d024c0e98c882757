import { describe, expect, it } from 'vitest';
import { RateLimiter } from './rateLimit';

describe('RateLimiter', () => {
  it('allows a burst of the limit, then refills one token per 1/limit seconds', () => {
    let now = 0;
    const limiter = new RateLimiter(5, () => now);
    const burst = Array.from({ length: 6 }, () => limiter.take('k'));
    expect(burst.map((t) => t.allowed)).toEqual([true, true, true, true, true, false]);
    expect(burst.map((t) => t.headers['ratelimit-remaining'])).toEqual([
      '4',
      '3',
      '2',
      '1',
      '0',
      '0',
    ]);
    now = 199;
    expect(limiter.take('k').allowed).toBe(false);
    now = 401;
    expect(limiter.take('k').allowed).toBe(true);
    now = 10_000;
    expect(limiter.take('k').headers['ratelimit-remaining']).toBe('4');
  });

  it('keeps one bucket per key', () => {
    const limiter = new RateLimiter(1, () => 0);
    expect(limiter.take('a').allowed).toBe(true);
    expect(limiter.take('a').allowed).toBe(false);
    expect(limiter.take('b').allowed).toBe(true);
  });

  it('allows everything and sends no headers when off', () => {
    const limiter = new RateLimiter(0, () => 0);
    const takes = Array.from({ length: 100 }, () => limiter.take('k'));
    expect(takes.every((t) => t.allowed && Object.keys(t.headers).length === 0)).toBe(true);
  });
});
