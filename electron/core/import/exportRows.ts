import { type CellIssue } from '../../shared/contract/imports';
import { AppError } from '../../shared/errors';
import { type ImportJournal, type JobRecord } from './importJournal';
import { PROBLEM_COLUMN } from './ownExport';
import { writeCsv } from '../../shared/csv/writeCsv';

const NOT_IMPORTED = new Set(['failed', 'invalid', 'unconfirmed', 'excluded']);
/** What the problem column says of a row the person left out, which has no problem of its own. */
const LEFT_OUT = 'Left out in the review.';

export interface ExportedFile {
  fileName: string;
  bytes: Uint8Array;
}

/**
 * The rows that did not make it (refused by the server, invalid, not confirmed, or left out), as
 * a CSV with the original header plus a problem column: fix them in a spreadsheet and import the
 * file again. A file that was itself such a file has its old problem column replaced, not repeated.
 */
export function exportFailedRows(journal: ImportJournal, jobId: string): ExportedFile {
  const job = jobOf(journal, jobId);
  const kept = job.columns.flatMap((name, i) => (name === PROBLEM_COLUMN ? [] : [i]));
  const rows = journal
    .reportRows(jobId)
    .filter((r) => NOT_IMPORTED.has(r.status))
    .map((r) => [
      ...kept.map((i) => r.cells[i] ?? ''),
      r.message ?? (problemOf(r.issues) || (r.status === 'excluded' ? LEFT_OUT : '')),
    ]);
  return csvFile(job, '-not-imported', [...kept.map((i) => job.columns[i]!), PROBLEM_COLUMN], rows);
}

/** Every row with its outcome and the submission it became: the import's record, for audit. */
export function exportReport(journal: ImportJournal, jobId: string): ExportedFile {
  const job = jobOf(journal, jobId);
  const rows = journal
    .reportRows(jobId)
    .map((r) => [
      String(r.line),
      r.status,
      r.submissionId ?? '',
      r.message ?? problemOf(r.issues),
      ...r.cells,
    ]);
  return csvFile(
    job,
    '-import-report',
    ['Line', 'Outcome', 'Submission id', PROBLEM_COLUMN, ...job.columns],
    rows,
  );
}

function jobOf(journal: ImportJournal, jobId: string): JobRecord {
  const job = journal.job(jobId);
  if (!job) throw new AppError('NOT_FOUND', 'This import no longer exists.');
  return job;
}

/**
 * Cells a spreadsheet would run as formulas are neutralised (`restoreOwnExport` undoes it when
 * the file is imported again); UTF-8 with a BOM so Excel reads accents and CJK right.
 */
function csvFile(job: JobRecord, suffix: string, header: string[], rows: string[][]): ExportedFile {
  const body = new TextEncoder().encode(writeCsv([header, ...rows], { neutraliseFormulas: true }));
  const bytes = new Uint8Array(body.length + 3);
  bytes.set([0xef, 0xbb, 0xbf]);
  bytes.set(body, 3);
  return { fileName: job.fileName.replace(/(\.[^.]*)?$/, `${suffix}.csv`), bytes };
}

function problemOf(issues: string | null): string {
  if (!issues) return '';
  return (JSON.parse(issues) as Pick<CellIssue, 'severity' | 'message'>[])
    .filter((i) => i.severity === 'error')
    .map((i) => i.message)
    .join(' ');
}
