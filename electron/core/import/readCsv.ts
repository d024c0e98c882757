import { parse, type CsvError } from 'csv-parse/sync';
import { AppError } from '../../shared/errors';
import { detectDelimiter, excelSeparatorHint, type Delimiter } from './detectDelimiter';
import { refuseNonText } from './refuseNonText';
import { decodeText, detectEncoding, type TextEncoding } from './textEncoding';

export interface ReadOptions {
  /** Overrides detection when the user knows better. */
  encoding?: TextEncoding;
  delimiter?: Delimiter;
  /** 1-based line of the header row; lines above it are preamble and skipped. */
  headerLine?: number;
}

/** One data row, its cells aligned with `columns`, and the file line where it starts. */
export interface CsvRow {
  line: number;
  cells: string[];
}

export interface CsvTable {
  encoding: TextEncoding;
  hasBom: boolean;
  delimiter: Delimiter;
  headerLine: number;
  columns: string[];
  rows: CsvRow[];
}

/** Records looked at to find the header row below a preamble. */
const HEADER_SEARCH_RECORDS = 50;

/**
 * Reads a CSV file completely or not at all: a malformed file (an unterminated quote, a row wider
 * than the header) is refused with the line where the bad record starts, never half-read.
 * Blank lines and rows whose cells are empty or only whitespace are skipped; so is a trailing
 * column that has neither a header nor any value (a trailing delimiter on every line). Excel's
 * `sep=` first line sets the delimiter; a file that is not text is refused, saying what it is.
 */
export function readCsv(bytes: Uint8Array, options: ReadOptions = {}): CsvTable {
  const detected = detectEncoding(bytes);
  const encoding = options.encoding ?? detected.encoding;
  const decoded = decodeText(bytes, encoding);
  refuseNonText(bytes, decoded);
  const hint = excelSeparatorHint(decoded);
  // The hint's line is emptied, not removed: the lines keep the numbers they have in the file.
  const text = hint ? decoded.slice(hint.length) : decoded;
  const delimiter = options.delimiter ?? hint?.delimiter ?? detectDelimiter(text);
  const records = parseRecords(text, delimiter);
  if (records.length === 0) throw new AppError('INVALID_INPUT', 'The file has no rows to read.');

  const headerIndex = findHeaderIndex(records, options.headerLine);
  const header = records[headerIndex]!;
  const width = header.cells.length;
  const body: CsvRow[] = [];
  for (const record of records.slice(headerIndex + 1)) {
    if (record.cells.every((c) => c.trim() === '')) continue;
    if (record.cells.length > width && record.cells.slice(width).some((c) => c !== '')) {
      throw new AppError(
        'INVALID_INPUT',
        `Line ${record.line}: this row has ${record.cells.length} values but the header has ${width} columns. ` +
          'Check for an unquoted delimiter in a value, or choose another delimiter.',
        { details: { line: record.line, problem: 'TOO_MANY_FIELDS' } },
      );
    }
    const cells = record.cells.slice(0, width);
    while (cells.length < width) cells.push('');
    body.push({ line: record.line, cells });
  }

  const keep = header.cells.map(
    (name, i) => name.trim() !== '' || body.some((r) => r.cells[i] !== ''),
  );
  return {
    encoding,
    hasBom:
      options.encoding === undefined || options.encoding === detected.encoding
        ? detected.hasBom
        : false,
    delimiter,
    headerLine: header.line,
    columns: tellApart(
      header.cells.map((name, i) => (name.trim() === '' ? `Column ${i + 1}` : name)),
    ).filter((_, i) => keep[i]),
    rows: body.map((r) => ({ line: r.line, cells: r.cells.filter((_, i) => keep[i]) })),
  };
}

/** Headers that repeat a name (in any case) carry their column's number, so a mapping can tell them apart. */
function tellApart(names: string[]): string[] {
  const key = (name: string) => name.trim().toLowerCase();
  const uses = new Map<string, number>();
  for (const name of names) uses.set(key(name), (uses.get(key(name)) ?? 0) + 1);
  return names.map((name, i) =>
    (uses.get(key(name)) ?? 0) > 1 ? `${name.trim()} (column ${i + 1})` : name,
  );
}

