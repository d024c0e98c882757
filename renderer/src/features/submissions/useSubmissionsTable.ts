import { getCoreRowModel, useReactTable, type Table, type Updater } from '@tanstack/react-table';
import { useMemo } from 'react';
import { type SubmissionListRow } from '../../../../electron/shared/contract/submissions';
import { type TableLayout } from './browseState';
import { catalogKey, type ColumnCatalog } from './columnCatalog';
import { buildColumns, SEARCH_HIT_COLUMN } from './columns';
import { SELECT_COLUMN, selectColumn } from './selectColumn';
import { type SelectionStore } from './useRowSelection';

function apply<T>(updater: Updater<T>, current: T): T {
  return typeof updater === 'function' ? (updater as (old: T) => T)(current) : updater;
}

/**
 * The table of one view's rows: its columns from the form's catalogue, its sorting, order,
 * visibility, sizes and pins read from and written to the saved layout.
 */
export function useSubmissionsTable({
  rows,
  catalog,
  search,
  includePreview,
  layout,
  setLayout,
  selectionStore,
}: {
  rows: SubmissionListRow[];
  catalog: ColumnCatalog;
  search: string;
  includePreview: boolean;
  layout: TableLayout;
  setLayout: (patch: (current: TableLayout) => Partial<TableLayout>) => void;
  selectionStore: SelectionStore;
}): Table<SubmissionListRow> {
  const key = catalogKey(catalog);
  // Columns are rebuilt only when the form's fields (or the search to mark, or whether previews
  // show) change.
  const columns = useMemo(
    () => [selectColumn(selectionStore), ...buildColumns(catalog, search, includePreview)],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [key, search, includePreview],
  );
  const searching = search.trim() !== '';

  const layoutSetter =
    <K extends keyof TableLayout>(name: K) =>
    (updater: Updater<TableLayout[K]>) =>
      setLayout((current) => ({ [name]: apply(updater, current[name]) }));

  // eslint-disable-next-line react-hooks/incompatible-library -- not built with React Compiler
  return useReactTable({
    data: rows,
    columns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (row) => row.submissionId,
    manualSorting: true,
    manualFiltering: true,
    enableMultiSort: false,
    enableSortingRemoval: false,
    // A first click sorts ascending whatever the column holds (TanStack's default flips numbers).
    sortDescFirst: false,
    columnResizeMode: 'onChange',
    defaultColumn: { minSize: 70, maxSize: 900 },
    state: {
      sorting: layout.sorting,
      columnOrder: layout.columnOrder,
      columnVisibility: layout.columnVisibility,
      columnSizing: layout.columnSizing,
      // The rows' boxes come first, pinned; neither they nor the search's column are saved.
      columnPinning: {
        ...layout.columnPinning,
        left: [
          SELECT_COLUMN,
          ...layout.columnPinning.left,
          ...(searching ? [SEARCH_HIT_COLUMN] : []),
        ],
      },
    },
    onSortingChange: layoutSetter('sorting'),
    onColumnOrderChange: layoutSetter('columnOrder'),
    onColumnVisibilityChange: layoutSetter('columnVisibility'),
    onColumnSizingChange: layoutSetter('columnSizing'),
    onColumnPinningChange: (updater) =>
      setLayout((current) => {
        const next = apply(updater, current.columnPinning);
        // The search's own column is pinned while it lasts, never into the saved layout.
        const kept = (ids: string[] | undefined) =>
          (ids ?? []).filter((id) => id !== SEARCH_HIT_COLUMN && id !== SELECT_COLUMN);
        return { columnPinning: { left: kept(next.left), right: kept(next.right) } };
      }),
  });
}
