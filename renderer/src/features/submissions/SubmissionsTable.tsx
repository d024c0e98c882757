import { ActionIcon, Box, Menu, Skeleton, Text, UnstyledButton } from '@mantine/core';
import {
  IconArrowDown,
  IconArrowUp,
  IconArrowsSort,
  IconDots,
  IconEyeOff,
  IconFilter,
  IconPin,
  IconPinnedOff,
  IconTrash,
} from '@tabler/icons-react';
import { flexRender, type Column, type Header, type Table } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef, type CSSProperties, type KeyboardEvent } from 'react';
import { type SubmissionListRow } from '../../../../electron/shared/contract/submissions';
import { type SubmissionWindows } from './useSubmissionWindows';

const ROW_HEIGHT = 40;
const HEADER_HEIGHT = 40;
const ACTIONS_WIDTH = 44;

interface Props {
  table: Table<SubmissionListRow>;
  windows: SubmissionWindows;
  /** Absolute index of the row the keyboard is on. */
  activeIndex: number;
  onActiveChange(index: number): void;
  onOpen(index: number): void;
  onDelete(index: number): void;
  onFilterColumn(columnId: string): void;
  /** Changes whenever the query does: the list scrolls back to the top. */
  resetKey: string;
}

/** Sticky placement of a pinned column, so it stays put while the rest scrolls sideways. */
function pinStyle(column: Column<SubmissionListRow>, background: string): CSSProperties {
  const pinned = column.getIsPinned();
  if (!pinned) return {};
  return {
    position: 'sticky',
    [pinned]: pinned === 'left' ? column.getStart('left') : column.getAfter('right'),
    zIndex: 1,
    background,
    boxShadow:
      pinned === 'left' && column.getIsLastColumn('left')
        ? 'inset -1px 0 0 var(--mantine-color-default-border)'
        : pinned === 'right' && column.getIsFirstColumn('right')
          ? 'inset 1px 0 0 var(--mantine-color-default-border)'
          : undefined,
  };
}

const cellStyle: CSSProperties = {
  display: 'flex',
  alignItems: 'center',
  padding: '0 10px',
  overflow: 'hidden',
  whiteSpace: 'nowrap',
  flexShrink: 0,
};

/**
 * The results grid: a virtualized list over every matching row (the scrollbar spans the whole
 * result, rows are drawn only where the viewport is), TanStack Table for columns, sort, sizing,
 * order and pinning. Keyboard: arrows or j/k move, Enter opens, Delete asks to delete.
 */
