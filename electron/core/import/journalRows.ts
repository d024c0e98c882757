import { type CreateSubmission } from '../../shared/api/submission';
import { issuesJson, JournalJobs, type ValidatedRow } from './journalJobs';

export interface SourceRow {
  rowIndex: number;
  line: number;
  cells: string[];
  excluded: boolean;
  /** The verdict the journal holds, so only rows whose verdict changed are written again. */
  stored?: { status: string; issuesJson: string | null; sourceKey: string | null };
}

export interface FrozenRow {
  rowIndex: number;
  status: 'pending' | 'skipped';
  payload: CreateSubmission | null;
  sentKey: string | null;
  message: string | null;
}

/** A job's rows: the file's cells, each row's verdict, and the payloads frozen to be sent. */
export class JournalRows extends JournalJobs {
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
}
