import { type ActivityLog } from '../cache/activityLog';
import { plural } from './contentMatch';
import { type ImportJournal } from './importJournal';

/** Lines a sentence names before it counts the rest. */
const LINES_NAMED = 10;

/**
 * Keeps in Activity the rows an import could not confirm, with their lines and cells as the file
 * gave them: the person decides on each in the import's report, and Activity says so for as long
 * as the log is kept.
 */
export function recordRowsToCheck(
  activity: ActivityLog,
  journal: ImportJournal,
  workspaceId: string,
  jobId: string,
  rowIndexes: readonly number[],
): void {
  const job = journal.job(jobId);
  if (!job) return;
  const wanted = new Set(rowIndexes);
  const rows = journal
    .reportRows(jobId)
    .filter((r) => wanted.has(r.rowIndex))
    .map(({ line, cells, message }) => ({ line, cells, message }));
  const lines = rows.slice(0, LINES_NAMED).map((r) => r.line);
  const more = rows.length > LINES_NAMED ? ` and ${rows.length - LINES_NAMED} more` : '';
  activity.record({
    at: new Date().toISOString(),
    workspaceId,
    kind: 'import.unconfirmed',
    formId: job.formId,
    submissionId: null,
    summary: `Import of ${job.fileName}: ${plural(rows.length, 'row')} could not be confirmed on the service (lines ${lines.join(', ')}${more}). Open the import's report to send ${rows.length === 1 ? 'it' : 'them'} again or leave ${rows.length === 1 ? 'it' : 'them'}.`,
    snapshot: { jobId, fileName: job.fileName, columns: job.columns, rows },
  });
}
