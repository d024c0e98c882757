/** A number as a spreadsheet reads it: `-5`, `+1.5`, `2e3` stay numbers, never text. */
const PLAIN_NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/**
 * Characters that make a spreadsheet run a cell as a formula when they lead it (leading spaces
 * are skipped by some spreadsheets, so they do not hide one), plus tab and CR, which break out of
 * the cell in some importers.
 */
const FORMULA_START = /^[\s]*[=+\-@]|^[\t\r]/;

/**
 * A value made safe for a spreadsheet: a text that would run as a formula gets a leading `'`,
 * the marker spreadsheets show as "this is text"; plain numbers are left as numbers.
 */
export function neutraliseFormula(text: string): string {
  if (PLAIN_NUMBER.test(text)) return text;
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** One CSV field (RFC 4180): quoted when it holds a delimiter, quote or line break. */
export function csvField(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvLine(cells: readonly string[]): string {
  return `${cells.map((c) => csvField(neutraliseFormula(c))).join(',')}\r\n`;
}
