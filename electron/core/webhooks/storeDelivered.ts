import type Database from 'better-sqlite3';
import { type Submission } from '../../shared/api/submission';
import { toSubmissionRow } from '../cache/submissionRow';
import { SubmissionStore } from '../cache/submissionStore';

/**
 * Writes a submission that arrived by webhook into the cache, as sync would have. Webhooks announce
 * new, finished submissions; the next reconcile confirms or corrects the row like any other.
 */
export function storeDelivered(
  db: Database.Database,
  formId: string,
  submission: Submission,
): void {
  new SubmissionStore(db).upsert(
    formId,
    [toSubmissionRow(submission, 'finished')],
    new Date().toISOString(),
  );
}
