import { describe, expect, it } from 'vitest';
import { summarizeActivity } from './activitySummary';

describe('summarizeActivity', () => {
  it('adds up the days shown', () => {
    const perDay = [
      { day: '2026-11-20', count: 1200 },
      { day: '2026-11-21', count: 0 },
      { day: '2026-11-22', count: 3 },
    ];
    expect(summarizeActivity(perDay)).toEqual({
      total: 1203,
      days: 3,
      label: '1,203 submissions in the last 3 days',
    });
  });

  it("counts the finished ones of the table's window when the card is given them", () => {
    const perDay = [{ day: '2026-11-22', count: 9 }];
    expect(summarizeActivity(perDay, { days: 30, finished: 38 }).label).toBe(
      '38 finished submissions in the last 30 days',
    );
  });

  it('says so when nothing came in', () => {
    expect(summarizeActivity([{ day: '2026-11-22', count: 0 }]).label).toBe('No submissions today');
  });
});
