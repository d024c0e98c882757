import { describe, expect, it } from 'vitest';
import {
  extendTo,
  isSelected,
  NOTHING_SELECTED,
  selectedCount,
  toggle,
  type RowSelection,
} from './rowSelection';

/** A view of 1,000 rows of which the first 300 are loaded. */
const TOTAL = 1_000;
const loaded = (index: number) => (index < 300 ? `s${index}` : undefined);
const ids = (selection: RowSelection) =>
  selection.kind === 'rows' ? [...selection.ids].sort((a, b) => a.localeCompare(b)) : 'all';

describe('row selection', () => {
  it('selects a range with shift-click from the last row clicked, either way', () => {
    let selection = toggle(NOTHING_SELECTED, 10, 's10', loaded, TOTAL);
    selection = extendTo(selection, 14, loaded, TOTAL);
    expect(ids(selection)).toEqual(['s10', 's11', 's12', 's13', 's14']);
    selection = extendTo(selection, 12, loaded, TOTAL);
    // The clicked row was selected: the range from 14 back to 12 is cleared.
    expect(ids(selection)).toEqual(['s10', 's11']);
    expect(selectedCount(selection, TOTAL)).toBe(2);
  });

  it('starts a range at the clicked row when nothing was clicked before', () => {
    const selection = extendTo(NOTHING_SELECTED, 5, loaded, TOTAL);
    expect(ids(selection)).toEqual(['s5']);
  });

  it('selects all matching, rows not loaded included, and leaving it keeps the loaded rows', () => {
    const all: RowSelection = { kind: 'allMatching' };
    expect(selectedCount(all, TOTAL)).toBe(TOTAL);
    expect(isSelected(all, 's999')).toBe(true);
    const allButOne = toggle(all, 3, 's3', loaded, TOTAL);
    expect(selectedCount(allButOne, TOTAL)).toBe(299);
    expect(isSelected(allButOne, 's3')).toBe(false);
    expect(isSelected(allButOne, 's4')).toBe(true);
  });

  it('toggles a row off again', () => {
    const on = toggle(NOTHING_SELECTED, 1, 's1', loaded, TOTAL);
    expect(ids(toggle(on, 1, 's1', loaded, TOTAL))).toEqual([]);
  });
});
