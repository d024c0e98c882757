import { type ColumnMapping, type DateFormat } from './contract/imports';

/**
 * The mapping with its dates read in `order`. ISO is the default, so a mapping reading ISO dates
 * carries no order, as a suggested one does not: the review and the columns step then agree.
 */
export function withDateOrder(mapping: ColumnMapping, order: DateFormat): ColumnMapping {
  const { dateFormat: _, ...rest } = mapping.convert ?? {};
  const convert = order === 'iso' ? rest : { ...rest, dateFormat: order };
  const { convert: __, ...bare } = mapping;
  return Object.keys(convert).length > 0 ? { ...bare, convert } : bare;
}

/** The mappings with each column's order as the review reports it; the same array if none moved. */
export function withDateOrders(
  mappings: ColumnMapping[],
  orders: ReadonlyArray<{ column: number; format: DateFormat }>,
): ColumnMapping[] {
  const byColumn = new Map(orders.map((o) => [o.column, o.format]));
  const moved = (m: ColumnMapping) => {
    const order = byColumn.get(m.column);
    return order !== undefined && order !== (m.convert?.dateFormat ?? 'iso');
  };
  if (!mappings.some(moved)) return mappings;
  return mappings.map((m) => (moved(m) ? withDateOrder(m, byColumn.get(m.column)!) : m));
}
