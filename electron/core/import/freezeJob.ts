import { AppError } from '../../shared/errors';
import { type FrozenRow, type ImportJournal } from './importJournal';
import { answersOf, contentKey } from './rowFingerprint';
import { assignedTimesFrom, plannedRows } from './plannedRows';
import { type KnownSubmissions, mappedQuestionIds, validateJob } from './validateJob';

/**
 * Fixes the exact body of every row that will be sent, before the first request, with the key
 * that finds it on the server if its batch's outcome is ever unknown. Rows an earlier import
 * already created are skipped.
 */
export function freezeJob(
  journal: ImportJournal,
  jobId: string,
  known: KnownSubmissions,
  now: number = Date.now(),
): void {
  const validation = validateJob(journal, jobId, known);
  if (validation.validRows === 0)
    throw new AppError(
      'INVALID_INPUT',
      'No row is ready to import: fix or include some rows first.',
    );
  const job = journal.job(jobId)!;
  const questionIds = mappedQuestionIds(job);
  const frozen: FrozenRow[] = [];
  const rowCount = journal.rowCount(jobId);
  const timesFrom = journal.assignTimes(
    jobId,
    job.formId,
    rowCount,
    assignedTimesFrom(rowCount, now),
  );
  for (const planned of plannedRows(journal, job, timesFrom)) {
    const { rowIndex } = planned.row;
    if (planned.importedAs !== undefined) {
      frozen.push({
        rowIndex,
        status: 'skipped',
        payload: null,
        sentKey: null,
        message: `Imported before as submission ${planned.importedAs}.`,
      });
      continue;
    }
    const { questions, submissionTime } = planned.submission;
    frozen.push({
      rowIndex,
      status: 'pending',
      payload: planned.submission,
      sentKey: contentKey(questionIds, answersOf(questions), submissionTime),
      message: null,
    });
  }
  journal.freeze(jobId, frozen);
}
