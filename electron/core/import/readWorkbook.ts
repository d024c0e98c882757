import { type Range, type WorkBook, type WorkSheet } from '@e965/xlsx';
import { AppError } from '../../shared/errors';
import { findHeaderIndex, type ReadTable, shapeTable, type TableRow } from './tableShape';
import {
  cellsText,
  WORKBOOK_BUDGET,
  type WorkbookBudget,
  workbookTooLarge,
} from './workbookBudget';
import { type CellReading, workbookCellText } from './workbookCell';
import { type WorkbookFormat, type WorkbookKind } from './workbookFormat';
import { WorkbookScan } from './workbookScan';
import { type CfbReader, scanXls, xlsWorkbookStream } from './xlsScan';
import { inflateWithinBudget } from './zipEntries';

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
  /** The sheet read first: the one the workbook opens at, else the one with most rows. */
  first: string;
  records: Map<string, { records: TableRow[]; merges: Range[] }>;
}

export interface WorkbookTable extends ReadTable {
  sheet: string;
}

/**
 * Reads every non-empty sheet of a workbook into rows of text, within the budget: an archive is
 * inflated and its cells counted before SheetJS reads it (an .xls's records counted in its
 * container, found by SheetJS's own reader of those), and each sheet's rows and used columns
 * are counted before they are laid out. Refused with a sentence: a workbook over the budget, a
 * file its format's reader cannot make sense of.
 *
 * SheetJS is loaded by the first workbook read, not with this module: loading it holds a thread a
 * while, which the shell's and the core's threads paid at every start though neither reads one.
 */
export async function openWorkbook(bytes: Uint8Array, kind: WorkbookKind): Promise<OpenWorkbook> {
  const budget = WORKBOOK_BUDGET;
  let activeSheet: string | null = null;
  if (kind.format !== 'xls') {
    const scan = new WorkbookScan(kind.format, budget, bytes.length);
    await inflateWithinBudget(bytes, kind.entries, budget, (entry, chunk) =>
      scan.feed(entry, chunk),
    );
    scan.finish();
    activeSheet = scan.activeSheet;
  }
  const { read, SSF, CFB } = await import('@e965/xlsx');
  if (kind.format === 'xls') {
    const stream = xlsWorkbookStream(CFB as CfbReader, bytes);
    if (!stream) throw unreadable(kind.format);
    scanXls(stream, budget, bytes.length);
  }
  let book: WorkBook;
  try {
    book = read(bytes, {
      type: 'array',
      dense: true,
      cellNF: true,
      cellText: false,
      cellHTML: false,
      sheetRows: budget.rows + 1,
    });
  } catch {
    throw unreadable(kind.format);
  }
  const reading: CellReading = {
    date1904: book.Workbook?.WBProps?.date1904 === true,
    isDateFormat: (format) => SSF.is_date(format) === true,
  };
  const sheets: WorkbookSheet[] = [];
  const records: OpenWorkbook['records'] = new Map();
  let cells = 0;
  for (const name of book.SheetNames) {
    const sheet = book.Sheets[name];
    if (!sheet) continue;
    const filled = filledCells(name, sheet, reading, budget, bytes.length);
    cells += filled.rows.length * filled.width;
    if (cells > budget.cells)
      throw workbookTooLarge(bytes.length, cellsText(filled.rows.length, filled.width));
    if (filled.rows.length === 0) continue;
    const rows = filled.rows.map(laidOut);
    const header = findHeaderIndex(rows, undefined);
    const rowCount = rows
      .slice(header + 1)
      .filter((r) => r.cells.some((c) => c.trim() !== '')).length;
    sheets.push({ name, rowCount });
    records.set(name, { records: rows, merges: sheet['!merges'] ?? [] });
  }
  if (sheets.length === 0) {
    throw new AppError(
      'INVALID_INPUT',
      'Every sheet of this workbook is empty: there are no rows to read.',
    );
  }
  const opensAt = activeSheet ?? book.SheetNames[activeTab(book)] ?? null;
  const first =
    sheets.find((s) => s.name === opensAt) ??
    sheets.reduce((most, s) => (s.rowCount > most.rowCount ? s : most));
  return { format: kind.format, sheets, first: first.name, records };
}

function unreadable(format: WorkbookFormat): AppError {
  return new AppError(
    'INVALID_INPUT',
    `This file looks like ${FORMAT_NAMES[format]} but cannot be read: it may be damaged, password-protected or another kind of document. Open it in its program, save it again as a workbook or as CSV, and choose the saved file.`,
    { details: { problem: 'UNREADABLE_WORKBOOK' } },
  );
}

/** The tab an .xlsx opens at, from its workbook view; SheetJS keeps it but does not type it. */
function activeTab(book: WorkBook): number {
  const views = (book.Workbook as { WBView?: { activeTab?: unknown }[] } | undefined)?.WBView;
  const tab = Number(views?.[0]?.activeTab);
  return Number.isInteger(tab) ? tab : -1;
}

interface FilledRow {
  line: number;
  /** Column and text of each filled cell: a row is laid out only once the sheet's width passed. */
  filled: [number, string][];
}

/**
 * The non-blank rows of a sheet as their filled cells, numbered as the sheet shows them, and the
 * sheet's used width. Refused once its rows or used columns go past the budget, before any row
 * is padded to that width.
 */
function filledCells(
  name: string,
  sheet: WorkSheet,
  reading: CellReading,
  budget: WorkbookBudget,
  fileBytes: number,
): { rows: FilledRow[]; width: number } {
  const data = sheet['!data'] ?? [];
  if (data.length > budget.rows) {
    throw new AppError(
      'INVALID_INPUT',
      `The sheet "${name}" has more than ${budget.rows.toLocaleString('en-US')} rows, more than Formdesk imports from one file. Split it into smaller sheets or files and import them one by one.`,
      { details: { problem: 'SHEET_TOO_LARGE', sheet: name } },
    );
  }
  const rows: FilledRow[] = [];
  let width = 0;
  // forEach passes over the rows and cells a sparse sheet never had.
  data.forEach((row, r) => {
    const filled: [number, string][] = [];
    row?.forEach((cell, c) => {
      const text = workbookCellText(cell, reading);
      if (text !== '') filled.push([c, text]);
    });
    if (filled.length === 0) return;
    rows.push({ line: r + 1, filled });
    width = Math.max(width, filled[filled.length - 1]![0] + 1);
    if (width > budget.columns || rows.length * width > budget.cells) {
      throw workbookTooLarge(fileBytes, cellsText(data.length, width));
    }
  });
  return { rows, width };
}

/** A row's cells in column order, cut after its last filled one. */
function laidOut({ line, filled }: FilledRow): TableRow {
  const cells: string[] = [];
  for (const [c, text] of filled) {
    while (cells.length < c) cells.push('');
    cells[c] = text;
  }
  return { line, cells };
}

/**
 * One sheet as a table: the chosen sheet (the workbook's first when none is), the header found or chosen as
 * in a CSV file. A header cell merged across columns names the first of them; the others carry
 * the name with their column's number, as repeated names do. A value right of the header's last
 * name gets a column of its own, named by its number.
 */
export function readSheet(
  book: OpenWorkbook,
  options: { sheet?: string | undefined; headerLine?: number | undefined },
): WorkbookTable {
  const sheet = options.sheet ?? book.first;
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
