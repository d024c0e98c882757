import { type CSSProperties } from 'react';

/** What the window needs of a column: TanStack's columns, or anything sized like them. */
export interface SizedColumn {
  id: string;
  getSize(): number;
}

/** A visible column: its place among the others and its cell's box. */
export interface PlacedColumn<C extends SizedColumn> {
  column: C;
  /** 1-based position among every visible column (`aria-colindex`). */
  colIndex: number;
  pinned: 'left' | 'right' | false;
  /** Pinned, or scrolled into the window: rows draw its cells. */
  drawn: boolean;
  /** Width, and the sticky offset of a pinned column. */
  style: CSSProperties;
}

export interface ColumnWindow<C extends SizedColumn> {
  /** Every visible column, in order: the header names them all. */
  columns: PlacedColumn<C>[];
  /**
   * The columns whose cells rows draw, each cell's box holding the room of the columns left out
   * before it as a margin, so it sits where it belongs and the row keeps its full width.
   */
  drawn: PlacedColumn<C>[];
  /** The row actions' cell, pinned among the left columns; null when the grid has none. */
  actions: PlacedActions | null;
}

/** Room for a row's actions, kept in view after the first `after` left-pinned columns. */
export interface ActionsSlot {
  width: number;
  after: number;
}

export interface PlacedActions {
  colIndex: number;
  /** Index in `columns` and in `drawn` before which the actions' cell is drawn. */
  at: number;
  style: CSSProperties;
}

const PINNED_EDGE = 'var(--mantine-color-default-border)';

/**
 * Places the visible columns and picks those a row draws: every pinned column (sticky, so it
 * stays while the rest scroll sideways) and only the scrolled columns `first`..`last` (the
 * horizontal virtualizer's range). A row's actions, when given room, are pinned too: a wide form
 * would otherwise put them thousands of pixels to the right.
 */
export function windowColumns<C extends SizedColumn>(
  left: C[],
  center: C[],
  right: C[],
  first: number,
  last: number,
  actionsSlot?: ActionsSlot,
): ColumnWindow<C> {
  const columns: PlacedColumn<C>[] = [];
  const drawn: PlacedColumn<C>[] = [];
  let skipped = 0;
  const place = (column: PlacedColumn<C>) => {
    columns.push(column);
    if (!column.drawn) {
      skipped += column.column.getSize();
      return;
    }
    drawn.push(
      skipped > 0 ? { ...column, style: { ...column.style, marginLeft: skipped } } : column,
    );
    skipped = 0;
  };

  let fromLeft = 0;
  let actions: PlacedActions | null = null;
  const actionsAt = actionsSlot ? Math.min(actionsSlot.after, left.length) : -1;
  const lastPinned = actionsSlot ? left.length : left.length - 1;
  const pinnedStyle = (width: number, i: number): CSSProperties => ({
    width,
    position: 'sticky',
    left: fromLeft,
    zIndex: 1,
    // The row's own background (keyboard row), so the columns scrolling under stay hidden.
    background: 'inherit',
    boxShadow: i === lastPinned ? `inset -1px 0 0 ${PINNED_EDGE}` : undefined,
  });
  const placeActions = (slot: ActionsSlot) => {
    actions = { colIndex: actionsAt + 1, at: actionsAt, style: pinnedStyle(slot.width, actionsAt) };
    fromLeft += slot.width;
  };
  // Columns after the actions' cell count it in their place among the others.
  const shift = (i: number) => (actionsSlot && i >= actionsAt ? 1 : 0);
  left.forEach((column, i) => {
    if (actionsSlot && i === actionsAt) placeActions(actionsSlot);
    place({
      column,
      colIndex: i + 1 + shift(i),
      pinned: 'left',
      drawn: true,
      style: pinnedStyle(column.getSize(), i + shift(i)),
    });
    fromLeft += column.getSize();
  });
  if (actionsSlot && actionsAt === left.length) placeActions(actionsSlot);
  const before = left.length + (actionsSlot ? 1 : 0);

  center.forEach((column, i) => {
    place({
      column,
      colIndex: before + i + 1,
      pinned: false,
      drawn: i >= first && i <= last,
      style: { width: column.getSize() },
    });
  });

  let fromRight = right.reduce((total, column) => total + column.getSize(), 0);
  right.forEach((column, i) => {
    fromRight -= column.getSize();
    place({
      column,
      colIndex: before + center.length + i + 1,
      pinned: 'right',
      drawn: true,
      style: {
        width: column.getSize(),
        position: 'sticky',
        right: fromRight,
        zIndex: 1,
        background: 'inherit',
        boxShadow: i === 0 ? `inset 1px 0 0 ${PINNED_EDGE}` : undefined,
      },
    });
  });

  return { columns, drawn, actions };
}
