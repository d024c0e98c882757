import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DELIMITERS, type Delimiter } from './detectDelimiter';
import { readCsv } from './readCsv';
import { type TextEncoding } from './textEncoding';
import { writeCsv } from '../../shared/csv/writeCsv';

/** Every character Windows-1252 can encode, mapped to its byte. */
const CP1252 = new Map<string, number>();
for (let b = 0; b < 256; b++)
  CP1252.set(new TextDecoder('windows-1252').decode(Uint8Array.of(b)), b);

function encode(text: string, encoding: TextEncoding, bom: boolean): Uint8Array {
  switch (encoding) {
    case 'utf-8': {
      const body = new TextEncoder().encode(text);
      return bom ? Uint8Array.from([0xef, 0xbb, 0xbf, ...body]) : body;
    }
    case 'utf-16le':
    case 'utf-16be': {
      const out = new Uint8Array((bom ? 2 : 0) + text.length * 2);
      const view = new DataView(out.buffer);
      const little = encoding === 'utf-16le';
      let at = 0;
      if (bom) {
        view.setUint16(0, 0xfeff, little);
        at = 2;
      }
      for (let i = 0; i < text.length; i++, at += 2) view.setUint16(at, text.charCodeAt(i), little);
      return out;
    }
    case 'windows-1252':
      return Uint8Array.from([...text].map((c) => CP1252.get(c)!));
  }
}

const PUNCTUATION = ['"', '\n', '\r\n', ' ', "'", '=', '-'];
/** Text any encoding can carry: ASCII, Windows-1252 typography (bytes 0x80–0xBF, which never start a UTF-8 sequence). */
const portableChar = fc.constantFrom(
  ...'abcXYZ019'.split(''),
  ...PUNCTUATION,
  ...[...CP1252.keys()].filter(
    (c) => CP1252.get(c)! >= 0x80 && CP1252.get(c)! <= 0xbf && c.charCodeAt(0) > 0x9f,
  ),
);
const anyChar = fc.oneof(portableChar, fc.constantFrom('李', 'ë', '😀', 'ß', 'Ç'));

/** A table of at least two columns whose rows are never blank (empty or whitespace: skipped). */
function tables(char: fc.Arbitrary<string>, delimiter: Delimiter) {
  const others = DELIMITERS.filter((d) => d !== delimiter);
  // Other delimiter characters inside values would make the choice truly ambiguous; the user's
  // override covers that case, tested separately.
  const cell = fc
    .array(fc.oneof(char, fc.constant(delimiter)), { maxLength: 8 })
    .map((cs) => cs.join(''));
  const safeCell = cell.filter((c) => !others.some((o) => c.includes(o)));
  return fc.integer({ min: 2, max: 5 }).chain((width) =>
    fc.tuple(
      // Distinct names: a repeated one is read back with its column's number.
      fc.uniqueArray(
        safeCell.filter((c) => c.trim() !== ''),
        { minLength: width, maxLength: width, selector: (c) => c.trim().toLowerCase() },
      ),
      fc.array(
        fc
          .array(safeCell, { minLength: width, maxLength: width })
          .filter((r) => r.some((c) => c.trim() !== '')),
        { maxLength: 8 },
      ),
    ),
  );
}

const encodings = fc.constantFrom<[TextEncoding, boolean]>(
  ['utf-8', true],
  ['utf-8', false],
  ['utf-16le', true],
  ['utf-16be', true],
  ['windows-1252', false],
);

describe('readCsv round trip', () => {
  it('reads back any table written in any supported encoding and delimiter, detecting both', () => {
    fc.assert(
      fc.property(
        fc
          .constantFrom(...DELIMITERS)
          .chain((d) => fc.tuple(fc.constant(d), tables(portableChar, d))),
        encodings,
        ([delimiter, [header, rows]], [encoding, bom]) => {
          const text = writeCsv([header, ...rows], { delimiter });
          const table = readCsv(encode(text, encoding, bom));
          // Pure ASCII reads the same in UTF-8 and Windows-1252; the reader calls it UTF-8.
          const ascii =
            encoding === 'windows-1252' && [...text].every((c) => c.charCodeAt(0) < 0x80);
          expect(table.encoding).toBe(ascii ? 'utf-8' : encoding);
          expect(table.delimiter).toBe(delimiter);
          expect(table.columns).toEqual(header);
          expect(table.rows.map((r) => r.cells)).toEqual(rows);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('reads back any Unicode table in UTF-8 or UTF-16, whatever other delimiters the values contain', () => {
    fc.assert(
      fc.property(
        fc
          .constantFrom(...DELIMITERS)
          .chain((d) =>
            fc.tuple(fc.constant(d), tables(fc.oneof(anyChar, fc.constantFrom(...DELIMITERS)), d)),
          ),
        fc.constantFrom<[TextEncoding, boolean]>(
          ['utf-8', false],
          ['utf-16le', true],
          ['utf-16be', true],
        ),
        ([delimiter, [header, rows]], [encoding, bom]) => {
          const bytes = encode(writeCsv([header, ...rows], { delimiter }), encoding, bom);
          const table = readCsv(bytes, { delimiter, headerLine: 1 });
          expect(table.columns).toEqual(header);
          expect(table.rows.map((r) => r.cells)).toEqual(rows);
        },
      ),
      { numRuns: 300 },
    );
  });
});
