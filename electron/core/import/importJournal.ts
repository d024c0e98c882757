import type Database from 'better-sqlite3';
import { type CreateSubmission } from '../../shared/api/submission';
import {
  type CellIssue,
  type ColumnMapping,
  type ImportState,
  type ImportSummary,
} from '../../shared/contract/imports';
import { AppError } from '../../shared/errors';
import { withUndoInMemory } from '../cache/undoInMemory';
import { leaseIsLive, type LeaseColumns } from './runnerLease';
import { type RememberedMapping } from './suggestMapping';

export interface JobRecord {
  jobId: string;
  formId: string;
  fileName: string;
  state: ImportState;
  columns: string[];
  mappings: ColumnMapping[];
  createdAt: string;
  updatedAt: string;
  startedAt: string | null;
  notice: string | null;
}

export interface SourceRow {
  rowIndex: number;
  line: number;
  cells: string[];
  excluded: boolean;
  /** The verdict the journal holds, so only rows whose verdict changed are written again. */
  stored?: { status: string; issuesJson: string | null; sourceKey: string | null };
}

export type DraftStatus = 'ready' | 'invalid' | 'excluded';

export interface ValidatedRow {
  rowIndex: number;
  status: DraftStatus;
  issues: Omit<CellIssue, 'rowIndex' | 'line'>[];
  sourceKey: string | null;
}

export interface FrozenRow {
  rowIndex: number;
  status: 'pending' | 'skipped';
  payload: CreateSubmission | null;
  sentKey: string | null;
  message: string | null;
}

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

/** Rows written by one INSERT when a draft is created (8 values each, far below SQLite's limit). */
const ROWS_PER_INSERT = 100;

interface JobColumns {
  job_id: string;
  form_id: string;
  file_name: string;
  state: ImportState;
  columns_json: string;
  mappings_json: string;
  created_at: string;
  updated_at: string;
  started_at: string | null;
  notice: string | null;
}

const toJob = (r: JobColumns): JobRecord => ({
  jobId: r.job_id,
  formId: r.form_id,
  fileName: r.file_name,
  state: r.state,
  columns: JSON.parse(r.columns_json) as string[],
  mappings: JSON.parse(r.mappings_json) as ColumnMapping[],
  createdAt: r.created_at,
  updatedAt: r.updated_at,
  startedAt: r.started_at,
  notice: r.notice,
});

/**
 * All SQL of the import journal. Each step a crash may interrupt is one transaction, so the file
 * always says, for every row, either "not sent", "sent in batch N, outcome unknown" or the outcome.
 * Every one of them writes, and begins IMMEDIATE, taking the write lock first: begun deferred, a
 * step that read before it wrote (the next batch's number, a batch's rows) failed at once with
 * SQLITE_BUSY_SNAPSHOT whenever another thread (the page writer, the import wizard) had committed
 * since its read, which no wait can mend, and the import stopped mid-run.
 */
export class ImportJournal {
  constructor(
    private readonly db: Database.Database,
    private readonly now: () => string = () => new Date().toISOString(),
  ) {}

  /** One step of the journal, in a transaction that takes the write lock as it begins. */
  private write<T>(step: () => T): T {
    return this.db.transaction(step).immediate();
  }

  /** A new draft with every row of the file and, when already judged, each row's verdict. */
  createJob(
    job: {
      jobId: string;
      formId: string;
      fileName: string;
      columns: string[];
      mappings: ColumnMapping[];
      /** The app's launch whose wizard made it (`draftLaunchMigration.ts`). */
      launch?: string;
    },
    rows: ReadonlyArray<{ line: number; cells: string[] }>,
    verdicts?: readonly ValidatedRow[],
  ): void {
    const at = this.now();
    const columns = `(job_id, row_index, form_id, line, cells_json, status, issues_json, source_key)`;
    const placeholders = (n: number) =>
      Array.from({ length: n }, () => '(?, ?, ?, ?, ?, ?, ?, ?)').join(', ');
    // Many rows per statement: a large file is a few thousand statements, not one per row.
    const insertMany = this.db.prepare(
      `INSERT INTO import_rows ${columns} VALUES ${placeholders(ROWS_PER_INSERT)}`,
    );
    const values = (i: number) => {
      const verdict = verdicts?.[i];
      return [
        job.jobId,
        i,
        job.formId,
        rows[i]!.line,
        JSON.stringify(rows[i]!.cells),
        verdict?.status ?? 'ready',
        verdict ? issuesJson(verdict) : null,
        verdict?.sourceKey ?? null,
      ];
    };
    this.write(() => {
      this.db
        .prepare(
          `INSERT INTO import_jobs (job_id, form_id, file_name, state, columns_json, mappings_json, created_at, updated_at, draft_launch)
           VALUES (?, ?, ?, 'draft', ?, ?, ?, ?, ?)`,
        )
        .run(
          job.jobId,
          job.formId,
          job.fileName,
          JSON.stringify(job.columns),
          JSON.stringify(job.mappings),
          at,
          at,
          job.launch ?? null,
        );
      let i = 0;
      for (; i + ROWS_PER_INSERT <= rows.length; i += ROWS_PER_INSERT) {
        const batch: unknown[] = [];
        for (let j = i; j < i + ROWS_PER_INSERT; j++) batch.push(...values(j));
        insertMany.run(batch);
      }
      if (i < rows.length) {
        const rest: unknown[] = [];
        for (let j = i; j < rows.length; j++) rest.push(...values(j));
        this.db
          .prepare(`INSERT INTO import_rows ${columns} VALUES ${placeholders(rows.length - i)}`)
          .run(rest);
      }
    });
  }

