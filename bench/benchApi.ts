import { createApiClient } from '../electron/core/api';
import { type ApiClient } from '../electron/core/api/types';
import { startLocalApi, type LocalApi } from '../electron/local-api';
import { DEMO_FORMS } from '../electron/local-api/demoForms';

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
