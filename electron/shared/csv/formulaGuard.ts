/**
 * Formula neutralisation for CSV files a spreadsheet will open (OWASP "CSV injection"), and its
 * exact inverse for reading Formdesk's own files back.
 *
 * A spreadsheet splits a line on whatever delimiter its locale or the person chose: `,` in most
 * of the world, `;` in most of Europe, tab for pasted text. A quoted cell only protects its
 * content when the reader agrees on the delimiter: for a reader splitting on another one, a field
 * can begin right after any `,` `;` tab or line break inside the cell. So each part of a cell
 * between those separators is neutralised on its own, wherever it sits.
 */

/** Where a spreadsheet may start a new cell, whichever delimiter it was told to use. */
const SEPARATOR = /([,;\t\r\n])/;

/** A number as a spreadsheet reads it: `-5`, `+1.5`, `2e3` stay numbers, never text. */
const PLAIN_NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/**
 * The characters that make a spreadsheet run a cell as a formula when they lead it. Leading
 * spaces and quotes do not hide one (some readers drop them). The text is compared in NFKC form,
 * so the full-width `＝ ＋ － ＠` of East Asian input, which spreadsheets there may fold into
 * `= + - @`, and the small and superscript forms of the same signs count too.
 */
const FORMULA_START = /^[\s"]*[=+\-@]/u;

/** The marker spreadsheets show as "this is text"; Formdesk puts one before a formula-like part. */
const TEXT_MARK = "'";

/**
 * A part a spreadsheet could run, once the text marks before it are set aside. Testing the part
 * without its leading marks makes the guard a bijection: a part that already starts with `'`
 * before a formula gets one more, so `restoreFormulas` can always take exactly one away.
 * Only a whole cell can be a plain number: a part next to a separator is read with the quote
 * or the neighbouring text around it (`",-5"` splits into `"` and `-5"`), so it is marked too.
 */
function looksLikeFormula(part: string, wholeCell: boolean): boolean {
  const rest = part.replace(/^'+/, '');
  if (wholeCell && PLAIN_NUMBER.test(rest)) return false;
  return FORMULA_START.test(rest.normalize('NFKC'));
}

/**
 * ASCII without any of `= + - @`: its NFKC form is itself, so no part of it can start a formula,
 * and most cells of an export are spared splitting and normalising.
 */
// eslint-disable-next-line no-control-regex
const CANNOT_START_FORMULA = /^[\u0000-\u002a\u002c\u002e-\u003c\u003e-\u003f\u0041-\u007f]*$/;

/** A cell made safe for a spreadsheet under any delimiter: each formula-like part gets a `'`. */
export function neutraliseFormulas(cell: string): string {
  if (CANNOT_START_FORMULA.test(cell)) return cell;
  return mapParts(cell, (part, whole) => (looksLikeFormula(part, whole) ? TEXT_MARK + part : part));
}

/** The inverse of `neutraliseFormulas`: for Formdesk's own files only (see `ownExport.ts`). */
export function restoreFormulas(cell: string): string {
  return mapParts(cell, (part, whole) =>
    part.startsWith(TEXT_MARK) && looksLikeFormula(part, whole)
      ? part.slice(TEXT_MARK.length)
      : part,
  );
}

function mapParts(cell: string, map: (part: string, wholeCell: boolean) => string): string {
  // split() with a capturing group keeps the separators at the odd indexes.
  const pieces = cell.split(SEPARATOR);
  return pieces.map((piece, i) => (i % 2 === 0 ? map(piece, pieces.length === 1) : piece)).join('');
}

/** A cell that must be quoted whichever of the usual delimiters a reader splits on. */
export function needsQuotes(cell: string, delimiter: string): boolean {
  return /[",;\t\r\n]/.test(cell) || cell.includes(delimiter);
}
