import type Database from 'better-sqlite3';
import { type SubmissionStatus } from '../../shared/api/endpoints';
import { type Submission } from '../../shared/api/submission';
import {
  type AnswerFilter,
  type StatusCounts,
  type SubmissionField,
  type SubmissionFilter,
  type SubmissionListRow,
} from '../../shared/contract/submissions';

type Param = string | number;

interface Where {
  sql: string;
  params: Param[];
}

/** Sortable fields → fixed SQL. Nothing a caller sends is ever spliced into a statement. */
const FIELD_COLUMN: Record<SubmissionField, string> = {
  submissionTime: 's.submission_time',
  lastUpdatedAt: 's.last_updated_at',
  quizScore: 's.quiz_score',
  loginEmail: 's.login_email',
  paymentAmount: 's.payment_amount',
};

/** Trigram search needs three characters; shorter text is matched by a scan of the same table. */
const MIN_TRIGRAM = 3;

interface RawRow {
  submission_id: string;
  submission_time: string;
  last_updated_at: string | null;
  status: SubmissionStatus;
  is_preview: number;
  raw: string;
}

/**
 * One ordered run of rows. A sort by a question reads two runs: the rows that answered it, in the
 * order of the answers index (so a window costs its own rows, not a sort of the whole form), then
 * the rows that did not, last in either direction.
 */
interface Segment {
  /** `FROM … WHERE …` */
  from: string;
  params: Param[];
  order: string;
}

const COLUMNS = 's.submission_id, s.submission_time, s.last_updated_at, s.status, s.is_preview, s.raw';

/** Counts remembered per filter; scrolling a table asks for the same ones window after window. */
const MEMO_SIZE = 64;

/** Reads of the cached submissions of one form, every filter and sort answered by SQLite. */
export class SubmissionQuery {
  private readonly statements = new Map<string, Database.Statement<Param[], unknown>>();
  private readonly memo = new Map<string, { version: string; value: unknown }>();
  private readonly versionStatement;

  constructor(private readonly db: Database.Database) {
    // Changes through this connection, and commits by any other: either makes a count stale.
    this.versionStatement = db.prepare<[], { v: string }>(
      `SELECT total_changes() || ':' || (SELECT data_version FROM pragma_data_version) AS v`,
    );
  }

  /** One window of matching rows, with the total and the counts per status. */
  window(
    filter: SubmissionFilter,
    offset: number,
    limit: number,
  ): { rows: SubmissionListRow[]; total: number; counts: StatusCounts } {
    const where = whereOf(filter, true);
    const rows: SubmissionListRow[] = [];
    let skip = offset;
    const segments = this.segments(filter, where);
    for (const [i, segment] of segments.entries()) {
      const last = i === segments.length - 1;
      const size = last ? Number.POSITIVE_INFINITY : this.count(segment);
      if (skip >= size) {
        skip -= size;
        continue;
      }
      const found = this.statement<RawRow>(`SELECT ${COLUMNS} ${segment.from} ORDER BY ${segment.order} LIMIT ? OFFSET ?`).all(
        ...segment.params,
        limit - rows.length,
        skip,
      );
      rows.push(...found.map(toListRow));
      skip = 0;
      if (rows.length >= limit) break;
    }
    const total = this.count({ from: `FROM submissions s WHERE ${where.sql}`, params: where.params, order: '' });
    return { rows, total, counts: this.counts(filter) };
  }

  /** Every matching row in order, read lazily: exports stream through it without holding a form. */
  *all(filter: SubmissionFilter): Generator<SubmissionListRow> {
    for (const segment of this.segments(filter, whereOf(filter, true))) {
      // Its own statement: a cached one would be busy for any other read while this one streams.
      const statement = this.db.prepare<Param[], RawRow>(`SELECT ${COLUMNS} ${segment.from} ORDER BY ${segment.order}`);
      for (const row of statement.iterate(...segment.params)) yield toListRow(row);
    }
  }

  /** Matches per status under the filter, the status itself aside; previews counted apart. */
  counts(filter: SubmissionFilter): StatusCounts {
    const where = whereOf({ ...filter, status: 'all', includePreview: true }, false);
    const sql = `SELECT status, is_preview, count(*) AS n FROM submissions s WHERE ${where.sql} GROUP BY status, is_preview`;
    const rows = this.remembered(sql, where.params, () =>
      this.statement<{ status: SubmissionStatus; is_preview: number; n: number }>(sql).all(...where.params),
    );
    const counts: StatusCounts = { finished: 0, in_progress: 0, preview: 0 };
    for (const row of rows) {
      if (row.is_preview === 1) counts.preview += row.n;
      if (row.is_preview === 0 || filter.includePreview) counts[row.status] += row.n;
    }
    return counts;
  }

  /** The query plan of each run of a window, for tests that hold common queries to their indexes. */
  plan(filter: SubmissionFilter): string[] {
    return this.segments(filter, whereOf(filter, true)).flatMap((segment) =>
      this.db
        .prepare<Param[], { detail: string }>(`EXPLAIN QUERY PLAN SELECT ${COLUMNS} ${segment.from} ORDER BY ${segment.order} LIMIT 100`)
        .all(...segment.params)
        .map((r) => r.detail),
    );
  }

  private count(segment: Segment): number {
    const sql = `SELECT count(*) AS n ${segment.from}`;
    return this.remembered(sql, segment.params, () => this.statement<{ n: number }>(sql).get(...segment.params)?.n ?? 0);
  }

