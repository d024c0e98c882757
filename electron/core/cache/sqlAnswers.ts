import { type SubmissionFilter } from '../../shared/contract/submissions';
import { type ValueCount } from '../../shared/contract/summary';
import { type AnswerColumns, FORM_ROWS } from './answerColumns';
import { FIELD_OF } from './answerField';
import { spanOf } from './columnAnswers';
import { rowFigures } from './rowFigures';
import { type StatementCache } from './statementCache';
import { daysOf, type Group, timelineOf } from './summaryGroups';
import { type Param, whereOf } from './viewConditions';
import {
  LATEST_ANSWERS,
  type LatestAnswer,
  type TextTally,
  TOP_ANSWERS,
  type ViewAnswers,
} from './viewAnswers';

/**
 * The answers of a view, read two ways. A view of most of the form walks each question's answers
 * in the index (in value order, so they group as they come) and skips the rows outside the view;
 * a view of a few rows looks up each of its rows' answers instead, which costs its rows alone
 * (one lookup each, where the walk pays a step per row of the form).
 */
const INDEX_DRIVEN = 'FROM answers a JOIN temp.summary_rows v ON v.id = a.submission_rowid';
const VIEW_DRIVEN = 'FROM temp.summary_rows v CROSS JOIN answers a ON a.submission_rowid = v.id';
/**
 * A view under this share of the form's rows (one in eight) looks its rows up: looking up a small
 * view's rows is far quicker than walking the form, but a view spread over more of the file is
 * walked sooner.
 */
const VIEW_DRIVEN_SHARE = 8;

/**
 * The whole form's answers, from the counts its writes keep: reading them costs little, where
 * grouping them in the index walks every answer.
 */
export function keptCounts(
  reads: StatementCache,
  columns: AnswerColumns,
  filter: SubmissionFilter,
): ViewAnswers {
  const { formId } = filter;
  const statuses = JSON.stringify(
    filter.status === 'all' ? ['finished', 'in_progress'] : [filter.status],
  );
  const flags = JSON.stringify(filter.includePreview ? [0, 1] : [0]);
  const kept = `form_id = ? AND status IN (SELECT value FROM json_each(?))
      AND is_preview IN (SELECT value FROM json_each(?))`;
  const unbounded = { ...filter, afterDate: undefined, beforeDate: undefined };
  const where = whereOf(unbounded, true);
  const span = whereOf(unbounded, false);
  const figures = rowFigures(
    reads,
    { from: 'submissions s', where: where.sql, params: where.params },
    { from: 'submissions s', where: span.sql, params: span.params },
  );
  // The timeline walks every row of the form in SQL; counted in the form's columns, where they
  // are held as the form is, it costs a fraction of that.
  const form = columns.held(formId);
  if (form) figures.timeline = () => timelineOf(daysOf(form, spanOf(reads, unbounded, form)));
  return {
    total: reads
      .statement<Param[], number>(`SELECT coalesce(sum(n), 0) FROM submission_counts WHERE ${kept}`)
      .pluck()
      .get(formId, statuses, flags)!,
    groups: (keys) =>
      groupsOf(
        reads,
        formId,
        `SELECT field_key AS key, sum(n) AS n, min(sample) AS sample
           FROM answer_counts WHERE ${kept} AND field_key IN (SELECT value FROM json_each(?))
           GROUP BY field_key, value_text`,
        [formId, statuses, flags, JSON.stringify(keys)],
      ),
    answered: (key) =>
      reads
        .statement<Param[], number>(
          `SELECT coalesce(sum(n), 0) FROM answer_totals WHERE ${kept} AND field_key = ?`,
        )
        .pluck()
        .get(formId, statuses, flags, key)!,
    tally: (key) =>
      tallyOf(
        reads,
        `SELECT value_text AS value, sum(n) AS count FROM answer_counts
           WHERE ${kept} AND field_key = ? GROUP BY value_text`,
        [formId, statuses, flags, key],
      ),
    latest: (key) =>
      reads
        .statement<Param[], LatestAnswer>(
          `SELECT s.submission_id AS submissionId, s.submission_time AS submissionTime, a.value_text AS text
           FROM submissions s INDEXED BY submissions_by_form_time
           JOIN answers a ON a.submission_rowid = s.id AND a.field = ${FIELD_OF}
           WHERE ${where.sql}
           ORDER BY s.submission_time DESC, s.submission_id DESC LIMIT ?`,
        )
        .all(formId, key, ...where.params, LATEST_ANSWERS),
    ...figures,
  };
}

/**
 * A narrowed view's answers, counted anew: its rows are listed once into a temporary table (by
 * the same conditions as the table's query) and each question's answers are grouped in SQL.
 * The rows of every status are listed first, for the timeline, and the view's status picked
 * from them: an answer filter's rows, costly to find, are then found once, not once more for
 * the timeline.
 */
