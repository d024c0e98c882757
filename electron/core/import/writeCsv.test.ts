import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { restoreFormulas } from '../../shared/csv/formulaGuard';
import { readCsv } from './readCsv';
import { FORMULA_VALUES, formulaCells, SPREADSHEET_DELIMITERS } from './testing/spreadsheetView';
import { writeCsv } from '../../shared/csv/writeCsv';

describe('writeCsv', () => {
  it('leaves no cell a spreadsheet would run, whatever delimiter it splits the file on', () => {
    for (const delimiter of SPREADSHEET_DELIMITERS) {
      const text = writeCsv([['Answer', 'Comment'], ...FORMULA_VALUES.map((v) => [v, 'normal'])], {
        delimiter,
        neutraliseFormulas: true,
      });
      expect(formulaCells(text)).toEqual([]);
    }
  });

  it('quotes a cell holding any usual delimiter, not only the one it writes', () => {
    expect(writeCsv([['a;=1+2', 'b\tc', 'd,e', 'plain']], { neutraliseFormulas: true })).toBe(
      `"a;'=1+2","b\tc","d,e",plain\r\n`,
    );
  });

  it('keeps plain numbers numbers', () => {
    const cells = ['-5', '+1.5', '2e3', '-0.25', '.5', 'e-mail', 'a=b'];
    const text = writeCsv([cells], { neutraliseFormulas: true });
    expect(parse(text)).toEqual([cells]);
  });

  it('writes any cell safely and reads it back unchanged once its marks are restored', () => {
    const cell = fc
      .array(
        fc.constantFrom(
          ...['=', '+', '-', '@', '＝', '＋', '－', '＠', ',', ';', '\t', '\r', '\n', '"', "'"],
          ...[' ', 'a', '1', '.', 'e'],
        ),
        { maxLength: 8 },
      )
      .map((chars) => chars.join(''));
    fc.assert(
      fc.property(
        fc.constantFrom(...SPREADSHEET_DELIMITERS),
        fc.array(fc.array(cell, { minLength: 2, maxLength: 2 }), { minLength: 1, maxLength: 4 }),
        (delimiter, rows) => {
          const text = writeCsv(rows, { delimiter, neutraliseFormulas: true });
          expect(formulaCells(text)).toEqual([]);
          const read = parse(text, { delimiter, record_delimiter: '\r\n' }) as string[][];
          expect(read.map((row) => row.map(restoreFormulas))).toEqual(rows);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('quotes delimiters, quotes and line breaks so they read back as written', () => {
    const rows = [
      ['a', 'b;c'],
      ['x "y"', 'line\nbreak'],
    ];
    expect(
      readCsv(new TextEncoder().encode(writeCsv(rows, { delimiter: ';' })), { headerLine: 1 })
        .rows[0]!.cells,
    ).toEqual(rows[1]);
  });
});
