import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readCsv } from './readCsv';
import { writeCsv } from './writeCsv';

const projectRoot = fileURLToPath(new URL('../../../', import.meta.url));

describe('writeCsv', () => {
  it('exports formula-like values neutralised, while plain negative numbers stay numbers', () => {
    const bytes = readFileSync(
      path.resolve(projectRoot, '../shared/fixtures/csv/formula-values.csv'),
    );
    const table = readCsv(bytes);
    const exported = readCsv(
      new TextEncoder().encode(
        writeCsv([table.columns, ...table.rows.map((r) => r.cells)], { neutraliseFormulas: true }),
      ),
    );
    expect(exported.rows.map((r) => r.cells)).toEqual([
      [`'=HYPERLINK("http://evil.example","click")`, "'+1+1"],
      ["'@SUM(A1:A2)", "'-2+3"],
      ["' =1+1", "'\t=cmd"],
      ['normal', '-5'],
    ]);
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
