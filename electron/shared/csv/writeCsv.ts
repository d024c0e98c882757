import { needsQuotes, neutraliseFormulas } from './formulaGuard';

export interface WriteCsvOptions {
  delimiter?: string;
  /**
   * Make every cell safe to open in a spreadsheet, whatever delimiter it splits on
   * (`formulaGuard.ts`). Plain numbers such as `-5` are left alone so they stay numbers.
   */
  neutraliseFormulas?: boolean;
}

/** Rows to CSV text (CRLF, quotes only where needed), the inverse of `readCsv`. */
export function writeCsv(
  rows: readonly (readonly string[])[],
  options: WriteCsvOptions = {},
): string {
  return rows.map((row) => csvLine(row, options)).join('');
}

/** One record of `writeCsv`, for files written as a stream. */
export function csvLine(cells: readonly string[], options: WriteCsvOptions = {}): string {
  const delimiter = options.delimiter ?? ',';
  return `${cells
    .map((raw) => {
      const cell = options.neutraliseFormulas ? neutraliseFormulas(raw) : raw;
      return needsQuotes(cell, delimiter) ? `"${cell.replaceAll('"', '""')}"` : cell;
    })
    .join(delimiter)}\r\n`;
}
