import { mix, unit } from './random';

export const FLAG_IN_PROGRESS = 1;
export const FLAG_PREVIEW = 2;
export const FLAG_DELETED = 4;

/** Generated rows are spread over these months (fixed, so one seed always gives one data set). */
const GENERATED_FROM = Date.UTC(2026, 2, 1);
const GENERATED_TO = Date.UTC(2026, 10, 15);

const IN_PROGRESS_SHARE = 0.08;
const PREVIEW_SHARE = 0.04;

/**
 * The only per-row state kept for generated submissions: submissionTime and status flags, a dozen
 * bytes a row, so a million rows cost ~9 MB and build in milliseconds. Everything else of a row
 * is rebuilt from (seed, index) when it is answered. Times strictly increase with the index, so
 * index order is submissionTime order.
 */
export interface RowColumns {
  readonly count: number;
  readonly times: Float64Array;
  readonly flags: Uint8Array;
}

export function generateColumns(formSeed: number, count: number): RowColumns {
  const times = new Float64Array(count);
  const flags = new Uint8Array(count);
  const step = (GENERATED_TO - GENERATED_FROM) / Math.max(count, 1);
  let previous = -Infinity;
  for (let i = 0; i < count; i++) {
    const jitter = unit(mix(formSeed ^ 0x71e, i)) * 0.9;
    const time = Math.max(previous + 1, Math.floor(GENERATED_FROM + (i + jitter) * step));
    times[i] = time;
    previous = time;
    const h = mix(formSeed ^ 0xf1a, i);
    flags[i] =
      (unit(h) < IN_PROGRESS_SHARE ? FLAG_IN_PROGRESS : 0) |
      (unit(mix(h, 7)) < PREVIEW_SHARE ? FLAG_PREVIEW : 0);
  }
  return { count, times, flags };
}
