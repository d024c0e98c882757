import { mix, unit } from './random';

export const FLAG_IN_PROGRESS = 1;
export const FLAG_PREVIEW = 2;
export const FLAG_DELETED = 4;

/**
 * Where generated rows end when nothing says otherwise: fixed, so one seed always gives one data
 * set. A store says where its own rows end (`MutationLog`).
 */
export const GENERATED_UNTIL = Date.UTC(2026, 10, 15);
/** Generated rows are spread over the eight and a half months before they end. */
const GENERATED_SPAN_MS = GENERATED_UNTIL - Date.UTC(2026, 2, 1);

const IN_PROGRESS_SHARE = 0.08;
const PREVIEW_SHARE = 0.04;

/**
 * The only per-row state kept for generated submissions: submissionTime and status flags, a dozen
 * bytes a row, so even a million rows cost a few megabytes and build in milliseconds. Everything
 * else of a row is rebuilt from (seed, index) when it is answered. Times strictly increase with the
 * index, so index order is submissionTime order.
 */
export interface RowColumns {
  readonly count: number;
  readonly times: Float64Array;
  readonly flags: Uint8Array;
}

export function generateColumns(
  formSeed: number,
  count: number,
  until: number = GENERATED_UNTIL,
): RowColumns {
  const times = new Float64Array(count);
  const flags = new Uint8Array(count);
  const from = until - GENERATED_SPAN_MS;
  const step = GENERATED_SPAN_MS / Math.max(count, 1);
  let previous = -Infinity;
  for (let i = 0; i < count; i++) {
    const jitter = unit(mix(formSeed ^ 0x71e, i)) * 0.9;
    const time = Math.max(previous + 1, Math.floor(from + (i + jitter) * step));
    times[i] = time;
    previous = time;
    const h = mix(formSeed ^ 0xf1a, i);
    flags[i] =
      (unit(h) < IN_PROGRESS_SHARE ? FLAG_IN_PROGRESS : 0) |
      (unit(mix(h, 7)) < PREVIEW_SHARE ? FLAG_PREVIEW : 0);
  }
  return { count, times, flags };
}
