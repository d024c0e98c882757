import { AppError } from '../../shared/errors';

/** How much of the file is looked at: a file that is not text shows it at once. */
const SNIFF_CHARS = 64 * 1024;

/** Known kinds of file by their opening bytes; a ZIP is told apart by the names it holds. */
const SIGNATURES: ReadonlyArray<{ bytes: readonly number[]; kind: (bytes: Uint8Array) => string }> =
  [
    { bytes: [0x50, 0x4b, 0x03, 0x04], kind: zipKind },
    { bytes: [0x50, 0x4b, 0x05, 0x06], kind: () => 'an empty ZIP archive' },
    { bytes: [0x25, 0x50, 0x44, 0x46], kind: () => 'a PDF document' },
    { bytes: [0x89, 0x50, 0x4e, 0x47], kind: () => 'a PNG image' },
    { bytes: [0xff, 0xd8, 0xff], kind: () => 'a JPEG image' },
    { bytes: [0x47, 0x49, 0x46, 0x38], kind: () => 'a GIF image' },
    { bytes: [0x1f, 0x8b], kind: () => 'a gzip-compressed file' },
    { bytes: [0x53, 0x51, 0x4c, 0x69, 0x74, 0x65, 0x20, 0x66], kind: () => 'an SQLite database' },
  ];

/** Workbooks are read before this (`workbookKind`): a ZIP that comes here holds something else. */
function zipKind(bytes: Uint8Array): string {
  // The entry names are stored as plain text in the archive's headers.
  const names = new TextDecoder('latin1').decode(bytes.subarray(0, 256 * 1024));
  if (names.includes('word/')) return 'a Word document (.docx)';
  if (names.includes('ppt/')) return 'a PowerPoint presentation (.pptx)';
  return 'a ZIP archive of other files';
}

/**
 * Refuses a file that is not text before any of it is read as rows: a PDF, an image or an archive
 * renamed to .csv, or bytes no text holds (NUL, or many control characters, which also shows as
 * text decoded from binary into replacement characters). The sentence says what the file is.
 */
export function refuseNonText(bytes: Uint8Array, text: string): void {
  const known = SIGNATURES.find((s) => s.bytes.every((b, i) => bytes[i] === b));
  if (known) {
    throw new AppError(
      'INVALID_INPUT',
      `This file is ${known.kind(bytes)}, not a workbook (.xlsx, .xls, .ods) or a CSV file. Choose the workbook or CSV file that holds the rows to import.`,
      { details: { problem: 'NOT_TEXT' } },
    );
  }
  const sample = text.slice(0, SNIFF_CHARS);
  let odd = 0;
  for (let i = 0; i < sample.length; i++) {
    const c = sample.charCodeAt(i);
    if (c === 0) {
      throw new AppError(
        'INVALID_INPUT',
        'This file holds NUL bytes, which text never does: it is binary data (a program, a database or a compressed file), not CSV. Choose the CSV file your spreadsheet or form tool exported.',
        { details: { problem: 'NOT_TEXT' } },
      );
    }
    if ((c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d && c !== 0x0c) || c === 0xfffd) odd++;
  }
  // A stray control character can slip into real text; binary data is full of them.
  if (odd > 8 && odd * 100 > sample.length) {
    throw new AppError(
      'INVALID_INPUT',
      'This file is binary data, not text: it cannot be read as CSV. Choose the CSV file your spreadsheet or form tool exported.',
      { details: { problem: 'NOT_TEXT' } },
    );
  }
}
