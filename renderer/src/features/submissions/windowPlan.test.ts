import { describe, expect, it } from 'vitest';
import { planWindows } from './windowPlan';

const options = { windowSize: 200, margin: 60 };

describe('planWindows', () => {
  it('stays while the viewport is well inside the loaded rows', () => {
    expect(
      planWindows(250, 280, { start: 0, end: 600, hasNext: true, hasPrevious: false }, options),
    ).toEqual([{ kind: 'stay' }]);
  });

  it('loads the next window before the end comes into view, and only when there is one', () => {
    expect(
      planWindows(540, 570, { start: 0, end: 600, hasNext: true, hasPrevious: false }, options),
    ).toEqual([{ kind: 'next' }]);
    expect(
      planWindows(570, 599, { start: 0, end: 600, hasNext: false, hasPrevious: false }, options),
    ).toEqual([{ kind: 'stay' }]);
  });

  it('loads the previous window when scrolling back up to dropped rows', () => {
    expect(
      planWindows(820, 850, { start: 800, end: 1600, hasNext: true, hasPrevious: true }, options),
    ).toEqual([{ kind: 'previous' }]);
  });

  it('restarts at the window under the viewport after a jump far away', () => {
    expect(
      planWindows(
        44_089,
        44_110,
        { start: 0, end: 800, hasNext: true, hasPrevious: false },
        options,
      ),
    ).toEqual([{ kind: 'jump', offset: 44_000 }]);
    expect(
      planWindows(
        10,
        30,
        { start: 44_000, end: 44_800, hasNext: true, hasPrevious: true },
        options,
      ),
    ).toEqual([{ kind: 'jump', offset: 0 }]);
  });

  it('walks rather than jumps when the target is near the loaded rows', () => {
    expect(
      planWindows(900, 930, { start: 0, end: 800, hasNext: true, hasPrevious: false }, options),
    ).toEqual([{ kind: 'next' }]);
  });
});