  /** A draft no page can reach goes, with whatever rows it has left (`deleteDraftRows`). */
  deleteDraft(jobId: string): void {
    this.db.prepare(`DELETE FROM import_jobs WHERE job_id = ? AND state = 'draft'`).run(jobId);
  }

  /**
   * Up to `limit` rows of a draft, deleted: the rows deleted. A draft holds every row of its file,
   * so it goes a few thousand rows a transaction, each a short hold of the write lock.
   */
  deleteDraftRows(jobId: string, limit: number): number {
    return this.db
      .prepare(
        `DELETE FROM import_rows WHERE job_id = @jobId AND row_index IN (
           SELECT row_index FROM import_rows WHERE job_id = @jobId ORDER BY row_index LIMIT @limit)
         AND EXISTS (SELECT 1 FROM import_jobs WHERE job_id = @jobId AND state = 'draft')`,
      )
      .run({ jobId, limit }).changes;
  }

  /** Drafts another launch of the app made, or one from before launches were noted. */
  draftsOfOtherLaunches(launch: string): string[] {
    return this.db
      .prepare<[string], { job_id: string }>(
        `SELECT job_id FROM import_jobs WHERE state = 'draft' AND draft_launch IS NOT ? ORDER BY created_at`,
      )
      .all(launch)
      .map((r) => r.job_id);
  }

  job(jobId: string): JobRecord | null {
    const row = this.db
      .prepare<[string], JobColumns>(`SELECT * FROM import_jobs WHERE job_id = ?`)
      .get(jobId);
    return row ? toJob(row) : null;
  }

  jobs(): JobRecord[] {
    return this.db
      .prepare<[], JobColumns>(`SELECT * FROM import_jobs ORDER BY created_at DESC, job_id`)
      .all()
      .map(toJob);
  }

  setState(jobId: string, state: ImportState, notice?: string | null): void {
    const at = this.now();
    if (notice === undefined) {
      this.db
        .prepare(`UPDATE import_jobs SET state = ?, updated_at = ? WHERE job_id = ?`)
        .run(state, at, jobId);
    } else {
      this.db
        .prepare(`UPDATE import_jobs SET state = ?, notice = ?, updated_at = ? WHERE job_id = ?`)
        .run(state, notice, at, jobId);
    }
  }

  setNotice(jobId: string, notice: string): void {
    this.db
      .prepare(`UPDATE import_jobs SET notice = ?, updated_at = ? WHERE job_id = ?`)
      .run(notice, this.now(), jobId);
  }

  /** Jobs a crash left mid-run (no live runner holds their lease): offered for resume. */
  markInterrupted(nowMs = Date.now()): string[] {
    const orphans = this.db
      .prepare<[], LeaseColumns & { job_id: string }>(
        `SELECT job_id, lease_runner, lease_pid, lease_until FROM import_jobs WHERE state IN ('running', 'verifying')`,
      )
      .all()
      .filter((job) => !leaseIsLive(job, nowMs))
      .map((job) => job.job_id);
    const mark = this.db.prepare(
      `UPDATE import_jobs SET state = 'interrupted', updated_at = ? WHERE job_id = ?`,
    );
    const at = this.now();
    this.write(() => orphans.forEach((jobId) => mark.run(at, jobId)));
    return orphans;
  }

