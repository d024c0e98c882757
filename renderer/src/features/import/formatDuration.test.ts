import { describe, expect, it } from 'vitest';
import { formatDuration } from './formatDuration';

describe('formatDuration', () => {
  it('says how long in the largest units that matter', () => {
    expect(formatDuration(200)).toBe('under 1 s');
    expect(formatDuration(200_000)).toBe('3 min 20 s');
    expect(formatDuration(7_500_000)).toBe('2 h 5 min');
  });
});
