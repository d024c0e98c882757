import { type ImportSummary } from '../../shared/contract/imports';
import { AppError } from '../../shared/errors';
import { type RememberedMapping } from './suggestMapping';
import { JournalBatches } from './journalBatches';

export { type DraftStatus, issuesJson, type JobRecord, type ValidatedRow } from './journalJobs';
export { type FrozenRow, type SourceRow } from './journalRows';
export { type BatchRow, type UncertainBatch } from './journalBatches';

/**
 * All SQL of the import journal. Each step a crash may interrupt is one transaction, so the file
 * always says, for every row, either "not sent", "sent in batch N, outcome unknown" or the outcome.
 * Every one of them writes, and begins IMMEDIATE, taking the write lock first: begun deferred, a
 * step that read before it wrote (the next batch's number, a batch's rows) failed at once with
 * SQLITE_BUSY_SNAPSHOT whenever another thread (the page writer, the import wizard) had committed
 * since its read, which no wait can mend, and the import stopped mid-run.
 *
 * One class over four files, one concern each: jobs and drafts (`journalJobs.ts`), a job's rows
 * (`journalRows.ts`), the batches sent (`journalBatches.ts`), and here its report.
 */
export class ImportJournal extends JournalBatches {
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
}

/** A job's summary, for an operation on a job that must exist. */
export function jobSummary(journal: ImportJournal, jobId: string): ImportSummary {
  const found = journal.summary(jobId);
  if (!found) throw new AppError('NOT_FOUND', 'This import no longer exists.');
  return found;
}
