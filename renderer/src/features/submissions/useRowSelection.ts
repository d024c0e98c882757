import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import {
  extendTo,
  NOTHING_SELECTED,
  selectedCount,
  toggle,
  type RowSelection,
} from './rowSelection';
import { type SubmissionQuery } from './queryInput';
import { type SubmissionWindows } from './useSubmissionWindows';

/**
 * The selection, held outside React's state so each row's box re-renders alone when it changes
 * (the grid's rows are memoized and would not).
 */
export class SelectionStore {
  private current: { view: string; selection: RowSelection } = {
    view: '',
    selection: NOTHING_SELECTED,
  };
  private readonly listeners = new Set<() => void>();

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** The selection of `view`; another view's is nothing. */
  get(view: string): RowSelection {
    return this.current.view === view ? this.current.selection : NOTHING_SELECTED;
  }

  /** The selection of whatever view set it last, for the rows' boxes. */
  latest = (): RowSelection => this.current.selection;

  /** A new view starts with nothing selected, its rows' boxes cleared with it. */
  enter(view: string): void {
    if (this.current.view !== view) this.set(view, NOTHING_SELECTED);
  }

  set(view: string, selection: RowSelection): void {
    this.current = { view, selection };
    for (const listener of this.listeners) listener();
  }
}

export interface RowSelectionControl {
  store: SelectionStore;
  selection: RowSelection;
  count: number;
  toggleAt(index: number): void;
  extendTo(index: number): void;
  selectAllMatching(): void;
  clear(): void;
}

/**
 * Rows selected in one view of the table: by click, shift-click ranges, or every row the view
 * matches; a new filter or sort starts with nothing selected.
 */
export function useRowSelection(
  query: SubmissionQuery,
  windows: Pick<SubmissionWindows, 'rowAt' | 'total'>,
): RowSelectionControl {
  const [store] = useState(() => new SelectionStore());
  const view = JSON.stringify(query);
  const selection = useSyncExternalStore(store.subscribe, () => store.get(view));
  useEffect(() => store.enter(view), [store, view]);
  const { rowAt, total } = windows;
  const idAt = useCallback((index: number) => rowAt(index)?.submissionId, [rowAt]);
  return useMemo(
    () => ({
      store,
      selection,
      count: selectedCount(selection, total),
      toggleAt: (index) => {
        const id = idAt(index);
        if (id !== undefined) store.set(view, toggle(store.get(view), index, id, idAt, total));
      },
      extendTo: (index) => store.set(view, extendTo(store.get(view), index, idAt, total)),
      selectAllMatching: () => store.set(view, { kind: 'allMatching' }),
      clear: () => store.set(view, NOTHING_SELECTED),
    }),
    [store, selection, total, idAt, view],
  );
}
