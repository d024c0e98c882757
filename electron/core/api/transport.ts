import { type ErrorCode, AppError } from '../../shared/errors';
import { errorFromStatus, missingItem, unreadableAnswer } from './errors';
import { type FetchLike, type HttpAnswer, type Timeouts, sendOnce } from './http';
import { type RateScheduler } from './rateScheduler';
import { type RetryPolicy, backoffDelay, parseRetryAfter, sleep } from './retry';
import { type CallOptions, type Priority } from './types';

/** Counts for benchmarks and diagnostics; never given a header, body or key. */
export interface ApiObserver {
  onRequest?(event: { method: string; path: string; attempt: number; priority: Priority }): void;
  onResponse?(event: {
    method: string;
    path: string;
    attempt: number;
    /** Absent when no answer came (network failure, timeout, cancel). */
    status?: number;
    errorCode?: ErrorCode;
    durationMs: number;
  }): void;
}

export interface TransportOptions {
  baseUrl: string;
  apiKey: string;
  fetch: FetchLike;
  scheduler: RateScheduler;
  timeouts: Timeouts;
  retry: RetryPolicy;
  observer?: ApiObserver;
}

export interface CallSpec {
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  query?: URLSearchParams;
  body?: unknown;
  /**
   * Sending it twice does no harm (reads, deletes): it is retried after any retryable failure.
   * Otherwise only after failures that prove the server did not act (a 429, a refused connection).
   */
  resendable: boolean;
  /** False when the answer's body is not used (deletes): a garbled body is then no failure. */
  readsBody?: boolean;
  /** A 2xx answer's body comes back as its bytes, to be parsed where it is used (`HttpRequest`). */
  rawBody?: boolean;
}

/** A 2xx answer, or a 404 to a retry after an attempt that may have acted (`goneAfterRetry`). */
export interface CallAnswer {
  status: number;
  body: unknown;
  goneAfterRetry: boolean;
}

// A retry-after longer than this is not waited out: the call fails RATE_LIMITED instead.
const MAX_PAUSE_MS = 60_000;

export type Transport = (spec: CallSpec, options?: CallOptions) => Promise<CallAnswer>;

/**
 * One call to the service: a token from the key's scheduler per attempt, the exchange, the rate
 * headers fed back to the scheduler, retries within the policy, and statuses mapped to AppError.
 */
