import { type CreateSubmission } from '../../shared/api/submission';
import { withUndoInMemory } from '../cache/undoInMemory';
import { JournalRows } from './journalRows';

export interface BatchRow {
  rowIndex: number;
  line: number;
  payload: CreateSubmission;
  sentKey: string;
}

export interface UncertainBatch {
  batchNo: number;
  /** `looked`: looked for once already; its missing rows are looked for again when its window ends. */
  state: 'sending' | 'unknown' | 'looked';
  /** When the batch was written to the journal: it cannot have been created earlier. */
  journaledAt: string;
  /** When its request ended without an answer (or, after a crash, was journaled). */
  since: string;
  rows: BatchRow[];
}

/** The batches sent: each written before its request, with its outcome once known. */
export class JournalBatches extends JournalRows {
  /** The next rows to send: up to `size` in file order, or a single row retried on its own. */
  nextBatch(jobId: string, size: number): BatchRow[] {
    const solo = this.pendingRows(jobId, 1, 1);
    return solo.length > 0 ? solo : this.pendingRows(jobId, 0, size);
  }

  private pendingRows(jobId: string, solo: number, size: number): BatchRow[] {
    return this.db
      .prepare<
        [string, number, number],
        { row_index: number; line: number; payload_json: string; sent_key: string }
      >(
        `SELECT row_index, line, payload_json, sent_key FROM import_rows
         WHERE job_id = ? AND status = 'pending' AND solo = ? ORDER BY row_index LIMIT ?`,
      )
      .all(jobId, solo, size)
      .map(toBatchRow);
  }

  /** Written (and synced to disk) BEFORE the request goes out. */
  journalBatch(jobId: string, rows: readonly BatchRow[]): number {
    return this.write(() => {
      const { next } = this.db
        .prepare<[string], { next: number }>(
          `SELECT coalesce(max(batch_no), 0) + 1 AS next FROM import_batches WHERE job_id = ?`,
        )
        .get(jobId)!;
      this.db
        .prepare(
          `INSERT INTO import_batches (job_id, batch_no, state, row_count, journaled_at) VALUES (?, ?, 'sending', ?, ?)`,
        )
        .run(jobId, next, rows.length, this.now());
      const set = this.db.prepare(
        `UPDATE import_rows SET status = 'sending', batch_no = ? WHERE job_id = ? AND row_index = ?`,
      );
      for (const r of rows) set.run(next, jobId, r.rowIndex);
      return next;
    });
  }

  /**
   * The server's answer, row by row; `also` runs in the same transaction (the cache upsert). Every
   * write of it is of one row a statement, so its undo is kept in memory (`undoInMemory.ts`).
   */
  recordCreated(
    jobId: string,
    batchNo: number,
    created: ReadonlyArray<{ rowIndex: number; submissionId: string }>,
    also: () => void = () => {},
  ): void {
    const set = this.db.prepare(
      `UPDATE import_rows SET status = 'created', submission_id = ?, message = NULL WHERE job_id = ? AND row_index = ?`,
    );
    withUndoInMemory(this.db, () =>
      this.write(() => {
        for (const c of created) set.run(c.submissionId, jobId, c.rowIndex);
        this.finishBatch(jobId, batchNo, 'created', null);
        also();
      }),
    );
  }

  /**
   * The server refused the body (nothing was created). A batch of several rows is split so each
   * row is tried alone and only the bad ones fail; a single row fails with the server's message.
   */
  recordRefused(jobId: string, batchNo: number, message: string): void {
    this.write(() => {
      const rows = this.batchRowIndexes(jobId, batchNo);
      if (rows.length > 1) {
        this.db
          .prepare(
            `UPDATE import_rows SET status = 'pending', solo = 1, batch_no = NULL WHERE job_id = ? AND batch_no = ?`,
          )
          .run(jobId, batchNo);
      } else {
        this.db
          .prepare(
            `UPDATE import_rows SET status = 'failed', message = ? WHERE job_id = ? AND batch_no = ?`,
          )
          .run(message, jobId, batchNo);
      }
      this.finishBatch(jobId, batchNo, 'refused', message);
    });
  }

