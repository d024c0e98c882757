import { describe, expect, it } from 'vitest';
import { type QuestionSummary } from '../../../../electron/shared/contract/summary';
import { bucketDates, filterFor, lastDayOf, withFilter } from './summaryFilters';

const question = {
  key: 'gs07',
  name: 'Guests',
  type: 'NumberInput',
  answered: 3,
} as QuestionSummary;

describe('a click on a chart as a filter of the table', () => {
  it('turns an answer, a bin and a span of days into the filter of the same rows', () => {
    expect(filterFor(question, { kind: 'value', value: 'VIP' })).toEqual({
      key: 'gs07',
      op: 'choiceIs',
      value: 'VIP',
    });
    expect(filterFor(question, { kind: 'number', from: 4, to: 4, last: false })).toEqual({
      key: 'gs07',
      op: 'numberRange',
      min: 4,
      max: 4,
    });
    // A bin holds its start, not its end: the next bin's first value stays out.
    const bin = filterFor(question, { kind: 'number', from: 10, to: 20, last: false });
    expect(bin.op === 'numberRange' && bin.max! < 20 && bin.max! > 19.999999).toBe(true);
    expect(filterFor(question, { kind: 'number', from: 10, to: 20, last: true })).toMatchObject({
      max: 20,
    });
    expect(filterFor(question, { kind: 'bucket', start: '2026-02-01', bucket: 'month' })).toEqual({
      key: 'gs07',
      op: 'dateRange',
      from: '2026-02-01',
      to: '2026-02-28',
    });
  });

  it('gives each week and month its last day', () => {
    expect(lastDayOf('2026-03-02', 'week')).toBe('2026-03-08');
    expect(lastDayOf('2024-02-01', 'month')).toBe('2024-02-29');
    expect(lastDayOf('2026-12-01', 'month')).toBe('2026-12-31');
  });

  it('turns a bar of the timeline into date bounds that keep that bucket of time alone', () => {
    const inside = (range: { after: string; before: string }, time: string) =>
      time > range.after && time < range.before;
    const week = bucketDates('2026-02-23', 'week');
    expect(inside(week, '2026-02-23T00:00:00.000Z')).toBe(true);
    expect(inside(week, '2026-03-01T23:59:59.999Z')).toBe(true);
    expect(inside(week, '2026-02-22T23:59:59.999Z')).toBe(false);
    expect(inside(week, '2026-03-02T00:00:00.000Z')).toBe(false);
    expect(bucketDates('2026-02-01', 'month')).toEqual({
      after: '2026-01-31T23:59:59.999Z',
      before: '2026-03-01T00:00:00.000Z',
    });
    expect(bucketDates('2026-12-31', 'day').before).toBe('2027-01-01T00:00:00.000Z');
  });

  it('puts a new filter on a question in place of the one before', () => {
    const before = [
      { key: 'a', op: 'isEmpty' as const },
      { key: 'gs07', op: 'choiceIs' as const, value: 'x' },
    ];
    expect(withFilter(before, { key: 'gs07', op: 'choiceIs', value: 'y' })).toEqual([
      { key: 'a', op: 'isEmpty' },
      { key: 'gs07', op: 'choiceIs', value: 'y' },
    ]);
  });
});
