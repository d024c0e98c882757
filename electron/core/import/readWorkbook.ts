import { type Range, type WorkSheet } from '@e965/xlsx';
import { AppError } from '../../shared/errors';
import { findHeaderIndex, type ReadTable, shapeTable, type TableRow } from './tableShape';
import { type CellReading, workbookCellText } from './workbookCell';
import { type WorkbookFormat, type WorkbookKind } from './workbookFormat';
import { refuseOversizedZip } from './zipEntries';

/**
 * The most a workbook's parts may unpack to. A 100k-row sheet of ten columns is about 60 MB of
 * XML; the limit leaves room for that four times over and stops a zip bomb long before memory.
 */
export const MAX_UNZIPPED_BYTES = 256 * 1024 * 1024;
/** Rows read from one sheet: 2.5× the 100k-row files the import is measured with. */
export const MAX_SHEET_ROWS = 250_000;

const FORMAT_NAMES: Record<WorkbookFormat, string> = {
  xlsx: 'an Excel workbook (.xlsx)',
  xls: 'an Excel 97–2003 workbook (.xls)',
  ods: 'an OpenDocument spreadsheet (.ods)',
};

export interface WorkbookSheet {
  name: string;
  /** Data rows under the header found on its own (blank rows not counted). */
  rowCount: number;
}

/** A workbook read once, its cells already text, kept while the wizard may choose another sheet. */
export interface OpenWorkbook {
  format: WorkbookFormat;
  sheets: WorkbookSheet[];
  records: Map<string, { records: TableRow[]; merges: Range[] }>;
}

export interface WorkbookTable extends ReadTable {
  sheet: string;
}

/**
 * Reads every non-empty sheet of a workbook into rows of text. Refused with a sentence: an archive
 * that unpacks to more than MAX_UNZIPPED_BYTES, a sheet of more than MAX_SHEET_ROWS rows (only
 * that many are ever held: SheetJS stops there), a file its format's reader cannot make sense of.
 *
 * SheetJS is loaded by the first workbook read, not with this module: loading it holds a thread
 * 250 ms, which the shell's and the core's threads paid at every start though neither reads one.
 */
export async function openWorkbook(bytes: Uint8Array, kind: WorkbookKind): Promise<OpenWorkbook> {
  if (kind.format !== 'xls') refuseOversizedZip(bytes, kind.entries, MAX_UNZIPPED_BYTES);
  const { read, SSF } = await import('@e965/xlsx');
  let book;
  try {
    book = read(bytes, {
      type: 'array',
      dense: true,
      cellNF: true,
      cellText: false,
      cellHTML: false,
      sheetRows: MAX_SHEET_ROWS + 1,
    });
  } catch {
    throw new AppError(
      'INVALID_INPUT',
      `This file looks like ${FORMAT_NAMES[kind.format]} but cannot be read: it may be damaged, password-protected or another kind of document. Open it in its program, save it again as a workbook or as CSV, and choose the saved file.`,
      { details: { problem: 'UNREADABLE_WORKBOOK' } },
    );
  }
  const reading: CellReading = {
    date1904: book.Workbook?.WBProps?.date1904 === true,
    isDateFormat: (format) => SSF.is_date(format) === true,
  };
  const opened: OpenWorkbook = { format: kind.format, sheets: [], records: new Map() };
  for (const name of book.SheetNames) {
    const sheet = book.Sheets[name];
    if (!sheet) continue;
    const records = sheetRecords(name, sheet, reading);
    if (records.length === 0) continue;
    const header = findHeaderIndex(records, undefined);
    const rowCount = records
      .slice(header + 1)
      .filter((r) => r.cells.some((c) => c.trim() !== '')).length;
    opened.sheets.push({ name, rowCount });
    opened.records.set(name, { records, merges: sheet['!merges'] ?? [] });
  }
  if (opened.sheets.length === 0) {
    throw new AppError(
      'INVALID_INPUT',
      'Every sheet of this workbook is empty: there are no rows to read.',
    );
  }
  return opened;
}

/** The non-blank rows of a sheet, each cut after its last filled cell, numbered as the sheet shows them. */
function sheetRecords(name: string, sheet: WorkSheet, reading: CellReading): TableRow[] {
  const rows = sheet['!data'] ?? [];
  if (rows.length > MAX_SHEET_ROWS) {
    throw new AppError(
      'INVALID_INPUT',
      `The sheet "${name}" has more than ${MAX_SHEET_ROWS.toLocaleString('en-US')} rows, more than Formdesk imports from one file. Split it into smaller sheets or files and import them one by one.`,
      { details: { problem: 'SHEET_TOO_LARGE', sheet: name } },
    );
  }
  const records: TableRow[] = [];
  // forEach passes over the rows and cells a sparse sheet never had.
  rows.forEach((row, r) => {
    const cells: string[] = [];
    row?.forEach((cell, c) => {
      const text = workbookCellText(cell, reading);
      if (text === '') return;
      while (cells.length < c) cells.push('');
      cells[c] = text;
    });
    if (cells.length > 0) records.push({ line: r + 1, cells });
  });
  return records;
}

/**
 * One sheet as a table: the chosen sheet (the first when none is), the header found or chosen as
 * in a CSV file. A header cell merged across columns names the first of them; the others carry
 * the name with their column's number, as repeated names do. A value right of the header's last
 * name gets a column of its own, named by its number.
 */
export function readSheet(
  book: OpenWorkbook,
  options: { sheet?: string | undefined; headerLine?: number | undefined },
): WorkbookTable {
  const sheet = options.sheet ?? book.sheets[0]!.name;
  const found = book.records.get(sheet);
  if (!found) {
    throw new AppError(
      'INVALID_INPUT',
      `This workbook has no sheet "${sheet}" with rows; choose one of: ${book.sheets.map((s) => s.name).join(', ')}.`,
      { details: { problem: 'NO_SUCH_SHEET' } },
    );
  }
  const { records, merges } = found;
  const index = findHeaderIndex(records, options.headerLine);
  const body = records.slice(index + 1);
  const width = records.slice(index).reduce((w, r) => Math.max(w, r.cells.length), 0);
  const header = { ...records[index]!, cells: [...records[index]!.cells] };
  while (header.cells.length < width) header.cells.push('');
  nameMergedHeaders(header, merges, records);
  return { sheet, ...shapeTable(header, body) };
}

function nameMergedHeaders(header: TableRow, merges: Range[], records: TableRow[]): void {
  const row = header.line - 1;
  for (const merge of merges) {
    if (merge.s.r > row || merge.e.r < row) continue;
    // The merged value sits in the merge's top-left cell, which may be on a row above the header.
    const name = records.find((r) => r.line === merge.s.r + 1)?.cells[merge.s.c]?.trim() ?? '';
    if (name === '') continue;
    while (header.cells.length <= merge.e.c) header.cells.push('');
    header.cells[merge.s.c] = name;
    for (let c = merge.s.c + 1; c <= merge.e.c; c++) header.cells[c] = `${name} (column ${c + 1})`;
  }
}