export function SubmissionsTable({
  table,
  windows,
  activeIndex,
  onActiveChange,
  onOpen,
  onDelete,
  onFilterColumn,
  resetKey,
}: Props) {
  const scrollRef = useRef<HTMLDivElement>(null);
  // The app is not built with React Compiler; the virtualizer re-renders this component itself.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: windows.total,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
  });
  const items = virtualizer.getVirtualItems();
  const firstVisible = items[0]?.index ?? 0;
  const lastVisible = items[items.length - 1]?.index ?? 0;
  const { showRange } = windows;

  useEffect(() => {
    if (windows.total > 0) showRange(firstVisible, lastVisible);
  }, [firstVisible, lastVisible, windows.total, showRange]);

  useEffect(() => {
    scrollRef.current?.scrollTo({ top: 0 });
  }, [resetKey]);

  const move = (index: number) => {
    const next = Math.max(0, Math.min(windows.total - 1, index));
    onActiveChange(next);
    virtualizer.scrollToIndex(next, { align: 'auto' });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.target !== event.currentTarget || event.metaKey || event.ctrlKey || event.altKey)
      return;
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
      Delete: () => windows.rowAt(activeIndex) && onDelete(activeIndex),
      // The Mac keyboard's delete key.
      Backspace: () => windows.rowAt(activeIndex) && onDelete(activeIndex),
    };
    const action = keys[event.key];
    if (action) {
      event.preventDefault();
      action();
    }
  };

  const headers = table.getHeaderGroups()[0]?.headers ?? [];
  const width = table.getTotalSize() + ACTIONS_WIDTH;
  const rowModel = table.getRowModel().rows;

  return (
    <Box
      ref={scrollRef}
      role="grid"
      aria-label="Submissions"
      aria-rowcount={windows.total + 1}
      aria-colcount={headers.length}
      aria-busy={windows.isFetching}
      tabIndex={0}
      onKeyDown={onKeyDown}
      data-state={windows.isLoading ? 'loading' : 'ready'}
      data-total={windows.total}
      style={{
        overflow: 'auto',
        flex: 1,
        minHeight: 0,
        border: '1px solid var(--mantine-color-default-border)',
        borderRadius: 'var(--mantine-radius-md)',
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
        {headers.map((header) => (
          <HeaderCell key={header.id} header={header} onFilterColumn={onFilterColumn} />
        ))}
        <div style={{ ...cellStyle, width: ACTIONS_WIDTH }} aria-hidden />
      </div>
      <div style={{ height: virtualizer.getTotalSize(), width, position: 'relative' }}>
        {items.map((item) => {
          const tableRow = rowModel[item.index - windows.start];
          const active = item.index === activeIndex;
          const background = active
            ? 'var(--mantine-primary-color-light)'
            : 'var(--mantine-color-body)';
          return (
            <div
              key={item.key}
              role="row"
              aria-rowindex={item.index + 2}
              aria-selected={active}
              data-submission-id={tableRow?.original.submissionId}
              onClick={() => {
                if (!tableRow) return;
                onActiveChange(item.index);
                onOpen(item.index);
              }}
              style={{
                display: 'flex',
                position: 'absolute',
                top: 0,
                left: 0,
                width,
                height: ROW_HEIGHT,
                transform: `translateY(${item.start}px)`,
                borderBottom: '1px solid var(--mantine-color-default-border)',
                background,
                cursor: tableRow ? 'pointer' : 'default',
              }}
            >
              {tableRow ? (
                <>
                  {tableRow.getVisibleCells().map((cell) => (
                    <div
                      key={cell.id}
                      role="gridcell"
                      style={{
                        ...cellStyle,
                        width: cell.column.getSize(),
                        ...pinStyle(cell.column, background),
                      }}
                    >
                      {flexRender(cell.column.columnDef.cell, cell.getContext())}
                    </div>
                  ))}
                  <div
                    role="gridcell"
                    style={{
                      ...cellStyle,
                      width: ACTIONS_WIDTH,
                      padding: 0,
                      justifyContent: 'center',
                    }}
                  >
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      size="sm"
                      aria-label={`Delete submission ${tableRow.original.submissionId}`}
                      title="Delete…"
                      onClick={(event) => {
                        event.stopPropagation();
                        onActiveChange(item.index);
                        onDelete(item.index);
                      }}
                    >
                      <IconTrash size={15} />
                    </ActionIcon>
                  </div>
                </>
              ) : (
                <div role="gridcell" style={{ ...cellStyle, width: '100%' }}>
                  <Skeleton height={12} width={Math.min(width - 20, 600)} radius="sm" />
                </div>
              )}
            </div>
          );
        })}
      </div>
    </Box>
  );
}

function HeaderCell({
  header,
  onFilterColumn,
}: {
  header: Header<SubmissionListRow, unknown>;
  onFilterColumn(columnId: string): void;
}) {
  const { column } = header;
  const sorted = column.getIsSorted();
  const pinned = column.getIsPinned();
  const label = typeof column.columnDef.header === 'string' ? column.columnDef.header : column.id;
  const type = (column.columnDef.meta as { type?: string } | undefined)?.type;
  const SortIcon =
    sorted === 'asc' ? IconArrowUp : sorted === 'desc' ? IconArrowDown : IconArrowsSort;

  return (
    <div
      role="columnheader"
      aria-label={label}
      aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none'}
      data-column-id={column.id}
      draggable
      onDragStart={(event) => event.dataTransfer.setData('text/x-formdesk-column', column.id)}
      onDragOver={(event) => event.preventDefault()}
      onDrop={(event) => {
        const moved = event.dataTransfer.getData('text/x-formdesk-column');
        if (!moved || moved === column.id) return;
        const table = header.getContext().table;
        const order = table.getAllLeafColumns().map((c) => c.id);
        const without = order.filter((id) => id !== moved);
        without.splice(without.indexOf(column.id), 0, moved);
        table.setColumnOrder(without);
      }}
      style={{
        ...cellStyle,
        width: header.getSize(),
        position: pinned ? 'sticky' : 'relative',
        ...pinStyle(column, 'var(--mantine-color-body)'),
        zIndex: pinned ? 3 : undefined,
        padding: '0 4px 0 10px',
        gap: 2,
      }}
    >
      <UnstyledButton
        onClick={column.getCanSort() ? column.getToggleSortingHandler() : undefined}
        disabled={!column.getCanSort()}
        aria-label={column.getCanSort() ? `Sort by ${label}` : label}
        title={type ? `${label} (${type})` : label}
        style={{
          flex: 1,
          minWidth: 0,
          display: 'flex',
          alignItems: 'center',
          gap: 4,
          cursor: column.getCanSort() ? 'pointer' : 'default',
        }}
      >
        <Text span size="sm" fw={600} truncate>
          {label}
        </Text>
        {column.getCanSort() && (
          <SortIcon size={14} style={{ flexShrink: 0, opacity: sorted ? 1 : 0.35 }} aria-hidden />
        )}
      </UnstyledButton>
      <Menu position="bottom-end" withinPortal shadow="md">
        <Menu.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="sm"
            aria-label={`Column options: ${label}`}
          >
            <IconDots size={14} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          {column.getCanSort() && (
            <>
              <Menu.Item
                leftSection={<IconArrowUp size={14} />}
                onClick={() => column.toggleSorting(false)}
              >
                Sort ascending
              </Menu.Item>
              <Menu.Item
                leftSection={<IconArrowDown size={14} />}
                onClick={() => column.toggleSorting(true)}
              >
                Sort descending
              </Menu.Item>
              <Menu.Item
                leftSection={<IconFilter size={14} />}
                onClick={() => onFilterColumn(column.id)}
              >
                Filter by this column…
              </Menu.Item>
              <Menu.Divider />
            </>
          )}
          {pinned ? (
            <Menu.Item leftSection={<IconPinnedOff size={14} />} onClick={() => column.pin(false)}>
              Unpin
            </Menu.Item>
          ) : (
            <Menu.Item leftSection={<IconPin size={14} />} onClick={() => column.pin('left')}>
              Pin to the left
            </Menu.Item>
          )}
          {column.getCanHide() && (
            <Menu.Item
              leftSection={<IconEyeOff size={14} />}
              onClick={() => column.toggleVisibility(false)}
            >
              Hide column
            </Menu.Item>
          )}
        </Menu.Dropdown>
      </Menu>
      {column.getCanResize() && (
        <div
          role="separator"
          aria-orientation="vertical"
          aria-label={`Resize ${label}`}
          onMouseDown={(event) => {
            // Keep the header's own drag (reordering) from starting while a width is dragged.
            event.preventDefault();
            header.getResizeHandler()(event);
          }}
          onTouchStart={header.getResizeHandler()}
          onDoubleClick={() => column.resetSize()}
          style={{
            position: 'absolute',
            right: 0,
            top: 0,
            height: '100%',
            width: 6,
            cursor: 'col-resize',
            userSelect: 'none',
            touchAction: 'none',
            background: column.getIsResizing() ? 'var(--mantine-primary-color-filled)' : undefined,
          }}
        />
      )}
    </div>
  );
}
