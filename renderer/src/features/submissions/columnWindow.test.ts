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
    expect(window.trailingOffset).toBe(90);
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
    expect(window.trailingOffset).toBe(0);
  });

  it('keeps the whole width when no scrolled column is in range yet', () => {
    const window = windowColumns([], columns('c', 10, 20), [], 0, -1);
    expect(window.drawn).toEqual([]);
    expect(window.columns).toHaveLength(2);
    expect(window.trailingOffset).toBe(30);
  });
});
