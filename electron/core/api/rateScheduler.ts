import { createHash } from 'node:crypto';
import { cancelled } from './retry';
import { type Priority } from './types';

export interface RateSchedulerOptions {
  /** Requests allowed in any window: the service allows 5 per second per key. */
  limit?: number;
  windowMs?: number;
  /**
   * Added to the window at first: requests that leave a whole window apart can arrive a little
   * closer after network jitter, and the server counts arrivals. Each 429 widens it (`widen`), up
   * to `maxMarginMs`, and a long run without one narrows it back.
   */
  marginMs?: number;
  maxMarginMs?: number;
}

/** Tokens granted without a 429 after which the margin halves back towards its first size. */
const CALM_TOKENS = 100;

interface Waiter {
  priority: Priority;
  place: number;
  resolve: () => void;
  reject: (error: unknown) => void;
  signal: AbortSignal | undefined;
  onAbort: (() => void) | undefined;
}

export interface AcquireOptions {
  priority?: Priority;
  signal?: AbortSignal;
  /** From `place()`: a retried call keeps the place in line it had when first asked. */
  place?: number;
}

/**
 * The token bucket every request to one API key goes through. Each token returns to the bucket
 * one window after it was spent (a sliding window), so no window of the server's ever sees more
 * than `limit` requests, bursts included. Interactive calls are served before queued background
 * ones; within a priority, first come first served. `pauseFor` (a 429's `retry-after`, or
 * `ratelimit-remaining: 0`) holds the whole bucket. Times are read from the monotonic clock, so
 * setting the computer's clock neither holds requests back nor lets a burst through.
 */
export class RateScheduler {
  readonly limit: number;
  private readonly baseWindowMs: number;
  private readonly firstMarginMs: number;
  private readonly maxMarginMs: number;
  private marginMs: number;
  private calm = 0;
  private readonly spent: number[] = [];
  private readonly queues: Record<Priority, Waiter[]> = { interactive: [], background: [] };
  private pausedUntil = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private timerAt = 0;
  private places = 0;

  constructor(options: RateSchedulerOptions = {}) {
    this.limit = options.limit ?? 5;
    if (!Number.isInteger(this.limit) || this.limit < 1)
      throw new RangeError('limit must be a whole number ≥ 1');
    this.baseWindowMs = options.windowMs ?? 1000;
    this.firstMarginMs = options.marginMs ?? 10;
    this.marginMs = this.firstMarginMs;
    this.maxMarginMs = Math.max(this.firstMarginMs, options.maxMarginMs ?? 250);
  }

  /** How long a spent token stays out: the service's window and the margin for jitter. */
  get windowMs(): number {
    return this.baseWindowMs + this.marginMs;
  }

  /**
   * The service answered 429 although the window was kept: requests arrived closer together than
   * they left, so each window is kept a little longer from now on.
   */
  widen(): void {
    this.marginMs = Math.min(this.maxMarginMs, Math.max(this.marginMs * 2, 20));
    this.calm = 0;
  }

  /** A place in line, taken once per call so that its retries are not sent to the back. */
  place(): number {
    return this.places++;
  }

  /** Resolves when the request may be sent (its token is spent then); rejects CANCELLED on abort. */
  acquire(options: AcquireOptions = {}): Promise<void> {
    const { priority = 'background', signal, place = this.place() } = options;
    if (signal?.aborted) return Promise.reject(cancelled());
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = { priority, place, resolve, reject, signal, onAbort: undefined };
      if (signal) {
        waiter.onAbort = () => {
          this.remove(waiter);
          reject(cancelled());
          this.pump();
        };
        signal.addEventListener('abort', waiter.onAbort, { once: true });
      }
      const queue = this.queues[priority];
      let at = queue.length;
      while (at > 0 && (queue[at - 1]?.place ?? 0) > place) at--;
      queue.splice(at, 0, waiter);
      this.pump();
    });
  }

  /** Holds every request of this key for `ms` (extends, never shortens, a pause in force). */
  pauseFor(ms: number): void {
    if (!(ms > 0)) return;
    this.pausedUntil = Math.max(this.pausedUntil, performance.now() + ms);
    this.pump();
  }

  /** Whether this scheduler itself has spent every token of the window now. */
  get spentAll(): boolean {
    const now = performance.now();
    return this.spent.filter((at) => at + this.windowMs > now).length >= this.limit;
  }

  /** Requests waiting for a token. */
  get queued(): number {
    return this.queues.interactive.length + this.queues.background.length;
  }

  private remove(waiter: Waiter): void {
    const queue = this.queues[waiter.priority];
    const at = queue.indexOf(waiter);
    if (at >= 0) queue.splice(at, 1);
  }

  private pump(): void {
    for (;;) {
      const now = performance.now();
      while (this.spent.length > 0 && (this.spent[0] ?? 0) + this.windowMs <= now)
        this.spent.shift();
      const next = this.queues.interactive[0] ?? this.queues.background[0];
      if (!next) return;
      let wakeAt = 0;
      if (now < this.pausedUntil) wakeAt = this.pausedUntil;
      else if (this.spent.length >= this.limit) wakeAt = (this.spent[0] ?? now) + this.windowMs;
      if (wakeAt > 0) {
        this.wakeAt(wakeAt);
        return;
      }
      this.remove(next);
      if (next.onAbort) next.signal?.removeEventListener('abort', next.onAbort);
      this.spent.push(now);
      if (++this.calm >= CALM_TOKENS && this.marginMs > this.firstMarginMs) {
        this.marginMs = Math.max(this.firstMarginMs, this.marginMs / 2);
        this.calm = 0;
      }
      next.resolve();
    }
  }

  private wakeAt(at: number): void {
    if (this.timer && this.timerAt <= at) return;
    if (this.timer) clearTimeout(this.timer);
    this.timerAt = at;
    this.timer = setTimeout(
      () => {
        this.timer = undefined;
        this.pump();
      },
      Math.max(0, at - performance.now()),
    );
  }
}

const schedulers = new Map<string, RateScheduler>();

/**
 * The one scheduler of an API key on a server, shared by every feature that calls it. The
 * registry is keyed by a hash, so the key itself is not kept here. Options apply when the
 * scheduler is first made.
 */
export function schedulerFor(
  apiKey: string,
  origin: string,
  options?: RateSchedulerOptions,
): RateScheduler {
  const id = createHash('sha256').update(origin).update('\n').update(apiKey).digest('hex');
  let scheduler = schedulers.get(id);
  if (!scheduler) {
    scheduler = new RateScheduler(options);
    schedulers.set(id, scheduler);
  }
  return scheduler;
}
