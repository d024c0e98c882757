import { type TimeBucket, type ValueCount } from '../../shared/contract/summary';

const DAY_MS = 86_400_000;
/** A span up to this many days is shown by the day; up to a year by the week; longer by the month. */
const DAYS_BY_DAY = 62;
const DAYS_BY_WEEK = 366;
/** Bins of a number's histogram when its values are not a short run of whole numbers. */
const HISTOGRAM_BINS = 10;
/** Whole numbers spread over at most this many values get one bar each. */
const WHOLE_BARS = 21;

/** How to cut a span of days (YYYY-MM-DD, either order): by day, week or month. */
export function bucketFor(first: string | undefined, last: string | undefined): TimeBucket {
  if (first === undefined || last === undefined) return 'day';
  const days = Math.abs(Date.parse(last) - Date.parse(first)) / DAY_MS;
  return days <= DAYS_BY_DAY ? 'day' : days <= DAYS_BY_WEEK ? 'week' : 'month';
}

/** The first day of the bucket a day (YYYY-MM-DD) falls in; weeks start on Monday (UTC). */
export function bucketStart(day: string, bucket: TimeBucket): string {
  if (bucket === 'day') return day;
  if (bucket === 'month') return `${day.slice(0, 7)}-01`;
  const ms = Date.parse(day);
  const weekday = (new Date(ms).getUTCDay() + 6) % 7;
  return new Date(ms - weekday * DAY_MS).toISOString().slice(0, 10);
}

/** Counts per number (any order) as the figures of a number question. */
export function numberFigures(counts: readonly { value: number; count: number }[]) {
  const sorted = [...counts].sort((a, b) => a.value - b.value);
  const total = sorted.reduce((n, c) => n + c.count, 0);
  if (total === 0)
    return { min: null, median: null, max: null, average: null, sum: 0, histogram: [] };
  const sum = sorted.reduce((s, c) => s + c.value * c.count, 0);
  const min = sorted[0]!.value;
  const max = sorted.at(-1)!.value;
  return {
    min,
    median: median(sorted, total),
    max,
    average: sum / total,
    sum,
    histogram: histogram(sorted, min, max),
  };
}

/** The middle value; with an even count, the mean of the two middle ones. */
function median(sorted: readonly { value: number; count: number }[], total: number): number {
  const at = (position: number): number => {
    let seen = 0;
    for (const c of sorted) {
      seen += c.count;
      if (position < seen) return c.value;
    }
    return sorted.at(-1)!.value;
  };
  return total % 2 === 1 ? at((total - 1) / 2) : (at(total / 2 - 1) + at(total / 2)) / 2;
}

/**
 * Bins from min to max: one per value for a short run of whole numbers (1–12 guests), else equal
 * bins where each holds `from ≤ value < to`, the last one its `to` as well.
 */
function histogram(
  sorted: readonly { value: number; count: number }[],
  min: number,
  max: number,
): { from: number; to: number; count: number }[] {
  const whole = sorted.every((c) => Number.isInteger(c.value));
  if (whole && max - min < WHOLE_BARS) {
    return Array.from({ length: max - min + 1 }, (_, i) => ({
      from: min + i,
      to: min + i,
      count: sorted.find((c) => c.value === min + i)?.count ?? 0,
    }));
  }
  const width = (max - min) / HISTOGRAM_BINS;
  const bins = Array.from({ length: HISTOGRAM_BINS }, (_, i) => ({
    from: min + i * width,
    to: i === HISTOGRAM_BINS - 1 ? max : min + (i + 1) * width,
    count: 0,
  }));
  for (const c of sorted) {
    const i = Math.min(HISTOGRAM_BINS - 1, Math.floor((c.value - min) / width));
    bins[i]!.count += c.count;
  }
  return bins;
}

/** A 0–10 scale's Net Promoter Score, or null when any answer lies outside 0–10. */
export function npsOf(distribution: readonly { value: number; count: number }[]) {
  if (distribution.some((d) => d.value < 0 || d.value > 10 || !Number.isInteger(d.value)))
    return null;
  const total = distribution.reduce((n, d) => n + d.count, 0);
  if (total === 0) return null;
  const share = (test: (v: number) => boolean) =>
    distribution.filter((d) => test(d.value)).reduce((n, d) => n + d.count, 0);
  const promoters = share((v) => v >= 9);
  const detractors = share((v) => v <= 6);
  return {
    promoters,
    passives: total - promoters - detractors,
    detractors,
    score: Math.round(((promoters - detractors) / total) * 100),
  };
}

/**
 * Counts per answer laid over the form's options: each option (zero when none chose it) in the
 * form's order, and what matches none of them as `other`. Options compare as SQLite's NOCASE does
 * (ASCII letters only), as the answer filters do. Without options, every answer is listed, most
 * frequent first.
 */
export function overOptions(
  counts: ReadonlyMap<string, number>,
  options: readonly string[] | null,
): { options: ValueCount[]; other: number } {
  if (!options || options.length === 0) {
    return {
      options: [...counts]
        .map(([value, count]) => ({ value, count }))
        .sort((a, b) => b.count - a.count || a.value.localeCompare(b.value)),
      other: 0,
    };
  }
  const byFolded = new Map<string, number>();
  for (const [value, count] of counts)
    byFolded.set(asciiFold(value), (byFolded.get(asciiFold(value)) ?? 0) + count);
  const listed = options.map((value) => {
    const count = byFolded.get(asciiFold(value)) ?? 0;
    byFolded.delete(asciiFold(value));
    return { value, count };
  });
  return { options: listed, other: [...byFolded.values()].reduce((a, b) => a + b, 0) };
}

/** SQLite's NOCASE: only the 26 ASCII letters fold. */
export function asciiFold(text: string): string {
  return text.replace(/[A-Z]/g, (c) => c.toLowerCase());
}
