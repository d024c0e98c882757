/** A refresh that runs at most once an interval while changes keep coming, and at once when they end. */
export interface BoundedRefresh {
  /** The rows changed: refresh now, or when the interval since the last refresh is over. */
  changed(): void;
  /** The writing ended: a refresh held back for the interval runs now, so nothing lags the end. */
  settled(): void;
  dispose(): void;
}

export function createBoundedRefresh(refresh: () => void, intervalMs: number): BoundedRefresh {
  let last = -Infinity;
  let pending: ReturnType<typeof setTimeout> | null = null;
  const run = () => {
    pending = null;
    last = Date.now();
    refresh();
  };
  return {
    changed() {
      if (pending !== null) return;
      const wait = last + intervalMs - Date.now();
      if (wait <= 0) run();
      else pending = setTimeout(run, wait);
    },
    settled() {
      if (pending === null) return;
      clearTimeout(pending);
      run();
    },
    dispose() {
      if (pending !== null) clearTimeout(pending);
      pending = null;
    },
  };
}
