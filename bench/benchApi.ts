import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createApiClient } from '../electron/core/api';
import { type ApiClient } from '../electron/core/api/types';
import { startLocalApi, type LocalApi } from '../electron/local-api';
import { DEMO_FORMS } from '../electron/local-api/demoForms';

/** The service's own limit, in requests a second: what a sync and an import meet outside. */
export const SERVICE_RATE = 5;

/** The demo form every single-form benchmark uses: it has questions of every kind. */
export const BENCH_FORM = DEMO_FORMS[0]!;

/** A local API holding only the bench form, with `count` generated submissions (seed 42). */
export function singleFormApi(count: number, rateLimit: number): Promise<LocalApi> {
  const { submissions: _none, ...form } = BENCH_FORM;
  return startLocalApi({ rateLimit, submissionsPerForm: count, seed: 42, data: { forms: [form] } });
}

/**
 * A client that never waits for the rate scheduler. The scheduler of a key on a server is shared
 * and keeps the options it was first made with, so calling this before anything else talks to
 * `api` also lifts the limit for every later client of the same key there (the app's own, in a
 * host started afterwards).
 */
export function unthrottledClient(api: LocalApi): ApiClient {
  return createApiClient({
    baseUrl: api.baseUrl,
    apiKey: api.apiKey,
    rateLimit: { limit: 1_000_000 },
  });
}

/** `1,000,000` → `1M`, `100,000` → `100k`. */
export function sizeLabel(count: number): string {
  return count >= 1_000_000
    ? `${count / 1_000_000}M`
    : count >= 1_000
      ? `${count / 1_000}k`
      : String(count);
}

/**
 * Words in most of the generated rows (each in 76–99% of them): the searches whose counts cost
 * the most. `commonWordChecked` holds every benchmark that searches them to it.
 */
export const COMMON_WORDS = ['plan', 'support', 'price', 'quality', 'speed', 'example'];

/**
 * Throws unless a search for a common word matched at least half of the `rows` searched: a word
 * the generated data stopped using would turn its count into a free one, and the row would still
 * say "common words".
 */
export function commonWordChecked(word: string, matched: number, rows: number): void {
  if (matched < rows / 2)
    throw new Error(
      `"${word}" matched ${matched} of ${rows} rows: it is not a common word of the generated data; pick one that is (COMMON_WORDS in bench/benchApi.ts)`,
    );
}

/**
 * Windows of one scroll through a view: enough that a p95 holds more than its first reads, and
 * that the scroll lasts long enough for one stall of the host, which no window causes, to hold
 * fewer than its slowest 5%.
 */
export const SCROLL_WINDOWS = 1_000;

/**
 * The offset of a scroll's `i`th 100-row window in a view of `rows`: depths spread over the
 * whole view, the same sequence every run.
 */
export function spreadDepth(i: number, rows: number): number {
  return Math.floor((((i * 7919) % 97) / 97) * Math.max(0, rows - 100));
}

/**
 * The query rows' targets at a cache size: a window's p95 in 2 ms at 100k rows (5 ms at 1M), a
 * search's first rows in 50 ms (100 ms).
 */
export function queryBudgetsMs(rows: number): { window: number; search: number } {
  return rows >= 1_000_000 ? { window: 5, search: 100 } : { window: 2, search: 50 };
}

/** The cache sizes the query benchmarks read: 5k in the quick tier, 100k and 1M in the full one. */
export function querySizes(quick: boolean, maxRows: number): number[] {
  return (quick ? [5_000] : [100_000, 1_000_000]).filter((n) => n <= maxRows);
}

/** Runs `fn` with a temporary directory of its own, removed afterwards whatever happens. */
export async function inTempDir<T>(name: string, fn: (dir: string) => Promise<T>): Promise<T> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `formdesk-bench-${name}-`));
  try {
    return await fn(dir);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * `fn` in the directory of kept caches (`--caches`, made when missing), or without one in a
 * temporary directory removed after.
 */
export async function inCachesDir<T>(
  name: string,
  caches: string | undefined,
  fn: (dir: string) => Promise<T>,
): Promise<T> {
  if (caches === undefined) return inTempDir(name, fn);
  fs.mkdirSync(caches, { recursive: true });
  return fn(caches);
}
