export interface WriteCsvOptions {
  delimiter?: string;
  /**
   * Prefix cells a spreadsheet would run as a formula with `'` (OWASP "CSV injection"). Plain
   * numbers such as `-5` are left alone so they stay numbers.
   */
  neutraliseFormulas?: boolean;
}

const PLAIN_NUMBER = /^[+-]?(\d+([.,]\d+)*|\d*[.,]\d+)([eE][+-]?\d+)?$/;
const FORMULA_START = /^[\s]*[=+\-@]|^[\t\r]/;

/** Rows to CSV text (CRLF, quotes only where needed), the inverse of `readCsv`. */
export function writeCsv(
  rows: readonly (readonly string[])[],
  options: WriteCsvOptions = {},
): string {
  const delimiter = options.delimiter ?? ',';
  const needsQuotes = (cell: string) => cell.includes(delimiter) || /["\r\n]/.test(cell);
  return rows
    .map((row) =>
      row
        .map((raw) => {
          const cell = options.neutraliseFormulas ? neutraliseFormula(raw) : raw;
          return needsQuotes(cell) ? `"${cell.replaceAll('"', '""')}"` : cell;
        })
        .join(delimiter),
    )
    .map((line) => `${line}\r\n`)
    .join('');
}

export function neutraliseFormula(cell: string): string {
  if (PLAIN_NUMBER.test(cell.trim()) && cell.trim() === cell) return cell;
  return FORMULA_START.test(cell) ? `'${cell}` : cell;
}
