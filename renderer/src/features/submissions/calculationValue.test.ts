import { describe, expect, it } from 'vitest';
import { formatCalculation } from '../../../../electron/shared/answers/calculationValue';

describe('formatCalculation', () => {
  it('reads durations in seconds as people say them', () => {
    expect(formatCalculation('duration', '298')).toBe('4 min 58 s');
    expect(formatCalculation('duration', '45')).toBe('45 s');
    expect(formatCalculation('duration', '120')).toBe('2 min');
    expect(formatCalculation('duration', '7384')).toBe('2 h 3 min');
  });

  it('leaves numbers, text and unreadable durations as sent', () => {
    expect(formatCalculation('number', '12.5')).toBe('12.5');
    expect(formatCalculation('text', 'Team')).toBe('Team');
    expect(formatCalculation('duration', 'about an hour')).toBe('about an hour');
    expect(formatCalculation('duration', null)).toBe('');
  });
});
