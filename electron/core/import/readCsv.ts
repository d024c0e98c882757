import { parse, type CsvError } from 'csv-parse/sync';
import { AppError } from '../../shared/errors';
import { detectDelimiter, excelSeparatorHint, type Delimiter } from './detectDelimiter';
import { refuseNonText } from './refuseNonText';
import { findHeaderIndex, type ReadTable, shapeTable, type TableRow } from './tableShape';
import { decodeText, detectEncoding, type TextEncoding } from './textEncoding';

export interface ReadOptions {
  /** Overrides detection when the user knows better. */
  encoding?: TextEncoding;
  delimiter?: Delimiter;
  /** 1-based line of the header row; lines above it are preamble and skipped. */
  headerLine?: number;
}

export interface CsvTable extends ReadTable {
  encoding: TextEncoding;
  hasBom: boolean;
  delimiter: Delimiter;
}

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
  const body = records.slice(headerIndex + 1);
  const width = header.cells.length;
  for (const record of body) {
    if (record.cells.length > width && record.cells.slice(width).some((c) => c !== '')) {
      throw new AppError(
        'INVALID_INPUT',
        `Line ${record.line}: this row has ${record.cells.length} values but the header has ${width} columns. ` +
          'Check for an unquoted delimiter in a value, or choose another delimiter.',
        { details: { line: record.line, problem: 'TOO_MANY_FIELDS' } },
      );
    }
  }
  return {
    encoding,
    hasBom:
      options.encoding === undefined || options.encoding === detected.encoding
        ? detected.hasBom
        : false,
    delimiter,
    ...shapeTable(header, body),
  };
}

/** Every non-blank record with its starting line, or AppError naming the line of the bad record. */
function parseRecords(text: string, delimiter: Delimiter): TableRow[] {
  const lines = lineIndex(text);
  const records: TableRow[] = [];
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
