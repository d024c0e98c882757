import { type SubmissionField, type SubmissionFilter } from '../../shared/contract/submissions';
import { FIELD_OF } from './answerField';
import { narrows, type Param, type Where, whereOf } from './viewConditions';

/** Sortable fields → fixed SQL. Nothing a caller sends is ever spliced into a statement. */
export const FIELD_COLUMN: Record<SubmissionField, string> = {
  submissionTime: 's.submission_time',
  lastUpdatedAt: 's.last_updated_at',
  quizScore: 's.quiz_score',
  loginEmail: 's.login_email',
  paymentAmount: 's.payment_amount',
};

export const HEAD_COLUMNS =
  's.id, s.submission_id, s.submission_time, s.last_updated_at, s.status, s.is_preview';
/**
 * The rows of a window, by the rowids (a JSON array) its order gave, in one row: their heads and
 * stored lengths as a JSON array, their stored bytes joined in the same order. Each blob read
 * into JavaScript becomes a buffer of its own, and those buffers were most of a window's reads;
 * two aggregates of one query are stepped over the same rows, so the n-th head names the n-th
 * stretch of bytes. A cast keeps the joined text's bytes as they are.
 */
export const ROWS_STATEMENT = `SELECT json_group_array(json_array(${HEAD_COLUMNS}, length(s.raw))) AS heads, CAST(group_concat(s.raw, '') AS BLOB) AS raws FROM submissions s WHERE s.id IN (SELECT value FROM json_each(?))`;

/**
 * One ordered run of rows. A sort by a question reads two runs: the rows that answered it, in the
 * order of the answers index (so a window costs its own rows, not a sort of the whole form), then
 * the rows that did not, last in either direction. A sort by a quiz score, login or payment also
 * reads two: the rows without one, first when ascending, and the rows with one.
 */
export interface Segment {
  /** `FROM … WHERE …` */
  from: string;
  params: Param[];
  order: string;
}

/** What a sort by a question orders on: its answers' numbers or their text. */
export type AnswerColumn = 'value_num' | 'value_text';

/**
 * The runs a view's order reads, in turn. `answerColumn` is what a sort by a question orders on,
 * asked only when the view sorts by one.
 */
export function segmentsOf(filter: SubmissionFilter, answerColumn: () => AnswerColumn): Segment[] {
  const where = whereOf(filter, true);
  const dir = filter.sort === 'desc' ? 'DESC' : 'ASC';
  const tail = plainOrder('submissionTime', filter.sort);
  if (typeof filter.sortBy === 'object') {
    const key = filter.sortBy.answer;
    const column = answerColumn();
    return [
      {
        // The answers index leads (CROSS JOIN), so rows come in value order and only ties on the
        // value are sorted by time, a block at a time, stopping when the window is full. Each
        // answer finds its submission's status and time in an index entry, not in the row.
        from: `FROM answers a CROSS JOIN submissions s INDEXED BY submissions_by_id ON s.id = a.submission_rowid
                 WHERE a.field = ${FIELD_OF}${sortedAnswer(column, 'a')} AND ${where.sql}`,
        params: [filter.formId, key, ...where.params],
        order: `a.${column} ${dir}, ${tail}`,
      },
      {
        from: `FROM submissions s WHERE ${where.sql}
                 AND NOT EXISTS (SELECT 1 FROM answers e
                   WHERE e.submission_rowid = s.id AND e.field = ${FIELD_OF}${sortedAnswer(column, 'e')})`,
        params: [...where.params, filter.formId, key],
        order: tail,
      },
    ];
  }
  const order = plainOrder(filter.sortBy, filter.sort);
  if (filter.sortBy === 'submissionTime' || filter.sortBy === 'lastUpdatedAt')
    return [{ from: `FROM submissions s WHERE ${where.sql}`, params: where.params, order }];
  // Its index holds the rows that have the value; the rest, which SQLite orders before any value,
  // come from a time index in time order.
  const column = FIELD_COLUMN[filter.sortBy];
  const valued: Segment = {
    from: `FROM submissions s WHERE ${where.sql} AND ${column} IS NOT NULL`,
    params: where.params,
    order,
  };
  const missing: Segment = {
    from: `FROM submissions s WHERE ${where.sql} AND ${column} IS NULL`,
    params: where.params,
    order: tail,
  };
  return filter.sort === 'desc' ? [valued, missing] : [missing, valued];
}

/**
 * What else makes an answer one a sort by a question places by its value. A sort by numbers reads
 * the number index, which holds numbers alone: an answer that is no number ("n/a" to a number
 * question) goes last with the unanswered rows.
 */
export function sortedAnswer(column: AnswerColumn, alias: string): string {
  return column === 'value_num' ? ` AND ${alias}.value_num IS NOT NULL` : '';
}

/** The ORDER BY of a sort by a column of the submissions. */
export function plainOrder(sortBy: SubmissionField, sort: SubmissionFilter['sort']): string {
  const dir = sort === 'desc' ? 'DESC' : 'ASC';
  return keyColumns(sortBy)
    .map((column) => `${column} ${dir}`)
    .join(', ');
}

/** The columns a sort by a column of the submissions orders on. */
export function keyColumns(sortBy: SubmissionField): string[] {
  // Ties break on the id, so windows never overlap or skip rows between pages.
  const tail = ['s.submission_time', 's.submission_id'];
  return sortBy === 'submissionTime' ? tail : [FIELD_COLUMN[sortBy], ...tail];
}

/** The rowids of one run, in order, up to a bound parameter (-1: all). */
export function orderStatement(segment: Segment): string {
  return `SELECT s.id ${segment.from} ORDER BY ${segment.order} LIMIT ?`;
}

/**
 * The form's matches per status, whatever the filter's status: the counts and every total follow
 * from them. Without a condition beyond the form they are the counts the triggers keep; otherwise
 * one pass over the matches.
 */
export function tallyStatement(filter: SubmissionFilter): Where {
  if (!narrows(filter)) {
    return {
      sql: `SELECT status, sum(n) AS n, sum(n * is_preview) AS previews FROM submission_counts
            WHERE form_id = ? GROUP BY status`,
      params: [filter.formId],
    };
  }
  const where = whereOf({ ...filter, status: 'all', includePreview: true }, false);
  return {
    sql: `SELECT s.status AS status, count(*) AS n, sum(s.is_preview) AS previews FROM submissions s
          WHERE ${where.sql} GROUP BY s.status`,
    params: where.params,
  };
}

/**
 * Every row of the form under the filter, whatever its status, as one number each: the rowid, the
 * status and the preview flag, so that a narrowed view's counts need no second read of its sets.
 * Named index: where the form is all the file holds, SQLite's statistics make a scan of the rows
 * (and their JSON) look as cheap as this index, which holds all three and the time.
 */
export function facetStatement(filter: SubmissionFilter): Where {
  const where = whereOf({ ...filter, status: 'all', includePreview: true }, false);
  return {
    sql: `SELECT s.id * 4 + (s.status = 'in_progress') * 2 + s.is_preview
          FROM submissions s INDEXED BY submissions_by_form_time WHERE ${where.sql}`,
    params: where.params,
  };
}
