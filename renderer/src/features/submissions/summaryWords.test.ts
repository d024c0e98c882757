import { describe, expect, it } from 'vitest';
import { answeredLine, bucketLabel, countOf, money, percent } from './summaryWords';

describe('summary words', () => {
  it('counts in plain words, with the right plural', () => {
    expect(countOf(0, 'submission')).toBe('no submissions');
    expect(countOf(1, 'submission')).toBe('1 submission');
    expect(countOf(2048, 'submission')).toBe('2,048 submissions');
    expect(countOf(1, 'time')).toBe('1 time');
  });

  it('says how many answered, and never "0 of 0"', () => {
    expect(answeredLine(0, 40)).toBe('Nobody in this view answered it');
    expect(answeredLine(1, 1)).toBe('Answered by the one submission');
    expect(answeredLine(40, 40)).toBe('Answered by all 40');
    expect(answeredLine(3, 400)).toBe('Answered by 3 of 400 (under 1%)');
    expect(answeredLine(312, 420)).toBe('Answered by 312 of 420 (74%)');
  });

  it('gives shares, money in its minor unit, and bucket labels in UTC', () => {
    expect(percent(0, 0)).toBe('0%');
    expect(percent(1, 3)).toBe('33%');
    expect(percent(249, 250)).toBe('over 99%');
    expect(percent(250, 250)).toBe('100%');
    expect(money(123456, 'usd')).toBe('$1,234.56');
    expect(money(486000, 'jpy')).toBe('¥486,000');
    expect(money(5, '')).toBe('5 (no currency)');
    expect(bucketLabel('2026-03-02', 'week')).toBe('week of Mar 2');
    expect(bucketLabel('2026-03-01', 'month')).toBe('Mar 2026');
  });
});
