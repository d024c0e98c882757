import { describe, expect, it } from 'vitest';
import {
  aboutDuration,
  countOf,
  formatBytes,
  formatDuration,
  perSecond,
  progressPercent,
} from './plainNumbers';

describe('numbers in plain language', () => {
  it('counts with the right noun', () => {
    expect(countOf(1, 'request')).toBe('1 request');
    expect(countOf(0, 'request')).toBe('0 requests');
    expect(countOf(2, 'row')).toBe('2 rows');
    expect(countOf(3, 'reply', 'replies')).toBe('3 replies');
  });

  it('says how long in the largest units that matter, and never "about under 1 s"', () => {
    expect(formatDuration(200)).toBe('less than a second');
    expect(aboutDuration(200)).toBe('less than a second');
    expect(aboutDuration(200_000)).toBe('about 3 min 20 s');
    expect(formatDuration(120_000)).toBe('2 min');
    expect(formatDuration(7_500_000)).toBe('2 h 5 min');
  });

  it('writes paces and sizes without empty decimals', () => {
    expect(perSecond(69.04, 'rows')).toBe('69 rows/s');
    expect(perSecond(2.46, 'rows')).toBe('2.5 rows/s');
    expect(formatBytes(200 * 1024 * 1024)).toBe('200 MB');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(2048)).toBe('2 KB');
    expect(formatBytes(512)).toBe('512 B');
  });

  it('never rounds a count in progress to 100% or to 0%', () => {
    expect(progressPercent(996, 1000)).toBe(99);
    expect(progressPercent(1000, 1000)).toBe(100);
    expect(progressPercent(2, 1000)).toBe(1);
    expect(progressPercent(0, 1000)).toBe(0);
    expect(progressPercent(250, 1000)).toBe(25);
  });
});
