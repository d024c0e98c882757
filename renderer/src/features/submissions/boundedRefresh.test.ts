import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createBoundedRefresh } from './boundedRefresh';

describe('createBoundedRefresh', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('refreshes at once, then at most once an interval while changes keep coming', () => {
    const refresh = vi.fn();
    const bounded = createBoundedRefresh(refresh, 2_000);
    bounded.changed();
    expect(refresh).toHaveBeenCalledTimes(1);
    for (let i = 0; i < 10; i++) {
      vi.advanceTimersByTime(150);
      bounded.changed();
    }
    expect(refresh).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(2_000 - 1_500);
    expect(refresh).toHaveBeenCalledTimes(2);
  });

  it('runs a held-back refresh as soon as the writing ends', () => {
    const refresh = vi.fn();
    const bounded = createBoundedRefresh(refresh, 2_000);
    bounded.changed();
    vi.advanceTimersByTime(100);
    bounded.changed();
    expect(refresh).toHaveBeenCalledTimes(1);
    bounded.settled();
    expect(refresh).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(5_000);
    expect(refresh).toHaveBeenCalledTimes(2);
  });

  it('does not refresh again at the end when nothing changed since the last refresh', () => {
    const refresh = vi.fn();
    const bounded = createBoundedRefresh(refresh, 2_000);
    bounded.changed();
    bounded.settled();
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('drops a held-back refresh once disposed', () => {
    const refresh = vi.fn();
    const bounded = createBoundedRefresh(refresh, 2_000);
    bounded.changed();
    bounded.changed();
    bounded.dispose();
    vi.advanceTimersByTime(5_000);
    expect(refresh).toHaveBeenCalledTimes(1);
  });
});