  /** Not sent, or refused before processing (rate limit, offline): the rows go back in line. */
  recordNotSent(jobId: string, batchNo: number, message: string): void {
    this.write(() => {
      this.db
        .prepare(
          `UPDATE import_rows SET status = 'pending', batch_no = NULL WHERE job_id = ? AND batch_no = ?`,
        )
        .run(jobId, batchNo);
      this.finishBatch(jobId, batchNo, 'retry', message);
    });
  }

  /** The request ended without an answer that tells: the service may still commit it. */
  recordUnknown(jobId: string, batchNo: number, message: string): void {
    this.db
      .prepare(
        `UPDATE import_batches SET state = 'unknown', message = ?, finished_at = ? WHERE job_id = ? AND batch_no = ?`,
      )
      .run(message, this.now(), jobId, batchNo);
  }

  /** Batches sent (or possibly sent) without a known outcome: a crash mid-send leaves 'sending'. */
  uncertainBatches(jobId: string): UncertainBatch[] {
    const batches = this.db
      .prepare<
        [string],
        { batch_no: number; state: UncertainBatch['state']; journaled_at: string; since: string }
      >(
        `SELECT batch_no, state, journaled_at, coalesce(finished_at, journaled_at) AS since FROM import_batches WHERE job_id = ? AND state IN ('sending', 'unknown', 'looked') ORDER BY batch_no`,
      )
      .all(jobId);
    const rows = this.db.prepare<
      [string, number],
      { row_index: number; line: number; payload_json: string; sent_key: string }
    >(
      `SELECT row_index, line, payload_json, sent_key FROM import_rows WHERE job_id = ? AND batch_no = ? AND status = 'sending' ORDER BY row_index`,
    );
    return batches.map((b) => ({
      batchNo: b.batch_no,
      state: b.state,
      journaledAt: b.journaled_at,
      since: b.since,
      rows: rows.all(jobId, b.batch_no).map(toBatchRow),
    }));
  }

  /**
   * What a look at the server found for an uncertain batch: the rows found are created. The rest
   * stay uncertain (`wait`), or the batch is settled: its rows in `unconfirmed` are left for the
   * person to check, and any other still missing go back in line to be sent again.
   */
  resolveVerified(
    jobId: string,
    batchNo: number,
    found: ReadonlyMap<number, string>,
    rest: 'wait' | { unconfirmed: ReadonlySet<number> },
    message: string,
    also: () => void = () => {},
  ): void {
    const created = this.db.prepare(
      `UPDATE import_rows SET status = 'created', submission_id = ?, message = NULL WHERE job_id = ? AND row_index = ?`,
    );
    const unconfirmed = this.db.prepare(
      `UPDATE import_rows SET status = 'unconfirmed', message = ? WHERE job_id = ? AND row_index = ? AND status = 'sending'`,
    );
    this.write(() => {
      for (const [rowIndex, submissionId] of found) created.run(submissionId, jobId, rowIndex);
      if (rest === 'wait') {
        this.db
          .prepare(
            `UPDATE import_batches SET state = 'looked', message = ? WHERE job_id = ? AND batch_no = ?`,
          )
          .run(message, jobId, batchNo);
      } else {
        for (const rowIndex of rest.unconfirmed) unconfirmed.run(message, jobId, rowIndex);
        this.db
          .prepare(
            `UPDATE import_rows SET status = 'pending', batch_no = NULL WHERE job_id = ? AND batch_no = ? AND status = 'sending'`,
          )
          .run(jobId, batchNo);
        this.finishBatch(jobId, batchNo, 'verified', message);
      }
      also();
    });
  }

