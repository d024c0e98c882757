import { type CellIssue } from '../../shared/contract/imports';
import { AppError } from '../../shared/errors';
import { type ImportJournal } from './importJournal';
import { writeCsv } from './writeCsv';

const NOT_IMPORTED = new Set(['failed', 'invalid']);

/**
 * The rows that did not make it (refused by the server, or invalid), as a CSV with the original
 * header plus a "Problem" column: fix them in a spreadsheet and import the file again. Cells a
 * spreadsheet would run as formulas are neutralised; UTF-8 with BOM so Excel reads accents.
 */
export function exportFailedRows(
  journal: ImportJournal,
  jobId: string,
): { fileName: string; bytes: Uint8Array } {
  const job = journal.job(jobId);
  if (!job) throw new AppError('NOT_FOUND', 'This import no longer exists.');
  const rows = journal
    .reportRows(jobId)
    .filter((r) => NOT_IMPORTED.has(r.status))
    .map((r) => [...r.cells, r.message ?? problemOf(r.issues)]);
  const text = writeCsv([[...job.columns, 'Problem'], ...rows], { neutraliseFormulas: true });
  const body = new TextEncoder().encode(text);
  const bytes = new Uint8Array(body.length + 3);
  bytes.set([0xef, 0xbb, 0xbf]);
  bytes.set(body, 3);
  return { fileName: job.fileName.replace(/(\.[^.]*)?$/, '-not-imported.csv'), bytes };
}

function problemOf(issues: string | null): string {
  if (!issues) return '';
  return (JSON.parse(issues) as Pick<CellIssue, 'severity' | 'message'>[])
    .filter((i) => i.severity === 'error')
    .map((i) => i.message)
    .join(' ');
}