export function viewRows(reads: StatementCache, filter: SubmissionFilter): ViewAnswers {
  const { formId } = filter;
  for (const table of ['summary_span', 'summary_rows']) {
    reads.db.exec(`CREATE TEMP TABLE IF NOT EXISTS ${table} (id INTEGER PRIMARY KEY)`);
    reads.db.exec(`DELETE FROM temp.${table}`);
  }
  const where = whereOf(filter, false);
  reads
    .statement<Param[]>(
      `INSERT INTO temp.summary_span SELECT s.id FROM submissions s WHERE ${where.sql}`,
    )
    .run(...where.params);
  const spanned =
    'temp.summary_span v JOIN submissions s INDEXED BY submissions_by_id ON s.id = v.id';
  const total = reads
    .statement<[string]>(
      `INSERT INTO temp.summary_rows SELECT v.id FROM ${spanned} WHERE ? IN ('all', s.status)`,
    )
    .run(filter.status).changes;
  const formRows = reads.statement<[string], number>(FORM_ROWS).pluck().get(formId)!;
  const from = total * VIEW_DRIVEN_SHARE < formRows ? VIEW_DRIVEN : INDEX_DRIVEN;
  return {
    total,
    groups: (keys) =>
      groupsOf(
        reads,
        formId,
        `SELECT (SELECT field_key FROM fields WHERE id = a.field) AS key, count(*) AS n,
                min(a.submission_rowid) AS sample
           ${from}
           WHERE a.field IN (SELECT id FROM fields
             WHERE form_id = ? AND field_key IN (SELECT value FROM json_each(?)))
           GROUP BY a.field, a.value_text`,
        [formId, JSON.stringify(keys)],
      ),
    answered: (key) => answered(reads, from, formId, key),
    tally: (key) =>
      tallyOf(
        reads,
        `SELECT a.value_text AS value, count(*) AS count ${from}
           WHERE a.field = ${FIELD_OF} GROUP BY a.value_text`,
        [formId, key],
      ),
    latest: (key) => latest(reads, from, formId, key),
    ...rowFigures(
      reads,
      { from: 'temp.summary_rows v JOIN submissions s ON s.id = v.id', where: '1', params: [] },
      { from: spanned, where: '1', params: [] },
    ),
  };
}

/**
 * Each question's answers grouped by their text (numbers, dates and choices alike), as `grouped`
 * lists them (key, n, sample): a group is one value, or one combination of checkboxes, one
 * ranking order, one way of filling a matrix. The number and JSON of each group are read from
 * its sample row: read per entry, they cost a lookup of every answer. Each group looks its sample
 * up (CROSS JOIN): SQLite would otherwise walk each question's answers to meet the samples.
 */
function groupsOf(
  reads: StatementCache,
  formId: string,
  grouped: string,
  params: Param[],
): Map<string, Group[]> {
  const byKey = new Map<string, Group[]>();
  const rows = reads
    .statement<Param[], Group>(
      `SELECT g.key, a.value_text AS text, a.value_num AS num, a.value_json AS json, g.n, g.sample
       FROM (${grouped}) g CROSS JOIN fields f ON f.form_id = ? AND f.field_key = g.key
         CROSS JOIN answers a ON a.submission_rowid = g.sample AND a.field = f.id`,
    )
    .all(...params, formId);
  for (const row of rows) {
    const list = byKey.get(row.key) ?? [];
    list.push(row);
    byKey.set(row.key, list);
  }
  return byKey;
}

/** How many in the view answered a question. */
function answered(reads: StatementCache, from: string, formId: string, key: string): number {
  return reads
    .statement<Param[], number>(
      `SELECT count(*) ${from}
       WHERE a.field = ${FIELD_OF}`,
    )
    .pluck()
    .get(formId, key)!;
}

/**
 * A free-text question's tally from its answers grouped by value (`value`, `count`): the count
 * of answers comes from the same walk as the most frequent ones (a walk per question, not two).
 */
function tallyOf(reads: StatementCache, grouped: string, params: Param[]): TextTally {
  const rows = reads
    .statement<Param[], ValueCount & { answered: number }>(
      `SELECT value, count, sum(count) OVER () AS answered FROM (${grouped})
       ORDER BY count DESC, value LIMIT ?`,
    )
    .all(...params, TOP_ANSWERS);
  return {
    answered: rows[0]?.answered ?? 0,
    top: rows.filter((r) => r.count > 1).map(({ value, count }) => ({ value, count })),
  };
}

/** The latest answers to a question in the view, newest first: a walk back in time that stops early. */
function latest(reads: StatementCache, from: string, formId: string, key: string): LatestAnswer[] {
  // A view of most of the form walks it newest first and stops at the third answer; a view of
  // a few rows sorts its own answers instead of walking past every row outside it.
  const rows =
    from === VIEW_DRIVEN
      ? `FROM temp.summary_rows v CROSS JOIN submissions s INDEXED BY submissions_by_id ON s.id = v.id`
      : `FROM submissions s INDEXED BY submissions_by_form_time`;
  const inView = from === VIEW_DRIVEN ? '' : 'AND +s.id IN (SELECT id FROM temp.summary_rows)';
  return reads
    .statement<Param[], LatestAnswer>(
      `SELECT s.submission_id AS submissionId, s.submission_time AS submissionTime, a.value_text AS text
       ${rows} JOIN answers a ON a.submission_rowid = s.id AND a.field = ${FIELD_OF}
       WHERE s.form_id = ? ${inView}
       ORDER BY s.submission_time DESC, s.submission_id DESC LIMIT ?`,
    )
    .all(formId, key, formId, LATEST_ANSWERS);
}
