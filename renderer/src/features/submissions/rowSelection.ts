/**
 * Which rows of one view are selected: rows named by id, or every row the view matches (also the
 * rows not loaded yet), which only the view's filter can name.
 */
export type RowSelection =
  { kind: 'rows'; ids: ReadonlySet<string>; anchor: number | null } | { kind: 'allMatching' };

export const NOTHING_SELECTED: RowSelection = { kind: 'rows', ids: new Set(), anchor: null };

/** Clicking a row's box: it flips, and becomes where a shift-click's range starts. */
export function toggle(
  selection: RowSelection,
  index: number,
  id: string,
  loadedIds: (index: number) => string | undefined,
  total: number,
): RowSelection {
  // Leaving "all matching" for one row keeps every loaded row but that one.
  const ids = new Set(
    selection.kind === 'rows' ? selection.ids : loadedRange(0, total - 1, loadedIds),
  );
  if (ids.has(id)) ids.delete(id);
  else ids.add(id);
  return { kind: 'rows', ids, anchor: index };
}

/**
 * A shift-click: every row from the last one clicked to this one takes the state the clicked
 * row's box goes to. Only loaded rows can be named; the grid shows the rows of a range it drew.
 */
export function extendTo(
  selection: RowSelection,
  index: number,
  loadedIds: (index: number) => string | undefined,
  total: number,
): RowSelection {
  if (selection.kind !== 'rows' || selection.anchor === null) {
    const id = loadedIds(index);
    return id === undefined ? selection : toggle(selection, index, id, loadedIds, total);
  }
  const from = Math.min(selection.anchor, index);
  const to = Math.max(selection.anchor, index);
  const target = loadedIds(index);
  const select = target === undefined || !selection.ids.has(target);
  const ids = new Set(selection.ids);
  for (const id of loadedRange(from, to, loadedIds)) {
    if (select) ids.add(id);
    else ids.delete(id);
  }
  return { kind: 'rows', ids, anchor: index };
}

export function isSelected(selection: RowSelection, id: string): boolean {
  return selection.kind === 'allMatching' || selection.ids.has(id);
}

/** How many rows the selection holds, in a view of `total` rows. */
export function selectedCount(selection: RowSelection, total: number): number {
  return selection.kind === 'allMatching' ? total : selection.ids.size;
}

function loadedRange(
  from: number,
  to: number,
  loadedIds: (index: number) => string | undefined,
): string[] {
  const ids: string[] = [];
  for (let i = Math.max(0, from); i <= to; i++) {
    const id = loadedIds(i);
    if (id !== undefined) ids.push(id);
  }
  return ids;
}
