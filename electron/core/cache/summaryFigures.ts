import { type TimeBucket, type ValueCount } from '../../shared/contract/summary';

const DAY_MS = 86_400_000;
/** A span up to this many days is shown by the day; up to a year by the week; longer by the month. */
const DAYS_BY_DAY = 62;
const DAYS_BY_WEEK = 366;
/** About this many bins cut a number's histogram when its values are not a short run of whole numbers. */
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

/** Round widths of a duration's bins, in seconds: people read time in these steps. */
const DURATION_STEPS = [
  1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 10800, 21600, 43200, 86400,
];

/** The smallest round width at least `raw`: 1, 2 or 5 times a power of ten, or a step of time. */
export function roundWidth(raw: number, duration: boolean): number {
  if (duration) {
    const step = DURATION_STEPS.find((s) => s >= raw);
    if (step !== undefined) return step;
    return DURATION_STEPS.at(-1)! * roundWidth(raw / DURATION_STEPS.at(-1)!, false);
  }
  const power = 10 ** Math.floor(Math.log10(raw));
  return [1, 2, 5, 10].map((m) => m * power).find((w) => w >= raw * (1 - 1e-9)) ?? 10 * power;
}

/**
 * Counts per number (any order) as the figures of a number question; `duration` (seconds) cuts
 * its bins at round steps of time.
 */
export function numberFigures(
  counts: readonly { value: number; count: number }[],
  { duration = false }: { duration?: boolean } = {},
) {
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
    histogram: histogram(sorted, min, max, duration),
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
 * Bins from min to max: one per value for a short run of whole numbers (1–12 guests), else bins
 * of a round width from a round start, where each holds `from ≤ value < to`, the last one its
 * `to` as well.
 */
function histogram(
  sorted: readonly { value: number; count: number }[],
  min: number,
  max: number,
  duration: boolean,
): { from: number; to: number; count: number }[] {
  const whole = sorted.every((c) => Number.isInteger(c.value));
  if (whole && max - min < WHOLE_BARS && !(duration && max - min >= 60)) {
    return Array.from({ length: max - min + 1 }, (_, i) => ({
      from: min + i,
      to: min + i,
      count: sorted.find((c) => c.value === min + i)?.count ?? 0,
    }));
  }
  const width = roundWidth((max - min) / HISTOGRAM_BINS, duration);
  const first = Math.floor(min / width) * width;
  // Whole steps from a round start; the edge a value falls on starts its bin, but max's is its own.
  const steps = Math.max(1, Math.ceil((max - first) / width - 1e-9));
  const edge = (i: number) => Number((first + i * width).toPrecision(12));
  const bins = Array.from({ length: steps }, (_, i) => ({
    from: edge(i),
    to: edge(i + 1),
    count: 0,
  }));
  for (const c of sorted) {
    const i = Math.min(steps - 1, Math.floor((c.value - first) / width + 1e-9));
    bins[i]!.count += c.count;
  }
  return bins;
}

/** Known scales of words, lowest first: a matrix's columns are put in their order. */
const WORD_SCALES = [
  ['very poor', 'poor', 'fair', 'average', 'good', 'very good', 'excellent'],
  [
    'strongly disagree',
    'disagree',
    'somewhat disagree',
    'neutral',
    'neither agree nor disagree',
    'somewhat agree',
    'agree',
    'strongly agree',
  ],
  ['very dissatisfied', 'dissatisfied', 'neutral', 'satisfied', 'very satisfied'],
  ['never', 'rarely', 'sometimes', 'often', 'usually', 'always'],
  ['very bad', 'bad', 'okay', 'ok', 'good', 'very good'],
  ['very unlikely', 'unlikely', 'neutral', 'likely', 'very likely'],
  ['no', 'maybe', 'yes'],
];

/**
 * A matrix's columns in their scale's order, the same on every load: numbers by value, the words
 * of a known scale from its lowest, anything else alphabetically.
 */
export function scaleOrder(columns: readonly string[]): string[] {
  if (columns.every((c) => c.trim() !== '' && Number.isFinite(Number(c))))
    return [...columns].sort((a, b) => Number(a) - Number(b));
  const scale = WORD_SCALES.find((words) =>
    columns.every((c) => words.includes(c.trim().toLowerCase())),
  );
  if (scale) {
    const place = (c: string) => scale.indexOf(c.trim().toLowerCase());
    return [...columns].sort((a, b) => place(a) - place(b) || a.localeCompare(b));
  }
  return [...columns].sort((a, b) => a.localeCompare(b));
}

/**
 * Every point of a scale, each with its count, zero included: a filtered view draws the points
 * nobody gave too. Points outside the scale that were given still show.
 */
export function fullScale(
  distribution: readonly { value: number; count: number }[],
  scale: { min: number; max: number } | null,
): { value: number; count: number }[] {
  if (!scale || distribution.some((d) => !Number.isInteger(d.value))) return [...distribution];
  const low = Math.min(scale.min, ...distribution.map((d) => d.value));
  const high = Math.max(scale.max, ...distribution.map((d) => d.value));
  if (high - low > WHOLE_BARS) return [...distribution];
  const counts = new Map(distribution.map((d) => [d.value, d.count]));
  return Array.from({ length: high - low + 1 }, (_, i) => ({
    value: low + i,
    count: counts.get(low + i) ?? 0,
  }));
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

/**
 * Whether two texts are one under NOCASE, compared a character at a time: reading a question's
 * column compares every entry with the one before, most differ early on, and folding each pair
 * whole took a sizeable share of the read.
 */
export function sameFolded(a: string, b: string): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y && foldedCode(x) !== foldedCode(y)) return false;
  }
  return true;
}

/** An ASCII capital's small letter, as `asciiFold` folds it; any other code as it is. */
function foldedCode(code: number): number {
  return code >= CAPITAL_A && code <= CAPITAL_Z ? code + CASE_OFFSET : code;
}

const CAPITAL_A = 0x41;
const CAPITAL_Z = 0x5a;
const CASE_OFFSET = 0x20;
