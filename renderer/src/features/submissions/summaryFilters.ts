import { type AnswerFilter } from '../../../../electron/shared/contract/submissions';
import { type QuestionSummary } from '../../../../electron/shared/contract/summary';

const DAY_MS = 86_400_000;

/**
 * What a click on one bar of a question's chart means as a filter of the table: the rows that
 * gave that answer. A filter on the same question takes the place of the one before.
 */
export type SummaryPick =
  | { kind: 'value'; value: string }
  | { kind: 'number'; from: number; to: number; last: boolean }
  | { kind: 'bucket'; start: string; bucket: 'day' | 'week' | 'month' };

export function filterFor(question: QuestionSummary, pick: SummaryPick): AnswerFilter {
  const key = question.key;
  switch (pick.kind) {
    case 'value':
      return { key, op: 'choiceIs', value: pick.value };
    case 'number':
      // A bin holds from ≤ value < to (the last also its `to`); the filter's range is inclusive.
      return {
        key,
        op: 'numberRange',
        min: pick.from,
        max: pick.last || pick.from === pick.to ? pick.to : justBelow(pick.to),
      };
    case 'bucket':
      return { key, op: 'dateRange', from: pick.start, to: lastDayOf(pick.start, pick.bucket) };
  }
}

/** Adds the filter to a view's answer filters, in place of any other on the same question. */
export function withFilter(filters: readonly AnswerFilter[], filter: AnswerFilter): AnswerFilter[] {
  return [...filters.filter((f) => f.key !== filter.key), filter];
}

/**
 * The view's date bounds that keep exactly one bucket of the timeline (UTC days, as the summary
 * cuts them): `after` is exclusive, so it is the last instant before the bucket starts; `before`
 * is the next bucket's start.
 */
export function bucketDates(
  start: string,
  bucket: 'day' | 'week' | 'month',
): { after: string; before: string } {
  const from = Date.parse(`${start}T00:00:00Z`);
  const to = Date.parse(`${lastDayOf(start, bucket)}T00:00:00Z`) + DAY_MS;
  return { after: new Date(from - 1).toISOString(), before: new Date(to).toISOString() };
}

/** The last day (YYYY-MM-DD) of the bucket that starts on `start`. */
export function lastDayOf(start: string, bucket: 'day' | 'week' | 'month'): string {
  const ms = Date.parse(`${start}T00:00:00Z`);
  if (bucket === 'day') return start;
  if (bucket === 'week') return new Date(ms + 6 * DAY_MS).toISOString().slice(0, 10);
  const date = new Date(ms);
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0))
    .toISOString()
    .slice(0, 10);
}

/** The largest number below `x`. */
function justBelow(x: number): number {
  if (x === 0) return -Number.MIN_VALUE;
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, x);
  const bits = view.getBigUint64(0);
  view.setBigUint64(0, x > 0 ? bits - 1n : bits + 1n);
  return view.getFloat64(0);
}
