import { ActionIcon, Menu, Text, Tooltip, UnstyledButton } from '@mantine/core';
import {
  IconArrowDown,
  IconArrowUp,
  IconArrowsSort,
  IconDots,
  IconEyeOff,
  IconFilter,
  IconPin,
  IconPinnedOff,
} from '@tabler/icons-react';
import { type Column, type Header } from '@tanstack/react-table';
import { memo } from 'react';
import { type SubmissionListRow } from '../../../../electron/shared/contract/submissions';
import { questionTypeLabel } from '../../components/questionTypeLabel';
import { type PlacedColumn } from './columnWindow';
import { cellStyle } from './gridLayout';

interface Props {
  header: Header<SubmissionListRow, unknown>;
  placed: PlacedColumn<Column<SubmissionListRow>>;
  /** The column's sort and resize state, passed in so the memo sees them change. */
  sorted: false | 'asc' | 'desc';
  resizing: boolean;
  onFilterColumn(columnId: string): void;
}

/**
 * A column's header: sorts on click, reorders by drag and drop, resizes by its edge, and a menu
 * for sort, filter, pin and hide. Memoized, as scrolling re-renders the table every frame.
 */
export const ColumnHeader = memo(function ColumnHeader({
  header,
  placed,
  sorted,
  resizing,
  onFilterColumn,
}: Props) {
  const { column } = header;
  const { pinned } = placed;
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
      aria-colindex={placed.colIndex}
      style={{
        ...cellStyle,
        position: 'relative',
        ...placed.style,
        zIndex: pinned ? 3 : undefined,
        padding: '0 4px 0 10px',
        gap: 2,
      }}
    >
      {/* Out of view, a header keeps only its name and sort button; the rest comes with its cells. */}
      {/* A header's name is often cut at its column's width: the whole of it shows on hover. */}
      <Tooltip
        label={type ? `${label} · ${questionTypeLabel(type)}` : label}
        openDelay={300}
        disabled={!placed.drawn}
        multiline
        maw={360}
      >
        <UnstyledButton
          onClick={column.getCanSort() ? column.getToggleSortingHandler() : undefined}
          disabled={!column.getCanSort()}
          aria-label={column.getCanSort() ? `Sort by ${label}` : label}
          style={{
            flex: 1,
            minWidth: 0,
            display: 'flex',
            alignItems: 'center',
            gap: 4,
            cursor: column.getCanSort() ? 'pointer' : 'default',
          }}
        >
          {placed.drawn ? (
            <>
              <Text span size="sm" fw={600} truncate>
                {label}
              </Text>
              {column.getCanSort() && (
                <SortIcon
                  size={14}
                  style={{ flexShrink: 0, opacity: sorted ? 1 : 0.35 }}
                  aria-hidden
                />
              )}
            </>
          ) : (
            label
          )}
        </UnstyledButton>
      </Tooltip>
      {placed.drawn && <ColumnMenu column={column} label={label} onFilterColumn={onFilterColumn} />}
      {placed.drawn && column.getCanResize() && (
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
            background: resizing ? 'var(--mantine-primary-color-filled)' : undefined,
          }}
        />
      )}
    </div>
  );
});

/** The column's menu: sort, filter by it, pin, hide. */
function ColumnMenu({
  column,
  label,
  onFilterColumn,
}: {
  column: Column<SubmissionListRow>;
  label: string;
  onFilterColumn(columnId: string): void;
}) {
  const pinned = column.getIsPinned();
  return (
    <Menu position="bottom-end" withinPortal shadow="md">
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" size="sm" aria-label={`Column options: ${label}`}>
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
  );
}
