import type Database from 'better-sqlite3';
import {
  type CellIssue,
  type ColumnMapping,
  type ImportState,
} from '../../shared/contract/imports';
import { leaseIsLive, type LeaseColumns } from './runnerLease';

export type DraftStatus = 'ready' | 'invalid' | 'excluded';

export interface ValidatedRow {
  rowIndex: number;
  status: DraftStatus;
  issues: Omit<CellIssue, 'rowIndex' | 'line'>[];
  sourceKey: string | null;
}

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

/** The journal's jobs: drafts made from files, their states, and jobs a crash left running. */
export class JournalJobs {
  constructor(
    protected readonly db: Database.Database,
    protected readonly now: () => string = () => new Date().toISOString(),
  ) {}

  /** One step of the journal, in a transaction that takes the write lock as it begins. */
  protected write<T>(step: () => T): T {
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

  /** A draft's columns read another way (a date order chosen in the review); a started job's stay. */
  setMappings(jobId: string, mappings: readonly ColumnMapping[]): void {
    this.db
      .prepare(
        `UPDATE import_jobs SET mappings_json = ?, updated_at = ? WHERE job_id = ? AND state = 'draft'`,
      )
      .run(JSON.stringify(mappings), this.now(), jobId);
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
}

/** How a verdict's issues are stored: null when there are none. */
export function issuesJson(verdict: Pick<ValidatedRow, 'issues'>): string | null {
  return verdict.issues.length > 0 ? JSON.stringify(verdict.issues) : null;
}
