import { restoreFormulas } from '../../shared/csv/formulaGuard';
import { type ReadTable } from './tableShape';

/**
 * The column that says why a row was not imported, in the files Formdesk writes from an import
 * (the rows to fix, the report). Its header is also the mark by which the import knows such a
 * file when it comes back, and takes away the `'` Formdesk put before formula-like values.
 *
 * Why a header and not another mark: the `'` itself survives a spreadsheet (Excel and
 * LibreOffice show it in the cell and save it back), and so does the header row, whatever
 * delimiter, encoding or name the file is saved with. A byte-order mark, a comment line or the
 * file name do not: spreadsheets drop or rewrite them on save. Stripping every `'` before a
 * formula in any file would not do either: a person's own file may mean it. A file whose
 * column was deleted is read as the person's own, marks and all, which the preview shows.
 */
export const PROBLEM_COLUMN = 'Problem (Formdesk)';

/** A file Formdesk wrote, read back as the values it was written from; any other file as it is. */
export function restoreOwnExport<T extends ReadTable>(table: T): T {
  if (!table.columns.includes(PROBLEM_COLUMN)) return table;
  return {
    ...table,
    columns: table.columns.map(restoreFormulas),
    rows: table.rows.map((row) => ({ ...row, cells: row.cells.map(restoreFormulas) })),
  };
}