  /** Rows of the job's file, whatever their state. */
  rowCount(jobId: string): number {
    return this.db
      .prepare<[string], { n: number }>(`SELECT count(*) AS n FROM import_rows WHERE job_id = ?`)
      .get(jobId)!.n;
  }

  sourceRows(jobId: string): SourceRow[] {
    return this.db
      .prepare<
        [string],
        {
          row_index: number;
          line: number;
          cells_json: string;
          excluded: number;
          status: string;
          issues_json: string | null;
          source_key: string | null;
        }
      >(
        `SELECT row_index, line, cells_json, excluded, status, issues_json, source_key
         FROM import_rows WHERE job_id = ? ORDER BY row_index`,
      )
      .all(jobId)
      .map((r) => ({
        rowIndex: r.row_index,
        line: r.line,
        cells: JSON.parse(r.cells_json) as string[],
        excluded: r.excluded === 1,
        stored: { status: r.status, issuesJson: r.issues_json, sourceKey: r.source_key },
      }));
  }

  applyEdits(
    jobId: string,
    edits: ReadonlyArray<{ rowIndex: number; column: number; value: string }>,
  ): void {
    const get = this.db.prepare<[string, number], { cells_json: string }>(
      `SELECT cells_json FROM import_rows WHERE job_id = ? AND row_index = ?`,
    );
    const set = this.db.prepare(
      `UPDATE import_rows SET cells_json = ?, edited = 1 WHERE job_id = ? AND row_index = ?`,
    );
    this.write(() => {
      for (const edit of edits) {
        const row = get.get(jobId, edit.rowIndex);
        if (!row) continue;
        const cells = JSON.parse(row.cells_json) as string[];
        if (edit.column >= cells.length) continue;
        cells[edit.column] = edit.value;
        set.run(JSON.stringify(cells), jobId, edit.rowIndex);
      }
    });
  }

  setExcluded(jobId: string, rowIndexes: readonly number[], excluded: boolean): void {
    const set = this.db.prepare(
      `UPDATE import_rows SET excluded = ? WHERE job_id = ? AND row_index = ?`,
    );
    this.write(() => rowIndexes.forEach((i) => set.run(Number(excluded), jobId, i)));
  }

  saveValidation(jobId: string, rows: readonly ValidatedRow[]): void {
    const set = this.db.prepare(
      `UPDATE import_rows SET status = ?, issues_json = ?, source_key = ? WHERE job_id = ? AND row_index = ?`,
    );
    this.write(() => {
      for (const r of rows) set.run(r.status, issuesJson(r), r.sourceKey, jobId, r.rowIndex);
      this.db
        .prepare(`UPDATE import_jobs SET updated_at = ? WHERE job_id = ?`)
        .run(this.now(), jobId);
    });
  }

  /** Source keys of rows this form already received from earlier imports, with the submission. */
  createdSourceKeys(formId: string, exceptJobId: string): Map<string, string> {
    const rows = this.db
      .prepare<[string, string], { source_key: string; submission_id: string }>(
        `SELECT source_key, submission_id FROM import_rows
         WHERE form_id = ? AND status = 'created' AND job_id <> ? AND source_key IS NOT NULL`,
      )
      .all(formId, exceptJobId);
    return new Map(rows.map((r) => [r.source_key, r.submission_id]));
  }

  /** Start: the exact bodies are fixed once, before anything is sent. */
  freeze(jobId: string, rows: readonly FrozenRow[]): void {
    const set = this.db.prepare(
      `UPDATE import_rows SET status = ?, payload_json = ?, sent_key = ?, message = ? WHERE job_id = ? AND row_index = ?`,
    );
    const at = this.now();
    this.write(() => {
      for (const r of rows)
        set.run(
          r.status,
          r.payload ? JSON.stringify(r.payload) : null,
          r.sentKey,
          r.message,
          jobId,
          r.rowIndex,
        );
      this.db
        .prepare(
          `UPDATE import_jobs SET state = 'running', started_at = ?, updated_at = ? WHERE job_id = ?`,
        )
        .run(at, at, jobId);
    });
  }

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
   * Reserves `count` consecutive milliseconds for a job's assigned times, from `wanted` or, where
   * another job of the form holds some of them, just before it: each row's time is its own.
   */
  assignTimes(jobId: string, formId: string, count: number, wanted: number): number {
    const taken = this.db
      .prepare<[string, string], { times_from: number; times_to: number }>(
        `SELECT times_from, times_to FROM import_jobs WHERE form_id = ? AND job_id != ? AND times_from IS NOT NULL ORDER BY times_from DESC`,
      )
      .all(formId, jobId);
    let from = wanted;
    for (const range of taken)
      if (from <= range.times_to && range.times_from <= from + count)
        from = range.times_from - count - 1;
    this.db
      .prepare(`UPDATE import_jobs SET times_from = ?, times_to = ? WHERE job_id = ?`)
      .run(from, from + count, jobId);
    return from;
  }

