import { AppError } from '../../shared/errors';

/** What one workbook may make the wizard's thread hold, whatever its file's size. */
export interface WorkbookBudget {
  /** Bytes one part of the archive may unpack to, as the reader will hold it. */
  entryBytes: number;
  /** Bytes all parts together may unpack to. */
  unpackedBytes: number;
  /** Rows of one sheet. */
  rows: number;
  /** Used columns of one sheet: up to the last filled one. */
  columns: number;
  /** Cells of the whole workbook: each sheet's rows times its used columns. */
  cells: number;
}

/**
 * The budget the wizard reads workbooks with: well past the largest files the import is measured
 * with, and room for forms of many questions; the README's reliability table has the figures.
 */
export const WORKBOOK_BUDGET: WorkbookBudget = {
  entryBytes: 192 * 1024 * 1024,
  unpackedBytes: 256 * 1024 * 1024,
  rows: 250_000,
  columns: 2_000,
  cells: 5_000_000,
};

/** The refusal of a file over the budget: its size, what it would become, and what to do. */
export function workbookTooLarge(fileBytes: number, becomes: string): AppError {
  return new AppError(
    'INVALID_INPUT',
    `This file is ${byteSize(fileBytes)} but would become ${becomes}, more than Formdesk reads at once. ` +
      'Save the sheet to import as CSV (removing empty columns and rows first) and choose that file.',
    { details: { problem: 'WORKBOOK_TOO_LARGE' } },
  );
}

/** Rows by columns, as the refusal of a sheet too large names it. */
export function cellsText(rows: number, columns: number): string {
  const count = (n: number) => n.toLocaleString('en-US');
  return `${count(rows * columns)} cells (${count(rows)} rows × ${count(columns)} columns)`;
}

/** A size as people read it: kilobytes under a megabyte, else megabytes. */
export function byteSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${Number((bytes / 1024 / 1024).toFixed(1)).toLocaleString('en-US')} MB`;
}
