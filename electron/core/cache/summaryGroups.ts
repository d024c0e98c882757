import { type FormMetadata } from '../../shared/api/form';
import { type SubmissionSummary } from '../../shared/contract/summary';
import { type FormColumns } from './answerColumns';
import { asciiFold, bucketFor, bucketStart } from './summaryFigures';

/**
 * What a Summary works out from a question's groups of answers and a view's days: figures only,
 * no SQL, so they are the same whichever way the groups were counted.
 */

/** One answer of one question and how many in the view gave it, with one row that did. */
export interface Group {
  key: string;
  text: string | null;
  num: number | null;
  json: string | null;
  n: number;
  sample: number;
}

/** A quiz score and how many in the view got it. */
export type ScoreCount = { value: number; count: number };

/** A day (`YYYY-MM-DD`) and the view's submissions of each status that day. */
export type DayCount = { day: string; finished: number; inProgress: number };

const DAY_MS = 86_400_000;

/** A question's options as the form's metadata lists them (text, or `{label, value}`). */
export function optionsOf(metadata: FormMetadata | null, key: string): string[] | null {
  const options = metadata?.questions.find((q) => q.id === key)?.options;
  if (!Array.isArray(options)) return null;
  const labels = options.flatMap((o: unknown) => {
    if (typeof o === 'string') return [o];
    if (o && typeof o === 'object') {
      const { label, value } = o as { label?: unknown; value?: unknown };
      const text = typeof label === 'string' ? label : value;
      return typeof text === 'string' ? [text] : [];
    }
    return [];
  });
  return labels.length > 0 ? labels : null;
}

/** The options one answer picked (each once), from its JSON list, else its text. */
export function choicesOf(group: Group): string[] {
  if (group.json === null) return [group.text ?? ''];
  const picked = JSON.parse(group.json) as string[];
  const seen = new Set<string>();
  return picked.filter((value) => {
    const folded = asciiFold(value);
    if (seen.has(folded)) return false;
    seen.add(folded);
    return true;
  });
}

/** The view's submissions per day and status (oldest first), counted in the form's columns. */
export function daysOf(form: FormColumns, span: Int32Array): DayCount[] {
  const days = new Map<number, DayCount>();
  for (const index of span) {
    const day = form.day[index]!;
    let count = days.get(day);
    if (!count) {
      count = {
        day: new Date(day * DAY_MS).toISOString().slice(0, 10),
        finished: 0,
        inProgress: 0,
      };
      days.set(day, count);
    }
    if (form.finished[index]) count.finished++;
    else count.inProgress++;
  }
  return [...days.values()].sort((a, b) => (a.day < b.day ? -1 : 1));
}

/** Submissions per bucket of time, from the view's submissions per day (oldest first). */
export function timelineOf(days: DayCount[]): SubmissionSummary['timeline'] {
  const bucket = bucketFor(days[0]?.day, days.at(-1)?.day);
  const sums = new Map<string, { finished: number; inProgress: number }>();
  for (const start of bucketsBetween(days[0]?.day, days.at(-1)?.day, bucket))
    sums.set(start, { finished: 0, inProgress: 0 });
  for (const day of days) {
    const sum = sums.get(bucketStart(day.day, bucket))!;
    sum.finished += day.finished;
    sum.inProgress += day.inProgress;
  }
  return { bucket, points: [...sums].map(([start, sum]) => ({ start, ...sum })) };
}

/** A quiz's figures from its scores in the view (lowest first) and the highest score possible. */
export function quizOf(distribution: ScoreCount[], maxScore: unknown): SubmissionSummary['quiz'] {
  const answered = distribution.reduce((n, d) => n + d.count, 0);
  return {
    answered,
    average: distribution.reduce((s, d) => s + d.value * d.count, 0) / answered,
    maxScore: typeof maxScore === 'number' ? maxScore : null,
    distribution,
  };
}

export function dateFigures(groups: Group[]) {
  const byDay = new Map<string, number>();
  for (const g of groups) {
    if (g.num === null) continue;
    const day = new Date(g.num).toISOString().slice(0, 10);
    byDay.set(day, (byDay.get(day) ?? 0) + g.n);
  }
  const days = [...byDay.keys()].sort();
  const bucket = bucketFor(days[0], days.at(-1));
  const sums = new Map(bucketsBetween(days[0], days.at(-1), bucket).map((start) => [start, 0]));
  for (const [day, n] of byDay) {
    const start = bucketStart(day, bucket);
    sums.set(start, (sums.get(start) ?? 0) + n);
  }
  return { bucket, points: [...sums].map(([start, count]) => ({ start, count })) };
}

/** Each item's average place (1 = first), best first. */
export function rankingFigures(groups: Group[]) {
  const places = new Map<string, { sum: number; count: number }>();
  for (const g of groups) {
    if (g.json === null) continue;
    (JSON.parse(g.json) as string[]).forEach((item, i) => {
      const place = places.get(item) ?? { sum: 0, count: 0 };
      place.sum += (i + 1) * g.n;
      place.count += g.n;
      places.set(item, place);
    });
  }
  return [...places]
    .map(([value, p]) => ({ value, averagePosition: p.sum / p.count, count: p.count }))
    .sort((a, b) => a.averagePosition - b.averagePosition || a.value.localeCompare(b.value));
}

/** The start of every bucket from the first day's to the last day's, oldest first. */
export function bucketsBetween(
  first: string | undefined,
  last: string | undefined,
  bucket: 'day' | 'week' | 'month',
): string[] {
  if (first === undefined || last === undefined) return [];
  const starts: string[] = [];
  const end = bucketStart(last, bucket);
  let at = bucketStart(first, bucket);
  while (at <= end) {
    starts.push(at);
    const ms = Date.parse(at);
    const d = new Date(ms);
    at =
      bucket === 'month'
        ? new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1)).toISOString().slice(0, 10)
        : new Date(ms + (bucket === 'week' ? 7 : 1) * DAY_MS).toISOString().slice(0, 10);
  }
  return starts;
}