export function createTransport(options: TransportOptions): Transport {
  const { scheduler, retry, observer } = options;
  const host = new URL(options.baseUrl).host;
  const headers = (hasBody: boolean): Record<string, string> => ({
    authorization: `Bearer ${options.apiKey}`,
    accept: 'application/json',
    ...(hasBody ? { 'content-type': 'application/json' } : {}),
  });
  const redact = (text: string) =>
    options.apiKey.length >= 4 ? text.split(options.apiKey).join('[key]') : text;

  /** Feeds `retry-after` and `ratelimit-remaining: 0` to the scheduler; returns the pause asked for. */
  const honourRateHeaders = (answer: HttpAnswer): number | undefined => {
    const now = Date.now();
    const retryAfter = parseRetryAfter(answer.headers.get('retry-after'), now);
    if (retryAfter !== undefined && (answer.status === 429 || answer.status === 503)) {
      scheduler.pauseFor(Math.min(retryAfter, MAX_PAUSE_MS));
      return retryAfter;
    }
    // "None remain" after our own last token adds nothing: the window already holds us back, and
    // pausing a whole reset on top would slow every batch. It matters when others share the key.
    if (answer.headers.get('ratelimit-remaining')?.trim() === '0' && !scheduler.spentAll) {
      const reset = Number(answer.headers.get('ratelimit-reset'));
      // Delta seconds per the rate-limit header draft; some servers send an epoch time instead.
      const ms = reset > 1e9 ? reset * 1000 - now : reset * 1000;
      if (Number.isFinite(ms)) scheduler.pauseFor(Math.min(ms, MAX_PAUSE_MS));
    }
    return undefined;
  };

  return async (spec, callOptions = {}) => {
    const { priority = 'interactive', signal } = callOptions;
    const url = `${options.baseUrl}${spec.path}${spec.query && spec.query.size > 0 ? `?${spec.query}` : ''}`;
    const body = spec.body === undefined ? undefined : JSON.stringify(spec.body);
    const isWrite = spec.method !== 'GET';
    const place = scheduler.place();
    const started = Date.now();
    let failures = 0;
    let rateLimited = 0;
    // An earlier attempt may have acted on the server (its answer was lost or was a 5xx).
    let mayHaveActed = false;

    for (let attempt = 1; ; attempt++) {
      await scheduler.acquire({ priority, signal, place });
      observer?.onRequest?.({ method: spec.method, path: spec.path, attempt, priority });
      const sentAt = Date.now();
      let error: AppError;
      let pauseMs: number | undefined;
      try {
        const answer = await sendOnce(
          options.fetch,
          {
            method: spec.method,
            url,
            headers: headers(body !== undefined),
            body,
            signal,
            isWrite,
            host,
            rawBody: spec.rawBody,
          },
          options.timeouts,
        );
        observer?.onResponse?.({
          method: spec.method,
          path: spec.path,
          attempt,
          status: answer.status,
          durationMs: Date.now() - sentAt,
        });
        pauseMs = honourRateHeaders(answer);
        const verdict = judge(answer, spec, mayHaveActed, redact);
        if ('done' in verdict) return verdict.done;
        error = verdict.error;
      } catch (thrown) {
        if (!(thrown instanceof AppError)) throw thrown;
        error = thrown;
        observer?.onResponse?.({
          method: spec.method,
          path: spec.path,
          attempt,
          errorCode: error.code,
          durationMs: Date.now() - sentAt,
        });
      }
      mayHaveActed ||= error.outcomeUnknown;

      const giveUp = () =>
        mayHaveActed && !error.outcomeUnknown ? withUnknownOutcome(error) : error;
      if (error.code === 'CANCELLED' || !error.retryable) throw giveUp();
      if (!spec.resendable && error.outcomeUnknown) throw error;
      const elapsed = Date.now() - started;
      if (error.code === 'RATE_LIMITED') {
        scheduler.widen();
        const wait = pauseMs ?? 1000;
        if (
          ++rateLimited > retry.maxRateLimitedRetries ||
          wait > MAX_PAUSE_MS ||
          elapsed + wait > retry.maxTotalMs
        ) {
          throw giveUp();
        }
        // No retry-after: hold the bucket for one window of the service's limit.
        if (pauseMs === undefined) scheduler.pauseFor(wait);
        continue;
      }
      if (++failures >= retry.maxAttempts) throw giveUp();
      const delay = backoffDelay(failures, retry);
      if (elapsed + delay > retry.maxTotalMs) throw giveUp();
      await sleep(delay, signal);
    }
  };
}

/** What one answer means: the call is done, or it failed with an error to retry or throw. */
function judge(
  answer: HttpAnswer,
  spec: CallSpec,
  mayHaveActed: boolean,
  redact: (text: string) => string,
): { done: CallAnswer } | { error: AppError } {
  const isWrite = spec.method !== 'GET';
  const { status } = answer;
  if (status >= 200 && status < 300) {
    if (!answer.bodyProblem || spec.readsBody === false)
      return { done: { status, body: answer.body, goneAfterRetry: false } };
    // The server acted; only what it answered is lost (a cut body may come whole next time).
    return {
      error: new AppError('REMOTE', unreadableAnswer(status).message, {
        retryable: answer.bodyProblem === 'cut',
        outcomeUnknown: isWrite,
        details: { status },
      }),
    };
  }
  // Gone after a retry only when the service itself says so: a proxy's 404 page proves nothing.
  if (status === 404 && mayHaveActed && spec.resendable && missingItem(answer.body)) {
    return { done: { status, body: answer.body, goneAfterRetry: true } };
  }
  const error = errorFromStatus(status, answer.body, redact, answer.headers.get('location'));
  // A 5xx to a write may come after the server committed it.
  return { error: status >= 500 && isWrite ? withUnknownOutcome(error) : error };
}

function withUnknownOutcome(error: AppError): AppError {
  return new AppError(error.code, `${error.message} The change may or may not have been saved.`, {
    retryable: error.retryable,
    outcomeUnknown: true,
    details: error.details,
  });
}