  private statement<R>(sql: string): Database.Statement<Param[], R> {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.db.prepare<Param[], unknown>(sql);
      if (this.statements.size >= MEMO_SIZE) this.statements.clear();
      this.statements.set(sql, statement);
    }
    return statement as Database.Statement<Param[], R>;
  }

  /** A count as of the database's current version: recomputed after any write. */
  private remembered<T>(sql: string, params: Param[], compute: () => T): T {
    const key = JSON.stringify([sql, params]);
    const version = this.versionStatement.get()?.v ?? '';
    const hit = this.memo.get(key);
    if (hit?.version === version) return hit.value as T;
    const value = compute();
    if (this.memo.size >= MEMO_SIZE) this.memo.delete(this.memo.keys().next().value ?? '');
    this.memo.set(key, { version, value });
    return value;
  }

  private segments(filter: SubmissionFilter, where: Where): Segment[] {
    const dir = filter.sort === 'desc' ? 'DESC' : 'ASC';
    // Ties break on the id, so windows never overlap or skip rows between pages.
    const tail = `s.submission_time ${dir}, s.submission_id ${dir}`;
    if (typeof filter.sortBy === 'object') {
      const key = filter.sortBy.answer;
      // Numbers and dates sort by value; any other answer by its text.
      const column = this.hasNumbers(filter.formId, key) ? 'a.value_num' : 'a.value_text';
      return [
        {
          from: `FROM answers a JOIN submissions s ON s.id = a.submission_rowid
                 WHERE a.form_id = ? AND a.field_key = ? AND ${where.sql}`,
          params: [filter.formId, key, ...where.params],
          order: `${column} ${dir}, ${tail}`,
        },
        {
          from: `FROM submissions s WHERE ${where.sql}
                 AND NOT EXISTS (SELECT 1 FROM answers e WHERE e.submission_rowid = s.id AND e.field_key = ?)`,
          params: [...where.params, key],
          order: tail,
        },
      ];
    }
    const order = filter.sortBy === 'submissionTime' ? tail : `${FIELD_COLUMN[filter.sortBy]} ${dir}, ${tail}`;
    return [{ from: `FROM submissions s WHERE ${where.sql}`, params: where.params, order }];
  }

  private hasNumbers(formId: string, key: string): boolean {
    const sql = `SELECT 1 AS found FROM answers WHERE form_id = ? AND field_key = ? AND value_num IS NOT NULL LIMIT 1`;
    return this.remembered(sql, [formId, key], () => this.statement(sql).get(formId, key) !== undefined);
  }
}

function toListRow(row: RawRow): SubmissionListRow {
  return {
    submissionId: row.submission_id,
    submissionTime: row.submission_time,
    lastUpdatedAt: row.last_updated_at,
    status: row.status,
    isPreview: row.is_preview === 1,
    submission: JSON.parse(row.raw) as Submission,
  };
}

function whereOf(filter: SubmissionFilter, byStatus: boolean): Where {
  const clauses = ['s.form_id = ?'];
  const params: Param[] = [filter.formId];
  if (byStatus && filter.status !== 'all') {
    clauses.push('s.status = ?');
    params.push(filter.status);
  }
  if (!filter.includePreview) clauses.push('s.is_preview = 0');
  if (filter.afterDate !== undefined) {
    clauses.push('s.submission_time > ?');
    params.push(new Date(filter.afterDate).toISOString());
  }
  if (filter.beforeDate !== undefined) {
    clauses.push('s.submission_time < ?');
    params.push(new Date(filter.beforeDate).toISOString());
  }
  const search = filter.search;
  if (search) {
    if ([...search].length >= MIN_TRIGRAM) {
      clauses.push('s.id IN (SELECT rowid FROM submission_search WHERE submission_search MATCH ?)');
      params.push(`"${search.replaceAll('"', '""')}"`);
    } else {
      clauses.push(`s.id IN (SELECT rowid FROM submission_search WHERE body LIKE ? ESCAPE '\\')`);
      params.push(`%${escapeLike(search)}%`);
    }
  }
  for (const answer of filter.answers) {
    const clause = answerClause(answer);
    clauses.push(clause.sql);
    params.push(...clause.params);
  }
  return { sql: clauses.join(' AND '), params };
}

/** Positive filters are driven from the answers indexes; "is empty" is the absence of a value. */
function answerClause(filter: AnswerFilter): Where {
  const inAnswers = (condition: string, params: Param[]): Where => ({
    sql: `s.id IN (SELECT submission_rowid FROM answers WHERE form_id = s.form_id AND field_key = ? AND ${condition})`,
    params: [filter.key, ...params],
  });
  switch (filter.op) {
    case 'contains':
      return inAnswers(`value_text LIKE ? ESCAPE '\\'`, [`%${escapeLike(filter.text)}%`]);
    case 'numberRange':
      return inAnswers('value_num BETWEEN ? AND ?', [filter.min ?? -Number.MAX_VALUE, filter.max ?? Number.MAX_VALUE]);
    case 'dateRange':
      return inAnswers('value_num BETWEEN ? AND ?', [
        filter.from === undefined ? -8.64e15 : Date.parse(filter.from),
        filter.to === undefined ? 8.64e15 : endOf(filter.to),
      ]);
    case 'choiceIs':
      return inAnswers(
        '(value_text = ? OR (value_json IS NOT NULL AND EXISTS (SELECT 1 FROM json_each(value_json) WHERE value = ? COLLATE NOCASE)))',
        [filter.value, filter.value],
      );
    case 'isNotEmpty':
      return inAnswers('1', []);
    case 'isEmpty':
      return {
        sql: 'NOT EXISTS (SELECT 1 FROM answers e WHERE e.submission_rowid = s.id AND e.field_key = ?)',
        params: [filter.key],
      };
  }
}

/** A date without a time means the whole of that day (UTC). */
function endOf(date: string): number {
  return /^\d{4}-\d{2}-\d{2}$/.test(date) ? Date.parse(date) + 86_399_999 : Date.parse(date);
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
