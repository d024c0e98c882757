import { randomUUID } from 'node:crypto';
import type Database from 'better-sqlite3';
import {
  type DeleteJobKind,
  type DeleteJobState,
  type DeleteJobSummary,
} from '../../shared/contract/bulkDelete';
import { AppError } from '../../shared/errors';
import { leaseIsLive, type LeaseColumns } from '../import/runnerLease';

export type DeleteRowStatus = 'pending' | 'sending' | 'deleted' | 'gone' | 'failed' | 'skipped';

export interface DeleteRow {
  rowNo: number;
  formId: string;
  submissionId: string;
  status: DeleteRowStatus;
}

interface JobRow extends LeaseColumns {
  job_id: string;
  kind: DeleteJobKind;
  state: DeleteJobState;
  created_at: string;
  notice: string | null;
  erase_terms: string | null;
}

/** How long a runner's claim on a job outlives its last renewal. */
const LEASE_MS = 30_000;

/**
 * The bulk delete journal (`deleteJournalMigration.ts`). Every write is its own statement or an
 * immediate transaction on the workspace's file, which runs with `synchronous = FULL`.
 */
export class DeleteJournal {
  readonly runnerId = randomUUID();

  constructor(
    private readonly db: Database.Database,
    private readonly now: () => number = Date.now,
  ) {}

  /** Journals a job and all its rows in one transaction, before anything is sent. */
  create(
    kind: DeleteJobKind,
    rows: readonly { formId: string; submissionId: string }[],
    eraseTerms: readonly string[] | null = null,
  ): string {
    const jobId = randomUUID();
    const at = new Date(this.now()).toISOString();
    const insertRow = this.db.prepare(
      `INSERT INTO delete_rows (job_id, row_no, form_id, submission_id, status) VALUES (?, ?, ?, ?, 'pending')`,
    );
    this.db
      .transaction(() => {
        this.db
          .prepare(
            `INSERT INTO delete_jobs (job_id, kind, state, created_at, updated_at, erase_terms)
             VALUES (?, ?, 'running', ?, ?, ?)`,
          )
          .run(jobId, kind, at, at, eraseTerms ? JSON.stringify(eraseTerms) : null);
        const seen = new Set<string>();
        let rowNo = 0;
        for (const row of rows) {
          const key = `${row.formId}\u0000${row.submissionId}`;
          if (seen.has(key)) continue;
          seen.add(key);
          insertRow.run(jobId, rowNo++, row.formId, row.submissionId);
        }
      })
      .immediate();
    return jobId;
  }

  job(jobId: string): JobRow | undefined {
    return this.db
      .prepare<[string], JobRow>(`SELECT * FROM delete_jobs WHERE job_id = ?`)
      .get(jobId);
  }

  require(jobId: string): JobRow {
    const job = this.job(jobId);
    if (!job) throw new AppError('NOT_FOUND', 'This bulk delete no longer exists.');
    return job;
  }

  jobIds(): string[] {
    return this.db
      .prepare<[], string>(`SELECT job_id FROM delete_jobs ORDER BY created_at DESC, job_id`)
      .pluck()
      .all();
  }

  /** The row a runner settles next: one asked about before a stop comes first, to be read. */
  nextRow(jobId: string): DeleteRow | undefined {
    for (const status of ['sending', 'pending'] as const) {
      const row = this.db
        .prepare<[string, string], { row_no: number; form_id: string; submission_id: string }>(
          `SELECT row_no, form_id, submission_id FROM delete_rows INDEXED BY delete_rows_open
           WHERE job_id = ? AND status = ? AND status IN ('pending', 'sending')
           ORDER BY row_no LIMIT 1`,
        )
        .get(jobId, status);
      if (row)
        return { rowNo: row.row_no, formId: row.form_id, submissionId: row.submission_id, status };
    }
    return undefined;
  }

  setRow(
    jobId: string,
    rowNo: number,
    status: DeleteRowStatus,
    message: string | null = null,
  ): void {
    this.db
      .prepare(`UPDATE delete_rows SET status = ?, message = ? WHERE job_id = ? AND row_no = ?`)
      .run(status, message, jobId, rowNo);
  }

