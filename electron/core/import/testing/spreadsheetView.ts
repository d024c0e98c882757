import { parse } from 'csv-parse/sync';

/** The delimiters spreadsheets split on: `,` in most locales, `;` in most of Europe, tab for pasted text. */
export const SPREADSHEET_DELIMITERS = [',', ';', '\t'] as const;

/** Values a respondent or an import file could hold, each aimed at a spreadsheet. */
export const FORMULA_VALUES = [
  '=HYPERLINK("http://evil.example","click")',
  '+1+1',
  '@SUM(A1:A2)',
  '-2+3',
  ' =1+1',
  '\t=cmd',
  'a;=1+2',
  'b,+1+1',
  'c\t@SUM(A1)',
  'two\nlines\r\n-2+3',
  'x;"=1+2"',
  '＝1+2',
  'Ｘ;＠SUM(A1)',
  '﹦1',
  "'=1+2",
];

/** A number as a spreadsheet reads it; anything else that leads with a sign is a formula. */
const PLAIN_NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/**
 * The cells of a CSV text that a spreadsheet could run as a formula, as readers in each locale
 * see them: split on `,`, `;` and tab in turn, once honouring quotes as a spreadsheet does and
 * once ignoring them as a naive reader does. A cell counts when, past leading spaces and quotes,
 * it starts with `= + - @` or a lookalike that NFKC folds to one, and that sign does not lead a
 * plain number. A number may be followed by another delimiter than the one the reader splits on
 * (`-5,abc` read with `;`): a cell `-5` is written bare so that it stays a number, and what follows
 * that delimiter is the start of a cell of its own, which the readers splitting on it check.
 * Kept apart from the writer's own rule on purpose: this is what the test holds it to.
 */
export function formulaCells(text: string): { delimiter: string; cell: string }[] {
  const found: { delimiter: string; cell: string }[] = [];
  for (const delimiter of SPREADSHEET_DELIMITERS) {
    for (const quoting of [{ relax_quotes: true }, { quote: false }]) {
      const read = (csv: string) =>
        parse(csv, {
          delimiter,
          // Spreadsheets end a line at any of the three breaks.
          record_delimiter: ['\r\n', '\n', '\r'],
          bom: true,
          relax_column_count: true,
          ...quoting,
        }) as string[][];
      let records: string[][];
      try {
        records = read(text);
      } catch {
        // A quote this reader opens and never sees closed: a spreadsheet takes the rest of the
        // file into that cell.
        records = read(`${text}"`);
      }
      for (const cell of records.flat()) {
        const lead = cell.normalize('NFKC').replace(/^[\s"]+/, '');
        const firstPart = lead.split(/[,;\t]/)[0]!.trimEnd();
        if (/^[=+\-@]/.test(lead) && !PLAIN_NUMBER.test(firstPart)) found.push({ delimiter, cell });
      }
    }
  }
  return found;
}
