import {
  DATE_FORMATS,
  type ColumnMapping,
  type DateFormat,
  type ImportValidation,
} from '../../shared/contract/imports';
import { withDateOrder } from '../../shared/dateOrders';
import { targetKind } from './buildSubmission';
import { convertDate } from './convertCell';

/** How a column's dates bear out the order they read in best. */
export interface DateEvidence {
  /** The order most of the dates read in (the earlier of `DATE_FORMATS` on a tie); null if none. */
  best: DateFormat | null;
  /**
   * `sure`: some date reads in `best` alone and none contradicts it (`14/03/2025`, or any
   * `04.03.2025`); `ambiguous`: every date also reads in another order (no day over 12);
   * `mixed`: some dates read only in another order.
   */
  settled: 'sure' | 'ambiguous' | 'mixed';
}

/** Which orders read each value, counted by the set of orders: a column has few such sets. */
export function readDateOrder(values: Iterable<string>): DateEvidence {
  const bySet = new Map<string, number>();
  for (const value of values) {
    if (value.trim() === '') continue;
    const orders = DATE_FORMATS.filter((f) => convertDate(value, { dateFormat: f }).ok);
    // A date no order reads (31.02.) is that value's problem, not evidence of an order.
    if (orders.length === 0) continue;
    const set = orders.join(' ');
    bySet.set(set, (bySet.get(set) ?? 0) + 1);
  }
  const reading = (format: DateFormat) =>
    [...bySet].reduce((n, [set, count]) => n + (set.split(' ').includes(format) ? count : 0), 0);
  const best = DATE_FORMATS.reduce((a, b) => (reading(b) > reading(a) ? b : a));
  if (reading(best) === 0) return { best: null, settled: 'sure' };
  const sets = [...bySet.keys()].map((set) => set.split(' '));
  if (sets.some((orders) => !orders.includes(best))) return { best, settled: 'mixed' };
  if (sets.some((orders) => orders.length === 1)) return { best, settled: 'sure' };
  return { best, settled: 'ambiguous' };
}

const readsDates = (mapping: ColumnMapping) => {
  const kind = targetKind(mapping.target);
  return kind === 'date' || kind === 'datetime';
};

const orderOf = (mapping: ColumnMapping): DateFormat => mapping.convert?.dateFormat ?? 'iso';

/** Each date column's order beside the one its values bear out, for the review's notes. */
export function dateReadings(
  mappings: readonly ColumnMapping[],
  rows: ReadonlyArray<{ cells: readonly string[] }>,
): ImportValidation['dates'] {
  return mappings.filter(readsDates).flatMap((mapping) => {
    const { best, settled } = readDateOrder(rows.map((r) => r.cells[mapping.column] ?? ''));
    return best === null
      ? []
      : [{ column: mapping.column, format: orderOf(mapping), best, settled }];
  });
}

/**
 * The mappings with each date column read in the order its whole file bears out, where the file
 * leaves no doubt: the suggestion saw only the first rows, and a remembered order may not fit this
 * file. An order the values leave open stays as the person or the suggestion set it.
 */
export function settleDateOrders(
  mappings: readonly ColumnMapping[],
  rows: ReadonlyArray<{ cells: readonly string[] }>,
): ColumnMapping[] {
  return mappings.map((mapping) => {
    if (!readsDates(mapping)) return mapping;
    const { best, settled } = readDateOrder(rows.map((r) => r.cells[mapping.column] ?? ''));
    if (best === null || settled !== 'sure' || best === orderOf(mapping)) return mapping;
    return withDateOrder(mapping, best);
  });
}

/** The mappings with the orders the person chose in the review. */
export function chooseDateOrders(
  mappings: readonly ColumnMapping[],
  chosen: ReadonlyArray<{ column: number; dateFormat: DateFormat }>,
): ColumnMapping[] {
  const byColumn = new Map(chosen.map((c) => [c.column, c.dateFormat]));
  return mappings.map((mapping) => {
    const order = byColumn.get(mapping.column);
    return order === undefined || !readsDates(mapping) ? mapping : withDateOrder(mapping, order);
  });
}