  /** Submission ids the journal already links to a row of this form: never claimed twice. */
  linkedSubmissionIds(formId: string, ids: readonly string[]): Set<string> {
    const get = this.db.prepare<[string, string], { submission_id: string }>(
      `SELECT submission_id FROM import_rows WHERE form_id = ? AND submission_id = ? LIMIT 1`,
    );
    return new Set(ids.filter((id) => get.get(formId, id) !== undefined));
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

  summary(jobId: string): ImportSummary | null {
    const job = this.job(jobId);
    if (!job) return null;
    const counts = new Map(
      this.db
        .prepare<[string], { status: string; excluded: number; n: number }>(
          `SELECT status, excluded, count(*) AS n FROM import_rows WHERE job_id = ? GROUP BY status, excluded`,
        )
        .all(jobId)
        .map((r) => [r.excluded ? 'excluded' : r.status, r.n] as const)
        .reduce((acc, [k, n]) => acc.set(k, (acc.get(k) ?? 0) + n), new Map<string, number>()),
    );
    const n = (status: string) => counts.get(status) ?? 0;
    const total = [...counts.values()].reduce((a, b) => a + b, 0);
    return {
      jobId,
      formId: job.formId,
      fileName: job.fileName,
      state: job.state,
      createdAt: job.createdAt,
      updatedAt: job.updatedAt,
      rowsTotal: total,
      created: n('created'),
      failed: n('failed'),
      skipped: n('skipped'),
      excluded: n('excluded'),
      invalid: n('invalid'),
      pending: n('pending') + n('ready'),
      unknown: n('sending'),
      unconfirmed: n('unconfirmed'),
      left: n('left'),
      notice: job.notice,
    };
  }

  reportRows(jobId: string): Array<{
    rowIndex: number;
    line: number;
    status: string;
    submissionId: string | null;
    message: string | null;
    cells: string[];
    issues: string | null;
  }> {
    return this.db
      .prepare<
        [string],
        {
          row_index: number;
          line: number;
          status: string;
          excluded: number;
          submission_id: string | null;
          message: string | null;
          cells_json: string;
          issues_json: string | null;
        }
      >(
        `SELECT row_index, line, status, excluded, submission_id, message, cells_json, issues_json FROM import_rows WHERE job_id = ? ORDER BY row_index`,
      )
      .all(jobId)
      .map((r) => ({
        rowIndex: r.row_index,
        line: r.line,
        status: r.excluded ? 'excluded' : r.status,
        submissionId: r.submission_id,
        message: r.message,
        cells: JSON.parse(r.cells_json) as string[],
        issues: r.issues_json,
      }));
  }

  remember(
    formId: string,
    choices: ReadonlyArray<{ columnKey: string; mapping: RememberedMapping }>,
  ): void {
    const set = this.db.prepare(
      `INSERT INTO import_mappings (form_id, column_key, mapping_json, updated_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (form_id, column_key) DO UPDATE SET mapping_json = excluded.mapping_json, updated_at = excluded.updated_at`,
    );
    const at = this.now();
    this.write(() =>
      choices.forEach((c) => set.run(formId, c.columnKey, JSON.stringify(c.mapping), at)),
    );
  }

  remembered(formId: string): Map<string, RememberedMapping> {
    const rows = this.db
      .prepare<[string], { column_key: string; mapping_json: string }>(
        `SELECT column_key, mapping_json FROM import_mappings WHERE form_id = ?`,
      )
      .all(formId);
    return new Map(
      rows.map((r) => [r.column_key, JSON.parse(r.mapping_json) as RememberedMapping]),
    );
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

/** How a verdict's issues are stored: null when there are none. */
/** A job's summary, for an operation on a job that must exist. */
export function jobSummary(journal: ImportJournal, jobId: string): ImportSummary {
  const found = journal.summary(jobId);
  if (!found) throw new AppError('NOT_FOUND', 'This import no longer exists.');
  return found;
}

export function issuesJson(verdict: Pick<ValidatedRow, 'issues'>): string | null {
  return verdict.issues.length > 0 ? JSON.stringify(verdict.issues) : null;
}