  /**
   * The person's call on rows whose creation could not be confirmed: send them again (they are
   * back in line) or leave them (kept as they are, never counted as created or failed).
   */
  decideUnconfirmed(
    jobId: string,
    rowIndexes: readonly number[],
    decision: 'send' | 'leave',
  ): number {
    const set = this.db.prepare(
      decision === 'send'
        ? `UPDATE import_rows SET status = 'pending', batch_no = NULL, message = NULL WHERE job_id = ? AND row_index = ? AND status = 'unconfirmed'`
        : `UPDATE import_rows SET status = 'left', message = 'Left as it was: it may or may not be on the service.' WHERE job_id = ? AND row_index = ? AND status = 'unconfirmed'`,
    );
    return this.write(() =>
      rowIndexes.reduce((changed, rowIndex) => changed + set.run(jobId, rowIndex).changes, 0),
    );
  }

  /** Rows whose creation could not be confirmed, in file order. */
  unconfirmedRows(jobId: string): number[] {
    return this.db
      .prepare<[string], { row_index: number }>(
        `SELECT row_index FROM import_rows WHERE job_id = ? AND status = 'unconfirmed' ORDER BY row_index`,
      )
      .all(jobId)
      .map((r) => r.row_index);
  }

  /** Batches settled so far (created, verified or refused by the server). */
  settledBatches(jobId: string): number {
    return this.db
      .prepare<[string], { n: number }>(
        `SELECT count(*) AS n FROM import_batches WHERE job_id = ? AND state IN ('created', 'verified', 'refused')`,
      )
      .get(jobId)!.n;
  }

  /**
   * Whether the service keeps the `submissionTime` an import sends, to the millisecond, as the
   * workspace's imports have seen it (the newest that saw an answer); null until one has.
   */
  serviceKeepsTimes(): boolean | null {
    const row = this.db
      .prepare<[], { times_kept: number }>(
        `SELECT times_kept FROM import_jobs WHERE times_kept IS NOT NULL ORDER BY started_at DESC, created_at DESC LIMIT 1`,
      )
      .get();
    return row === undefined ? null : row.times_kept === 1;
  }

  /** Once seen not kept, it stays so for the job: one answer that changed a time is enough. */
  noteTimesKept(jobId: string, kept: boolean): void {
    this.db
      .prepare(
        `UPDATE import_jobs SET times_kept = ? WHERE job_id = ? AND (times_kept IS NULL OR times_kept = 1)`,
      )
      .run(Number(kept), jobId);
  }

  /**
   * Rows not sent are skipped; rows sent without a known outcome are left to the person: the
   * service may still hold them.
   */
  cancelPending(jobId: string): void {
    this.write(() => {
      this.db
        .prepare(
          `UPDATE import_rows SET status = 'skipped', message = 'Cancelled before it was sent.' WHERE job_id = ? AND status = 'pending'`,
        )
        .run(jobId);
      this.db
        .prepare(
          `UPDATE import_rows SET status = 'unconfirmed', message = 'Cancelled before its batch could be checked: it may or may not be on the service.' WHERE job_id = ? AND status = 'sending'`,
        )
        .run(jobId);
      this.db
        .prepare(
          `UPDATE import_batches SET state = 'verified', finished_at = ? WHERE job_id = ? AND state IN ('sending', 'unknown', 'looked')`,
        )
        .run(this.now(), jobId);
      this.setState(jobId, 'cancelled');
    });
  }

  private batchRowIndexes(jobId: string, batchNo: number): number[] {
    return this.db
      .prepare<[string, number], { row_index: number }>(
        `SELECT row_index FROM import_rows WHERE job_id = ? AND batch_no = ?`,
      )
      .all(jobId, batchNo)
      .map((r) => r.row_index);
  }

  private finishBatch(jobId: string, batchNo: number, state: string, message: string | null): void {
    this.db
      .prepare(
        `UPDATE import_batches SET state = ?, message = ?, finished_at = ? WHERE job_id = ? AND batch_no = ?`,
      )
      .run(state, message, this.now(), jobId, batchNo);
  }
}

function toBatchRow(r: {
  row_index: number;
  line: number;
  payload_json: string;
  sent_key: string;
}): BatchRow {
  return {
    rowIndex: r.row_index,
    line: r.line,
    payload: JSON.parse(r.payload_json) as CreateSubmission,
    sentKey: r.sent_key,
  };
}
