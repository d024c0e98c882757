/**
 * What the table's windows should do for the rows on screen: nothing, load the next or previous
 * window as an edge comes near, or, after a jump far from what is loaded (dragging the scrollbar
 * across a large form), restart at the window under the viewport instead of walking there.
 */
export type WindowStep =
  { kind: 'stay' } | { kind: 'next' } | { kind: 'previous' } | { kind: 'jump'; offset: number };

export interface LoadedRange {
  /** Absolute index of the first loaded row, and one past the last. */
  start: number;
  end: number;
  hasNext: boolean;
  hasPrevious: boolean;
}

export function planWindows(
  firstVisible: number,
  lastVisible: number,
  loaded: LoadedRange,
  options: { windowSize: number; margin: number },
): WindowStep[] {
  const far = options.windowSize * 2;
  if (lastVisible < loaded.start - far || firstVisible > loaded.end + far) {
    return [
      { kind: 'jump', offset: Math.floor(firstVisible / options.windowSize) * options.windowSize },
    ];
  }
  const steps: WindowStep[] = [];
  if (lastVisible >= loaded.end - options.margin && loaded.hasNext) steps.push({ kind: 'next' });
  if (firstVisible <= loaded.start + options.margin && loaded.hasPrevious)
    steps.push({ kind: 'previous' });
  return steps.length > 0 ? steps : [{ kind: 'stay' }];
}
