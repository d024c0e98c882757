import { describe, expect, it } from 'vitest';
import { fullScale, numberFigures, roundWidth, scaleOrder } from './summaryFigures';

describe('round bins', () => {
  it('cuts durations at steps of time and other numbers at 1, 2 or 5 of a power of ten', () => {
    expect(roundWidth(17.44, true)).toBe(30);
    expect(roundWidth(45, true)).toBe(60);
    expect(roundWidth(17.44, false)).toBe(20);
    expect(roundWidth(0.3, false)).toBe(0.5);
  });

  it('starts a duration histogram on a round minute and covers every value once', () => {
    const values = [54, 61, 90, 120, 228.4].map((value) => ({ value, count: 1 }));
    const { histogram } = numberFigures(values, { duration: true });
    expect(histogram[0]!.from).toBe(30);
    for (const bin of histogram) expect(bin.to - bin.from).toBe(30);
    expect(histogram.at(-1)!.to).toBeGreaterThanOrEqual(228.4);
    expect(histogram.reduce((n, b) => n + b.count, 0)).toBe(values.length);
  });
});

describe('scales', () => {
  it("puts a matrix's columns in their scale's order, whatever came first", () => {
    expect(scaleOrder(['Poor', 'Excellent', 'Fair', 'Good'])).toEqual([
      'Poor',
      'Fair',
      'Good',
      'Excellent',
    ]);
    expect(scaleOrder(['10', '2', '1'])).toEqual(['1', '2', '10']);
    expect(scaleOrder(['Red', 'Blue'])).toEqual(['Blue', 'Red']);
  });

  it('draws every point of a scale, at zero where nobody gave it', () => {
    expect(
      fullScale(
        [
          { value: 2, count: 3 },
          { value: 9, count: 1 },
        ],
        { min: 0, max: 10 },
      ).map((d) => d.count),
    ).toEqual([0, 0, 3, 0, 0, 0, 0, 0, 0, 1, 0]);
  });
});
