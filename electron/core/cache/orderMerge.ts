/** A value SQLite sorts by: NULL, a number, or text. */
export type SortValue = string | number | null;

/** A row's sort key: its values in the ORDER BY's columns, in that order. */
export type SortKey = readonly SortValue[];

/** How a view's ORDER BY compares: one direction for every column; NOCASE columns by position. */
export interface KeyOrder {
  descending: boolean;
  nocase: readonly boolean[];
}

/**
 * Compares two keys as SQLite's ORDER BY does: NULL before any number, numbers by value, text by
 * its UTF-8 bytes (BINARY), or with ASCII capitals folded first (NOCASE, as `login_email` is).
 */
export function compareKeys(a: SortKey, b: SortKey, order: KeyOrder): number {
  for (let i = 0; i < a.length; i++) {
    const c = compareValues(a[i]!, b[i]!, order.nocase[i] === true);
    if (c !== 0) return order.descending ? -c : c;
  }
  return 0;
}

/** Two values as SQLite orders them, text by BINARY or, with `nocase`, by NOCASE. */
export function compareValues(a: SortValue, b: SortValue, nocase: boolean): number {
  if (a === b) return 0;
  if (a === null) return -1;
  if (b === null) return 1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  // SQLite sorts every number before any text.
  if (typeof a === 'number') return -1;
  if (typeof b === 'number') return 1;
  return nocase ? compareText(foldAscii(a), foldAscii(b)) : compareText(a, b);
}

/**
 * Text in code point order, which is UTF-8 byte order: JavaScript compares UTF-16 units, which put
 * characters above U+E000 after the surrogates that spell every character above U+FFFF.
 */
function compareText(a: string, b: string): number {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) return unitRank(x) - unitRank(y);
  }
  return a.length - b.length;
}

function unitRank(unit: number): number {
  if (unit >= 0xd800 && unit <= 0xdfff) return unit + 0x2000;
  return unit >= 0xe000 ? unit - 0x800 : unit;
}

function foldAscii(text: string): string {
  return text.replace(/[A-Z]+/g, (upper) => upper.toLowerCase());
}

/**
 * Rows added to a view, merged into the view's whole order read before they came: each added row
 * (they arrive in the view's order) finds its place by reading the keys of the rows it compares
 * against, galloping from where the row before it landed, then by binary search. Rows stored
 * together mostly land together (a sync's newest rows, at one end of a table by time): they then
 * compare against the same row, whose key is read once.
 *
 * Null when a row of the order is no longer there to compare, or when placing the rows would read
 * more than `keysAtMost` keys (rows spread all over the order): a key is a lookup of its own, and
 * past so many, reading the order again in its index costs less.
 */
export function mergeAdded(
  ids: readonly number[],
  added: readonly { id: number; key: SortKey }[],
  keyOf: (id: number) => SortKey | undefined,
  order: KeyOrder,
  keysAtMost = Number.POSITIVE_INFINITY,
): number[] | null {
  let keysRead = 0;
  let lastAt = -1;
  let lastKey: SortKey | undefined;
  // Whether `row` goes after position `at` of the order; null when it cannot be told.
  const goesAfter = (at: number, row: SortKey): boolean | null => {
    if (at !== lastAt) {
      if (++keysRead > keysAtMost) return null;
      lastAt = at;
      lastKey = keyOf(ids[at]!);
    }
    return lastKey === undefined ? null : compareKeys(lastKey, row, order) < 0;
  };
  const merged = new Array<number>(ids.length + added.length);
  let from = 0;
  let to = 0;
  for (const { id, key } of added) {
    let low = from;
    let high = ids.length;
    for (let step = 1; low < high; step *= 2) {
      const probe = Math.min(low + step - 1, high - 1);
      const after = goesAfter(probe, key);
      if (after === null) return null;
      if (!after) {
        high = probe;
        break;
      }
      low = probe + 1;
    }
    while (low < high) {
      const middle = (low + high) >>> 1;
      const after = goesAfter(middle, key);
      if (after === null) return null;
      if (after) low = middle + 1;
      else high = middle;
    }
    while (from < low) merged[to++] = ids[from++]!;
    merged[to++] = id;
  }
  while (from < ids.length) merged[to++] = ids[from++]!;
  return merged;
}
