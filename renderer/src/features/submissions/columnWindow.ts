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
  /** Room for the scrolled columns after the window, when no right-pinned column takes it. */
  trailingOffset: number;
}

const PINNED_EDGE = 'var(--mantine-color-default-border)';

/**
 * Places the visible columns and picks those a row draws: every pinned column (sticky, so it
 * stays while the rest scroll sideways) and only the scrolled columns `first`..`last` (the
 * horizontal virtualizer's range).
 */
export function windowColumns<C extends SizedColumn>(
  left: C[],
  center: C[],
  right: C[],
  first: number,
  last: number,
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
  left.forEach((column, i) => {
    place({
      column,
      colIndex: i + 1,
      pinned: 'left',
      drawn: true,
      style: {
        width: column.getSize(),
        position: 'sticky',
        left: fromLeft,
        zIndex: 1,
        // The row's own background (keyboard row), so the columns scrolling under stay hidden.
        background: 'inherit',
        boxShadow: i === left.length - 1 ? `inset -1px 0 0 ${PINNED_EDGE}` : undefined,
      },
    });
    fromLeft += column.getSize();
  });

  center.forEach((column, i) => {
    place({
      column,
      colIndex: left.length + i + 1,
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
      colIndex: left.length + center.length + i + 1,
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

  return { columns, drawn, trailingOffset: skipped };
}
