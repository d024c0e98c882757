import { AppError } from '../../shared/errors';
import { buildSubmission } from './buildSubmission';
import { type FrozenRow, type ImportJournal } from './importJournal';
import { answersOf, contentKey } from './rowFingerprint';
import { type KnownSubmission, mappedQuestionIds, sourceKeyOf, validateJob } from './validateJob';

/**
 * Fixes the exact body of every row that will be sent, before the first request. Rows without a
 * time from the file get their own `submissionTime` (start + row position in ms): it is what lets
 * an uncertain batch be found on the server later (see rowFingerprint.ts). Rows an earlier import
 * already created are skipped.
 */
export function freezeJob(
  journal: ImportJournal,
  jobId: string,
  known: Iterable<KnownSubmission>,
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
  const importedBefore = journal.createdSourceKeys(job.formId, jobId);
  const ready = new Set(
    journal
      .reportRows(jobId)
      .filter((r) => r.status === 'ready')
      .map((r) => r.rowIndex),
  );
  const frozen: FrozenRow[] = [];
  for (const row of journal.sourceRows(jobId)) {
    if (!ready.has(row.rowIndex)) continue;
    const submission = buildSubmission(row.cells, job.mappings).submission!;
    const earlier = importedBefore.get(sourceKeyOf(job, submission));
    if (earlier !== undefined) {
      frozen.push({
        rowIndex: row.rowIndex,
        status: 'skipped',
        payload: null,
        sentKey: null,
        message: `Imported before as submission ${earlier}.`,
      });
      continue;
    }
    submission.submissionTime ??= new Date(now + row.rowIndex).toISOString();
    frozen.push({
      rowIndex: row.rowIndex,
      status: 'pending',
      payload: submission,
      sentKey: contentKey(questionIds, answersOf(submission.questions), submission.submissionTime),
      message: null,
    });
  }
  journal.freeze(jobId, frozen);
}
