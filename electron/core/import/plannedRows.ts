import { type CreateSubmission } from '../../shared/api/submission';
import { AppError } from '../../shared/errors';
import { buildSubmission } from './buildSubmission';
import { type ImportJournal, type JobRecord, type SourceRow } from './importJournal';
import { sourceKeyOf } from './validateJob';

export type PlannedRow =
  /** The body the row is sent as; its time is the file's or one given from `now`. */
  | {
      row: SourceRow;
      importedAs: undefined;
      submission: CreateSubmission & { submissionTime: string };
    }
  /** The submission an earlier import already made of this row: it is skipped, not sent. */
  | { row: SourceRow; importedAs: string };

/**
 * How long before the start a job's assigned times end: a respondent's submission is given the
 * service's clock when it arrives, so no submission made after the start (with the service's
 * clock this far behind ours) can carry one of them.
 */
const ASSIGNED_TIMES_LEAD_MS = 60_000;

/** Where a job's assigned times begin were it started now, before the start reserves them. */
export function assignedTimesFrom(rowCount: number, now: number): number {
  return now - ASSIGNED_TIMES_LEAD_MS - rowCount;
}

/**
 * The ready rows of a validated job as they would be sent, in file order. The dry run shows them
 * and the start freezes them, so both agree on every body. Rows without a time from the file get
 * `timesFrom` + their position in ms: a time of their own is the marker that finds an uncertain
 * batch's rows on the server later, and tells them from a respondent's (see rowFingerprint.ts).
 */
export function* plannedRows(
  journal: ImportJournal,
  job: JobRecord,
  timesFrom: number,
): Generator<PlannedRow> {
  const importedBefore = journal.createdSourceKeys(job.formId, job.jobId);
  const ready = new Set(
    journal
      .reportRows(job.jobId)
      .filter((r) => r.status === 'ready')
      .map((r) => r.rowIndex),
  );
  for (const row of journal.sourceRows(job.jobId)) {
    if (!ready.has(row.rowIndex)) continue;
    const submission = buildSubmission(row.cells, job.mappings).submission;
    if (!submission) throw new AppError('INTERNAL', 'A validated row could not be built.');
    const importedAs = importedBefore.get(sourceKeyOf(job, submission));
    if (importedAs !== undefined) {
      yield { row, importedAs };
      continue;
    }
    const submissionTime =
      submission.submissionTime ?? new Date(timesFrom + row.rowIndex).toISOString();
    yield { row, importedAs, submission: { ...submission, submissionTime } };
  }
}