/** Every non-blank record with its starting line, or AppError naming the line of the bad record. */
function parseRecords(text: string, delimiter: Delimiter): CsvRow[] {
  const lines = lineIndex(text);
  const records: CsvRow[] = [];
  let consumed = 0;
  try {
    parse(text, {
      delimiter,
      record_delimiter: ['\r\n', '\n', '\r'],
      relax_column_count: true,
      skip_empty_lines: true,
      on_record: (record: string[], context) => {
        records.push({ line: lines.lineAt(skipLineBreaks(text, consumed)), cells: record });
        consumed = context.bytes;
        return null;
      },
    });
  } catch (error) {
    const line = lines.lineAt(skipLineBreaks(text, consumed));
    throw new AppError('INVALID_INPUT', `Line ${line}: ${describeParseError(error)}`, {
      details: { line, problem: isCsvError(error) ? error.code : 'UNREADABLE' },
    });
  }
  return records;
}

function describeParseError(error: unknown): string {
  switch (isCsvError(error) ? error.code : undefined) {
    case 'CSV_QUOTE_NOT_CLOSED':
      return 'a quoted value starts in this row and is never closed. Close or remove the quote, then read the file again.';
    case 'CSV_INVALID_CLOSING_QUOTE':
      return 'a quoted value is followed by more text before the next delimiter. Double the quote inside the value ("") or remove it.';
    default:
      return 'this row cannot be read as CSV. Check its quotes and delimiters.';
  }
}

function isCsvError(error: unknown): error is CsvError {
  return error instanceof Error && typeof (error as { code?: unknown }).code === 'string';
}

function skipLineBreaks(text: string, offset: number): number {
  let i = offset;
  while (i < text.length && (text[i] === '\n' || text[i] === '\r')) i++;
  return i;
}

/** Maps a text offset to its 1-based line, counting CRLF, LF and lone CR each as one break. */
function lineIndex(text: string): { lineAt(offset: number): number } {
  const starts = [0];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 13 && text.charCodeAt(i + 1) === 10) continue;
    if (c === 10 || c === 13) starts.push(i + 1);
  }
  return {
    lineAt(offset) {
      let lo = 0;
      let hi = starts.length - 1;
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if (starts[mid]! <= offset) lo = mid;
        else hi = mid - 1;
      }
      return lo + 1;
    },
  };
}

/**
 * The header is the chosen line, or else the first record as wide as the table's usual width with
 * at least half its cells filled: preamble lines ("Exported on …", a title) are narrower or sparse.
 */
function findHeaderIndex(records: CsvRow[], headerLine: number | undefined): number {
  if (headerLine !== undefined) {
    const index = records.findIndex((r) => r.line === headerLine);
    if (index < 0) {
      throw new AppError(
        'INVALID_INPUT',
        `Line ${headerLine} is blank or inside another row; choose another header line.`,
        {
          details: { line: headerLine, problem: 'NO_HEADER_AT_LINE' },
        },
      );
    }
    return index;
  }
  const sample = records.slice(0, HEADER_SEARCH_RECORDS);
  const width = mostCommonWidth(sample);
  const index = sample.findIndex(
    (r) => r.cells.length >= width && r.cells.filter((c) => c.trim() !== '').length * 2 >= width,
  );
  return Math.max(0, index);
}

function mostCommonWidth(records: CsvRow[]): number {
  const frequency = new Map<number, number>();
  for (const r of records) frequency.set(r.cells.length, (frequency.get(r.cells.length) ?? 0) + 1);
  let best = 0;
  let bestCount = 0;
  for (const [width, count] of frequency) {
    if (count > bestCount || (count === bestCount && width > best)) {
      best = width;
      bestCount = count;
    }
  }
  return best;
}
