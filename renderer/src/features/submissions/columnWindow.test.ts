import { describe, expect, it } from 'vitest';
import { windowColumns } from './columnWindow';

const columns = (prefix: string, ...sizes: number[]) =>
  sizes.map((size, i) => ({ id: `${prefix}${i}`, getSize: () => size }));

describe('windowColumns', () => {
  it('draws pinned columns and the scrolled columns in range, keeping the room of the others', () => {
    const window = windowColumns(columns('l', 100), columns('c', 10, 20, 30, 40, 50), [], 1, 2);
    expect(window.columns.map((p) => [p.column.id, p.colIndex, p.drawn])).toEqual([
      ['l0', 1, true],
      ['c0', 2, false],
      ['c1', 3, true],
      ['c2', 4, true],
      ['c3', 5, false],
      ['c4', 6, false],
    ]);
    expect(window.drawn.map((p) => [p.column.id, p.style.width, p.style.marginLeft])).toEqual([
      ['l0', 100, undefined],
      ['c1', 20, 10],
      ['c2', 30, undefined],
    ]);
  });

  it('stacks pinned columns at their sticky offsets and gives the trailing room to the right side', () => {
    const window = windowColumns(
      columns('l', 100, 50),
      columns('c', 10, 20, 30),
      columns('r', 70, 80),
      0,
      0,
    );
    expect(window.drawn.map((p) => p.column.id)).toEqual(['l0', 'l1', 'c0', 'r0', 'r1']);
    expect(window.drawn.map((p) => p.colIndex)).toEqual([1, 2, 3, 6, 7]);
    expect(window.drawn[0]?.style).toMatchObject({ position: 'sticky', left: 0 });
    expect(window.drawn[1]?.style).toMatchObject({ position: 'sticky', left: 100 });
    expect(window.drawn[3]?.style).toMatchObject({ right: 80, marginLeft: 50 });
    expect(window.drawn[4]?.style).toMatchObject({ right: 0 });
    // The edge line marks where the pinned columns end on each side.
    expect(window.drawn.map((p) => Boolean(p.style.boxShadow))).toEqual([
      false,
      true,
      false,
      true,
      false,
    ]);
  });

  it('keeps the whole width when no scrolled column is in range yet', () => {
    const window = windowColumns([], columns('c', 10, 20), [], 0, -1);
    expect(window.drawn).toEqual([]);
    expect(window.columns).toHaveLength(2);
  });

  it('pins the row actions after the selection column, and the columns after them move over', () => {
    const window = windowColumns(columns('l', 40, 100), columns('c', 10, 20), [], 1, 1, {
      width: 44,
      after: 1,
    });
    expect(window.actions).toMatchObject({
      colIndex: 2,
      at: 1,
      style: { position: 'sticky', left: 40, width: 44 },
    });
    expect(window.drawn.map((p) => [p.column.id, p.colIndex, p.style.left])).toEqual([
      ['l0', 1, 0],
      ['l1', 3, 84],
      ['c1', 5, undefined],
    ]);
    // The edge line moves to the last pinned cell, which is a column here.
    expect(window.drawn[1]?.style.boxShadow).toBeTruthy();
    expect(window.actions?.style.boxShadow).toBeUndefined();
  });

  it('pins the row actions first when no column is pinned before them', () => {
    const window = windowColumns([], columns('c', 10), [], 0, 0, { width: 44, after: 0 });
    expect(window.actions).toMatchObject({ colIndex: 1, at: 0, style: { left: 0 } });
    expect(window.actions?.style.boxShadow).toBeTruthy();
    expect(window.drawn[0]?.colIndex).toBe(2);
  });
});
