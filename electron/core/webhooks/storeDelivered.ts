import type Database from 'better-sqlite3';
import { type Submission } from '../../shared/api/submission';
import { toSubmissionRow } from '../cache/submissionRow';
import { SubmissionStore } from '../cache/submissionStore';
import { SyncStateStore } from '../cache/syncStateStore';

/**
 * Writes a submission that arrived by webhook into the cache, as sync would have. Webhooks announce
 * new, finished submissions; the next reconcile confirms or corrects the row like any other.
 */
export function storeDelivered(
  db: Database.Database,
  formId: string,
  submission: Submission,
): void {
  // The delivery proves the submission exists on the server: a reconcile walk under way (which
  // sweeps the rows it did not see) must count it as seen. `list` reads without creating state.
  const finished = new SyncStateStore(db).list(formId).find((s) => s.status === 'finished');
  new SubmissionStore(db).upsert(
    formId,
    [toSubmissionRow(submission, 'finished')],
    new Date().toISOString(),
    { seenPass: finished?.passId ?? 0 },
  );
}
