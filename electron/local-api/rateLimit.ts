/**
 * The service's limit: a token bucket per API key (`limit` requests per second, bursts up to
 * `limit`), with the IETF `ratelimit-*` headers on every response it counts.
 */
export class RateLimiter {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(
    private readonly limit: number,
    private readonly now: () => number = () => performance.now(),
  ) {}

  get enabled(): boolean {
    return this.limit > 0;
  }

  /** Takes one token for `key`; the headers to send either way. */
  take(key: string): { allowed: boolean; headers: Record<string, string> } {
    if (!this.enabled) return { allowed: true, headers: {} };
    const now = this.now();
    const bucket = this.buckets.get(key) ?? { tokens: this.limit, at: now };
    bucket.tokens = Math.min(this.limit, bucket.tokens + ((now - bucket.at) / 1000) * this.limit);
    bucket.at = now;
    const allowed = bucket.tokens >= 1;
    if (allowed) bucket.tokens -= 1;
    this.buckets.set(key, bucket);
    return { allowed, headers: this.headers(Math.floor(bucket.tokens)) };
  }

  /** Headers of a 429 sent without consuming a token (a scripted storm). */
  exhaustedHeaders(): Record<string, string> {
    return this.enabled ? this.headers(0) : {};
  }

  private headers(remaining: number): Record<string, string> {
    return {
      'ratelimit-limit': String(this.limit),
      'ratelimit-policy': `${this.limit};w=1`,
      'ratelimit-remaining': String(remaining),
      // The window is one second: a full bucket is never further away than that.
      'ratelimit-reset': '1',
    };
  }
}
