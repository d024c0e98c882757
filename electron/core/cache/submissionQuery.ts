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

/** Reads of the cached submissions of one form, every filter and sort answered by SQLite. */
export class SubmissionQuery {
  constructor(private readonly db: Database.Database) {}

  /** One window of matching rows, with the total and the counts per status. */
  window(
    filter: SubmissionFilter,
    offset: number,
    limit: number,
  ): { rows: SubmissionListRow[]; total: number; counts: StatusCounts } {
    const where = whereOf(filter, true);
    const { sql, params } = selectSql(filter, where);
    const rows = this.db
      .prepare<Param[], RawRow>(`${sql} LIMIT ? OFFSET ?`)
      .all(...params, limit, offset)
      .map(toListRow);
    const total = this.db
      .prepare<Param[], { n: number }>(`SELECT count(*) AS n FROM submissions s WHERE ${where.sql}`)
      .get(...where.params)?.n;
    return { rows, total: total ?? 0, counts: this.counts(filter) };
  }

  /** Every matching row in order, read lazily: exports stream through it without holding a form. */
  *all(filter: SubmissionFilter): Generator<SubmissionListRow> {
    const { sql, params } = selectSql(filter, whereOf(filter, true));
    for (const row of this.db.prepare<Param[], RawRow>(sql).iterate(...params)) yield toListRow(row);
  }

  /** Matches per status under the filter, the status itself aside; previews counted apart. */
  counts(filter: SubmissionFilter): StatusCounts {
    const where = whereOf({ ...filter, status: 'all', includePreview: true }, false);
    const counts: StatusCounts = { finished: 0, in_progress: 0, preview: 0 };
    const rows = this.db
      .prepare<Param[], { status: SubmissionStatus; is_preview: number; n: number }>(
        `SELECT status, is_preview, count(*) AS n FROM submissions s WHERE ${where.sql} GROUP BY status, is_preview`,
      )
      .all(...where.params);
    for (const row of rows) {
      if (row.is_preview === 1) counts.preview += row.n;
      if (row.is_preview === 0 || filter.includePreview) counts[row.status] += row.n;
    }
    return counts;
  }

  /** The query plan of a window, for tests that hold the common queries to their indexes. */
  plan(filter: SubmissionFilter): string[] {
    const { sql, params } = selectSql(filter, whereOf(filter, true));
    return this.db
      .prepare<Param[], { detail: string }>(`EXPLAIN QUERY PLAN ${sql} LIMIT 100`)
      .all(...params)
      .map((r) => r.detail);
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

function selectSql(filter: SubmissionFilter, where: Where): Where {
  const dir = filter.sort === 'desc' ? 'DESC' : 'ASC';
  // Ties break on the id, so windows never overlap or skip rows between pages.
  const tail = `s.submission_time ${dir}, s.submission_id ${dir}`;
  const columns = 's.submission_id, s.submission_time, s.last_updated_at, s.status, s.is_preview, s.raw';
  if (typeof filter.sortBy === 'object') {
    return {
      sql: `SELECT ${columns} FROM submissions s
            LEFT JOIN answers sa ON sa.submission_rowid = s.id AND sa.field_key = ?
            WHERE ${where.sql}
            ORDER BY sa.value_num ${dir} NULLS LAST, sa.value_text ${dir} NULLS LAST, ${tail}`,
      params: [filter.sortBy.answer, ...where.params],
    };
  }
  const order = filter.sortBy === 'submissionTime' ? tail : `${FIELD_COLUMN[filter.sortBy]} ${dir}, ${tail}`;
  return { sql: `SELECT ${columns} FROM submissions s WHERE ${where.sql} ORDER BY ${order}`, params: where.params };
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
