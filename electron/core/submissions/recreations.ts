import type Database from 'better-sqlite3';
import { type Recreation } from '../../shared/contract/activity';

/**
 * A copy's creation again is an import job of one row whose id names the copy's Activity entry:
 * `recreate-<entry>`, then `recreate-<entry>-<n>` for a later try after one the service refused.
 * The journal is the one record of what was sent, so how a copy stands is read from it alone.
 */
export const recreationJobId = (entryId: number, attempt: number) =>
  attempt <= 1 ? `recreate-${entryId}` : `recreate-${entryId}-${attempt}`;

interface Attempt {
  jobId: string;
  jobState: string;
  fileName: string;
  rowStatus: string;
  submissionId: string | null;
  message: string | null;
}

/** The import journal read for the copies created again, and Activity for what it recorded. */
export class Recreations {
  private readonly attemptsOf;
  private readonly recordedAs;

  constructor(db: Database.Database) {
    // The later tries' ids sort between `recreate-<entry>-` and `recreate-<entry>.`.
    this.attemptsOf = db.prepare<[string, string, string], Attempt>(
      `SELECT j.job_id AS jobId, j.state AS jobState, j.file_name AS fileName,
              r.status AS rowStatus, r.submission_id AS submissionId, r.message AS message
       FROM import_jobs j JOIN import_rows r ON r.job_id = j.job_id AND r.row_index = 0
       WHERE j.job_id = ? OR (j.job_id > ? AND j.job_id < ?)
       ORDER BY j.created_at, j.job_id`,
    );
    this.recordedAs = db
      .prepare<[string], number>(
        `SELECT 1 FROM activity_log WHERE kind = 'submission.recreated' AND submission_id = ? LIMIT 1`,
      )
      .pluck();
  }

  /** Every try for the copy, oldest first, the ones never started included. */
  attempts(entryId: number): Attempt[] {
    const id = `recreate-${entryId}`;
    return this.attemptsOf.all(id, `${id}-`, `${id}.`);
  }

  /** How the copy stands; null when it was never sent (or every try stopped before it was). */
  status(entryId: number): Recreation | null {
    const attempts = this.attempts(entryId);
    const created = attempts.find((a) => a.rowStatus === 'created' && a.submissionId !== null);
    if (created) {
      return {
        state: 'created',
        submissionId: created.submissionId,
        jobId: created.jobId,
        message: `Created again, as submission ${created.submissionId}.`,
      };
    }
    const last = attempts.filter((a) => a.jobState !== 'draft').at(-1);
    if (!last) return null;
    const at = { submissionId: null, jobId: last.jobId };
    switch (last.rowStatus) {
      case 'pending':
        return {
          ...at,
          state: 'creating',
          message: ['paused', 'interrupted'].includes(last.jobState)
            ? 'Stopped before it was sent: ask again to go on.'
            : 'Being created again.',
        };
      case 'sending':
        return {
          ...at,
          state: 'checking',
          message:
            "The service's answer was lost: it is looked for there before anything is sent again.",
        };
      case 'unconfirmed':
      case 'left':
        return {
          ...at,
          state: 'toCheck',
          message: `Whether the service created it could not be confirmed: check the import "${last.fileName}" in Imports before trying again.`,
        };
      case 'failed':
        return {
          ...at,
          state: 'failed',
          message: `The service refused it: ${last.message ?? 'no reason given'}`,
        };
      default:
        // Cancelled before it was sent: as if never asked.
        return null;
    }
  }

  /** Whether Activity already records the creation of this submission from a copy. */
  recorded(submissionId: string): boolean {
    return this.recordedAs.get(submissionId) !== undefined;
  }
}
