import { Box } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type Column, type Table } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import {
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { type SubmissionListRow } from '../../../../electron/shared/contract/submissions';
import { useDeleteBlocked } from '../../app/connection';
import { ColumnHeader } from './ColumnHeader';
import { SelectAllHeader } from './SelectAllHeader';
import { SELECT_ACTION, SELECT_COLUMN } from './selectColumn';
import { type RowSelectionControl } from './useRowSelection';
import { type ColumnWindow, windowColumns } from './columnWindow';
import { ACTIONS_WIDTH, cellStyle, HEADER_HEIGHT, ROW_HEIGHT } from './gridLayout';
import { DELETE_ACTION, SubmissionRow } from './SubmissionRow';
import { type SubmissionWindows } from './useSubmissionWindows';

/**
 * Rows drawn beyond each edge of the viewport. A scroll renders its new rows before the frame is
 * painted (the virtualizer flushes synchronously), so a few are enough; each one costs elements.
 */
const ROW_OVERSCAN = 3;
/** Columns drawn beyond each side, so a sideways scroll finds the next column already there. */
const COLUMN_OVERSCAN = 1;

interface Props {
  table: Table<SubmissionListRow>;
  windows: SubmissionWindows;
  /** Absolute index of the row the keyboard is on. */
  activeIndex: number;
  onActiveChange(index: number): void;
  /** Rows picked for a bulk action: Space, a box's click, shift-click, Ctrl/Cmd-A. */
  selection?: RowSelectionControl;
  onOpen(index: number): void;
  onDelete(index: number): void;
  onFilterColumn(columnId: string): void;
  /** Changes whenever the query does: the list scrolls back to the top. */
  resetKey: string;
}

/** The absolute index of the row an event happened in, from the row's `data-index`. */
function rowIndexOf(target: EventTarget): number | null {
  const row = target instanceof Element ? target.closest<HTMLElement>('[data-index]') : null;
  return row ? Number(row.dataset.index) : null;
}

/**
 * The results grid, virtualized both ways: the scrollbars span every matching row and every
 * column, but only the cells in view (and pinned columns) exist. TanStack Table holds columns,
 * sort, sizing, order and pinning. Keyboard: arrows or j/k move, Enter opens, Delete asks to
 * delete.
 */
export function SubmissionsTable({
  table,
  windows,
  activeIndex,
  onActiveChange,
  selection,
  onOpen,
  onDelete,
  onFilterColumn,
  resetKey,
}: Props) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const [hoveredIndex, setHoveredIndex] = useState<number | null>(null);
  // Drawn as focused when the keyboard is in the grid (not for a click): a ring and its active row.
  const [focused, setFocused] = useState(false);

  // The app is not built with React Compiler; the virtualizers re-render this component.
  // eslint-disable-next-line react-hooks/incompatible-library
  const rowVirtualizer = useVirtualizer({
    count: windows.total,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: ROW_OVERSCAN,
  });
  const left = table.getLeftVisibleLeafColumns();
  const center = table.getCenterVisibleLeafColumns();
  const right = table.getRightVisibleLeafColumns();
  const columnVirtualizer = useVirtualizer({
    horizontal: true,
    count: center.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (index) => center[index]?.getSize() ?? 0,
    // The scrolled columns start after the left-pinned ones and the row actions.
    scrollMargin: table.getLeftTotalSize() + ACTIONS_WIDTH,
    overscan: COLUMN_OVERSCAN,
  });
  const { columnSizing } = table.getState();
  // Widths change by resizing or by a new set of columns: the virtualizer measures them again.
  useLayoutEffect(() => columnVirtualizer.measure(), [columnVirtualizer, center, columnSizing]);

  const columnItems = columnVirtualizer.getVirtualItems();
  const firstColumn = columnItems[0]?.index ?? 0;
  const lastColumn = columnItems[columnItems.length - 1]?.index ?? -1;
  const columns = useMemo(
    () =>
      windowColumns(left, center, right, firstColumn, lastColumn, {
        width: ACTIONS_WIDTH,
        // Beside the selection boxes, so a row's delete is in view however far the grid scrolls.
        after: left.findIndex((column) => column.id === SELECT_COLUMN) + 1,
      }),
    // Columns read their widths from the table's state: a new sizing places them anew.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [left, center, right, firstColumn, lastColumn, columnSizing],
  );
  const headers = new Map(table.getLeafHeaders().map((header) => [header.column.id, header]));

  const rowItems = rowVirtualizer.getVirtualItems();
  const firstVisible = rowItems[0]?.index ?? 0;
  const lastVisible = rowItems[rowItems.length - 1]?.index ?? 0;
  const { showRange } = windows;
  const deleteBlocked = useDeleteBlocked();
  const askToDelete = (index: number) => {
    if (!windows.rowAt(index)) return;
    if (deleteBlocked) notifications.show({ color: 'yellow', message: deleteBlocked });
    else onDelete(index);
  };

  useEffect(() => {
    if (windows.total > 0) showRange(firstVisible, lastVisible);
  }, [firstVisible, lastVisible, windows.total, showRange]);

  useEffect(() => {
    scrollRef.current?.scrollTo({ top: 0 });
  }, [resetKey]);

  const move = (index: number) => {
    const next = Math.max(0, Math.min(windows.total - 1, index));
    onActiveChange(next);
    rowVirtualizer.scrollToIndex(next, { align: 'auto' });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.target !== event.currentTarget) return;
    if (selection && (event.metaKey || event.ctrlKey) && event.key.toLowerCase() === 'a') {
      event.preventDefault();
      selection.selectAllMatching();
      return;
    }
    if (event.metaKey || event.ctrlKey || event.altKey) return;
    if (selection && event.key === ' ') {
      event.preventDefault();
      if (event.shiftKey) selection.extendTo(activeIndex);
      else selection.toggleAt(activeIndex);
      return;
    }
    const page = Math.max(
      1,
      Math.floor((scrollRef.current?.clientHeight ?? ROW_HEIGHT * 10) / ROW_HEIGHT) - 1,
    );
    const keys: Record<string, () => void> = {
      ArrowDown: () => move(activeIndex + 1),
      j: () => move(activeIndex + 1),
      ArrowUp: () => move(activeIndex - 1),
      k: () => move(activeIndex - 1),
      PageDown: () => move(activeIndex + page),
      PageUp: () => move(activeIndex - page),
      Home: () => move(0),
      End: () => move(windows.total - 1),
      Enter: () => windows.rowAt(activeIndex) && onOpen(activeIndex),
      Delete: () => askToDelete(activeIndex),
      // The Mac keyboard's delete key.
      Backspace: () => askToDelete(activeIndex),
    };
    const action = keys[event.key];
    if (action) {
      event.preventDefault();
      action();
    }
  };

  // One handler for every row: a click opens the row, or asks to delete it from its button.
  const onRowClick = (event: MouseEvent<HTMLDivElement>) => {
    const index = rowIndexOf(event.target);
    if (index === null || !windows.rowAt(index)) return;
    onActiveChange(index);
    const action = (event.target as Element).closest('[data-row-action]');
    if (selection && action?.getAttribute('data-row-action') === SELECT_ACTION) {
      if (event.shiftKey) selection.extendTo(index);
      else selection.toggleAt(index);
    } else if (action?.getAttribute('data-row-action') === DELETE_ACTION) {
      // A disabled delete says why in its tooltip; the click neither deletes nor opens the row.
      if (!deleteBlocked) onDelete(index);
    } else onOpen(index);
  };

  const width = table.getTotalSize() + ACTIONS_WIDTH;

  return (
    <Box
      ref={scrollRef}
      role="grid"
      aria-label="Submissions"
      aria-rowcount={windows.total + 1}
      aria-colcount={columns.columns.length + 1}
      aria-busy={windows.isFetching}
      tabIndex={0}
      onKeyDown={(event) => {
        setFocused(true);
        onKeyDown(event);
      }}
      onFocus={(event) => setFocused(event.currentTarget.matches(':focus-visible'))}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
      }}
      data-focused={focused || undefined}
      data-state={windows.isLoading ? 'loading' : 'ready'}
      data-total={windows.total}
      style={{
        overflow: 'auto',
        flex: 1,
        minHeight: 0,
        border: '1px solid var(--mantine-color-default-border)',
        borderRadius: 'var(--mantine-radius-md)',
        outline: focused ? '2px solid var(--mantine-primary-color-filled)' : 'none',
        outlineOffset: -2,
        contain: 'strict',
      }}
    >
      <div
        role="row"
        aria-rowindex={1}
        style={{
          display: 'flex',
          width,
          height: HEADER_HEIGHT,
          position: 'sticky',
          top: 0,
          zIndex: 2,
          background: 'var(--mantine-color-body)',
          borderBottom: '1px solid var(--mantine-color-default-border)',
        }}
      >
        {withActionsHeader(
          columns,
          columns.columns.map((placed) => {
            const header = headers.get(placed.column.id);
            if (selection && placed.column.id === SELECT_COLUMN)
              return (
                <SelectAllHeader
                  key={placed.column.id}
                  placed={placed}
                  selection={selection}
                  total={windows.total}
                />
              );
            return (
              header && (
                <ColumnHeader
                  key={header.id}
                  header={header}
                  placed={placed}
                  sorted={header.column.getIsSorted()}
                  resizing={header.column.getIsResizing()}
                  onFilterColumn={onFilterColumn}
                />
              )
            );
          }),
        )}
      </div>
      <div
        onClick={onRowClick}
        onMouseOver={(event) => setHoveredIndex(rowIndexOf(event.target))}
        onMouseLeave={() => setHoveredIndex(null)}
        style={{ height: rowVirtualizer.getTotalSize(), width, position: 'relative' }}
      >
        {rowItems.map((item) => (
          <SubmissionRow
            key={item.key}
            table={table}
            index={item.index}
            submission={windows.rowAt(item.index)}
            top={item.start}
            width={width}
            columns={columns}
            active={item.index === activeIndex}
            focused={focused}
            withActions={item.index === activeIndex || item.index === hoveredIndex}
            deleteBlocked={deleteBlocked}
          />
        ))}
      </div>
    </Box>
  );
}

/** The header cells with the row actions' empty, pinned cell in its place among them. */
function withActionsHeader(
  columns: ColumnWindow<Column<SubmissionListRow>>,
  headers: ReactNode[],
): ReactNode[] {
  const { actions } = columns;
  if (!actions) return headers;
  const cell = (
    <div
      key="actions"
      role="columnheader"
      aria-label="Actions"
      aria-colindex={actions.colIndex}
      style={{ ...cellStyle, ...actions.style, zIndex: 3 }}
    />
  );
  return [...headers.slice(0, actions.at), cell, ...headers.slice(actions.at)];
}