  /** Every row of the job, for the erasure's clean-up and the tests. */
  rows(jobId: string): DeleteRow[] {
    return this.db
      .prepare<
        [string],
        { row_no: number; form_id: string; submission_id: string; status: DeleteRowStatus }
      >(
        `SELECT row_no, form_id, submission_id, status FROM delete_rows WHERE job_id = ? ORDER BY row_no`,
      )
      .all(jobId)
      .map((r) => ({
        rowNo: r.row_no,
        formId: r.form_id,
        submissionId: r.submission_id,
        status: r.status,
      }));
  }

  /** Rows not yet settled go unsent. */
  skipOpen(jobId: string): void {
    this.db
      .prepare(`UPDATE delete_rows SET status = 'skipped' WHERE job_id = ? AND status = 'pending'`)
      .run(jobId);
  }

  setState(jobId: string, state: DeleteJobState, notice: string | null = null): void {
    this.db
      .prepare(`UPDATE delete_jobs SET state = ?, notice = ?, updated_at = ? WHERE job_id = ?`)
      .run(state, notice, new Date(this.now()).toISOString(), jobId);
  }

  eraseTerms(jobId: string): string[] | null {
    const terms = this.job(jobId)?.erase_terms;
    return terms ? (JSON.parse(terms) as string[]) : null;
  }

  /** The person's search goes once their local copies are gone. */
  forgetEraseTerms(jobId: string): void {
    this.db.prepare(`UPDATE delete_jobs SET erase_terms = NULL WHERE job_id = ?`).run(jobId);
  }

  summary(jobId: string): DeleteJobSummary {
    const job = this.require(jobId);
    const counts = this.db
      .prepare<[string], { status: DeleteRowStatus; n: number }>(
        `SELECT status, count(*) AS n FROM delete_rows WHERE job_id = ? GROUP BY status`,
      )
      .all(jobId);
    const count = (status: DeleteRowStatus) => counts.find((c) => c.status === status)?.n ?? 0;
    const formIds = this.db
      .prepare<[string], string>(
        `SELECT form_id FROM delete_rows WHERE job_id = ? GROUP BY form_id ORDER BY min(row_no)`,
      )
      .pluck()
      .all(jobId);
    return {
      jobId,
      kind: job.kind,
      state: job.state,
      formIds,
      total: counts.reduce((sum, c) => sum + c.n, 0),
      deleted: count('deleted'),
      alreadyGone: count('gone'),
      failed: count('failed'),
      createdAt: job.created_at,
      notice: job.notice,
    };
  }

  /**
   * Jobs a crash or a closed workspace left running, that no live runner holds: marked
   * interrupted, and returned to be resumed.
   */
  interrupted(): string[] {
    const open = this.db
      .prepare<[], JobRow>(
        `SELECT * FROM delete_jobs WHERE state IN ('running', 'waiting', 'interrupted')`,
      )
      .all();
    const now = this.now();
    const free = open.filter((job) => job.lease_pid === process.pid || !leaseIsLive(job, now));
    for (const job of free) this.setState(job.job_id, 'interrupted', job.notice);
    return free.map((job) => job.job_id);
  }

  /** Claims the job for this runner, or refuses when another live process runs it. */
  take(jobId: string): void {
    this.db
      .transaction(() => {
        const job = this.require(jobId);
        if (
          job.lease_runner !== this.runnerId &&
          job.lease_pid !== process.pid &&
          leaseIsLive(job, this.now())
        ) {
          throw new AppError(
            'CONFLICT',
            `This bulk delete is being run by another Formdesk process (process ${job.lease_pid}).`,
          );
        }
        this.db
          .prepare(
            `UPDATE delete_jobs SET lease_runner = ?, lease_pid = ?, lease_until = ? WHERE job_id = ?`,
          )
          .run(this.runnerId, process.pid, this.now() + LEASE_MS, jobId);
      })
      .immediate();
  }

  /** Extends the claim; false when another runner took the job. */
  renew(jobId: string): boolean {
    return (
      this.db
        .prepare(`UPDATE delete_jobs SET lease_until = ? WHERE job_id = ? AND lease_runner = ?`)
        .run(this.now() + LEASE_MS, jobId, this.runnerId).changes > 0
    );
  }

  release(jobId: string): void {
    this.db
      .prepare(
        `UPDATE delete_jobs SET lease_runner = NULL, lease_pid = NULL, lease_until = NULL
         WHERE job_id = ? AND lease_runner = ?`,
      )
      .run(jobId, this.runnerId);
  }
}
