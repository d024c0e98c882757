import { AppError } from '../../shared/errors';

/** How hard a failed call is tried again: bounded both in attempts and in total time. */
export interface RetryPolicy {
  /** Attempts in all for failures (5xx, network, timeouts), the first one included. */
  maxAttempts: number;
  /** Extra tries allowed for 429s: the server asked us to wait, which is not a failure of ours. */
  maxRateLimitedRetries: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** No new attempt starts after this long since the first one. */
  maxTotalMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = {
  maxAttempts: 5,
  maxRateLimitedRetries: 30,
  baseDelayMs: 250,
  maxDelayMs: 8_000,
  maxTotalMs: 120_000,
};

/**
 * Exponential backoff with full jitter: a random wait in [0, min(max, base·2^n)]. Spreading the
 * waits keeps many clients that failed together from coming back together.
 */
export function backoffDelay(
  failures: number,
  policy: RetryPolicy,
  random: () => number = Math.random,
): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.max(0, failures - 1));
  return Math.floor(random() * ceiling);
}

/** `retry-after` as seconds or an HTTP date → milliseconds from `now`; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null, now: number): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const text = value.trim();
  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000);
  // An HTTP date always names its day and month; this keeps Date.parse from reading "-5" as a year.
  const at = /[a-z]{3}/i.test(text) ? Date.parse(text) : Number.NaN;
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** Resolves after `ms`, or rejects with CANCELLED as soon as `signal` aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(cancelled());
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(cancelled());
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

export function cancelled(outcomeUnknown = false): AppError {
  return new AppError(
    'CANCELLED',
    outcomeUnknown
      ? 'Cancelled while the server was working on it: the change may or may not have been saved.'
      : 'Cancelled.',
    { outcomeUnknown },
  );
}
