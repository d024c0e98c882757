import { AppError } from '../../shared/errors';

/** One row as read, its cells in column order, and the line (a sheet's row number) where it starts. */
export interface TableRow {
  line: number;
  cells: string[];
}

/** A file read into named columns and data rows, whatever its format. */
export interface ReadTable {
  headerLine: number;
  columns: string[];
  rows: TableRow[];
}

/** Records looked at to find the header row below a preamble. */
const HEADER_SEARCH_RECORDS = 50;

/**
 * The header is the chosen line, or else the first record as wide as the table's usual width with
 * at least half its cells filled: preamble lines ("Exported on …", a title) are narrower or sparse.
 */
export function findHeaderIndex(records: TableRow[], headerLine: number | undefined): number {
  if (headerLine !== undefined) {
    const index = records.findIndex((r) => r.line === headerLine);
    if (index < 0) {
      throw new AppError(
        'INVALID_INPUT',
        `Line ${headerLine} is blank or inside another row; choose another header line.`,
        {
          details: { line: headerLine, problem: 'NO_HEADER_AT_LINE' },
        },
      );
    }
    return index;
  }
  const sample = records.slice(0, HEADER_SEARCH_RECORDS);
  const width = mostCommonWidth(sample);
  const index = sample.findIndex(
    (r) => r.cells.length >= width && r.cells.filter((c) => c.trim() !== '').length * 2 >= width,
  );
  return Math.max(0, index);
}

function mostCommonWidth(records: TableRow[]): number {
  const frequency = new Map<number, number>();
  for (const r of records) frequency.set(r.cells.length, (frequency.get(r.cells.length) ?? 0) + 1);
  let best = 0;
  let bestCount = 0;
  for (const [width, count] of frequency) {
    if (count > bestCount || (count === bestCount && width > best)) {
      best = width;
      bestCount = count;
    }
  }
  return best;
}

/**
 * The table under a header: rows whose cells are empty or only whitespace are skipped, rows are
 * cut or padded to the header's width, and a column with neither a header nor any value is
 * dropped. A column without a header is called by its number; repeated names are told apart.
 */
export function shapeTable(header: TableRow, body: readonly TableRow[]): ReadTable {
  const width = header.cells.length;
  const rows: TableRow[] = [];
  for (const record of body) {
    if (record.cells.every((c) => c.trim() === '')) continue;
    const cells = record.cells.slice(0, width);
    while (cells.length < width) cells.push('');
    rows.push({ line: record.line, cells });
  }
  const keep = header.cells.map(
    (name, i) => name.trim() !== '' || rows.some((r) => r.cells[i] !== ''),
  );
  return {
    headerLine: header.line,
    columns: tellApart(
      header.cells.map((name, i) => (name.trim() === '' ? `Column ${i + 1}` : name)),
    ).filter((_, i) => keep[i]),
    rows: rows.map((r) => ({ line: r.line, cells: r.cells.filter((_, i) => keep[i]) })),
  };
}

/** Headers that repeat a name (in any case) carry their column's number, so a mapping can tell them apart. */
function tellApart(names: string[]): string[] {
  const key = (name: string) => name.trim().toLowerCase();
  const uses = new Map<string, number>();
  for (const name of names) uses.set(key(name), (uses.get(key(name)) ?? 0) + 1);
  return names.map((name, i) =>
    (uses.get(key(name)) ?? 0) > 1 ? `${name.trim()} (column ${i + 1})` : name,
  );
}
