import { describe, expect, it } from 'vitest';
import { compactDateTime } from './compactDate';

describe('compactDateTime', () => {
  const now = new Date(2026, 10, 29, 12, 0);

  it("leaves this year's out of a date of this year, and keeps its time", () => {
    const text = compactDateTime(new Date(2026, 10, 25, 16, 25).toISOString(), now);
    expect(text).not.toContain('2026');
    expect(text).toMatch(/25/);
    expect(text).toMatch(/25.*\d{1,2}[:.]25|\d{1,2}[:.]25.*25/);
  });

  it('gives an older date its year and its day alone', () => {
    const text = compactDateTime(new Date(2025, 2, 4, 9, 15).toISOString(), now);
    expect(text).toContain('2025');
    expect(text).not.toMatch(/9[:.]15/);
  });

  it('keeps what is not a date as it came', () => {
    expect(compactDateTime('soon', now)).toBe('soon');
    expect(compactDateTime(null, now)).toBe('');
  });
});
