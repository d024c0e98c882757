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
 * The ready rows of a validated job as they would be sent now, in file order. The dry run shows
 * them and the start freezes them, so both agree on every body. Rows without a time from the file
 * get `now` + their position in ms: distinct times are what let an uncertain batch be found on the
 * server later (see rowFingerprint.ts).
 */
export function* plannedRows(
  journal: ImportJournal,
  job: JobRecord,
  now: number,
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
    const submissionTime = submission.submissionTime ?? new Date(now + row.rowIndex).toISOString();
    yield { row, importedAs, submission: { ...submission, submissionTime } };
  }
}
