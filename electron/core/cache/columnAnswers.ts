import { type AnswerFilter, type SubmissionFilter } from '../../shared/contract/submissions';
import { type ValueCount } from '../../shared/contract/summary';
import { FIELD_OF } from './answerField';
import { AnswerColumns, GIVEN_ONCE, compareAnswers, type FormColumns } from './answerColumns';
import { answerAt } from './columnRead';
import { codeCounter } from './codeCounts';
import { payments } from './rowFigures';
import { setMarks } from './setMarks';
import { type StatementCache } from './statementCache';
import { ITEMS_APART } from './submissionRow';
import { asciiFold } from './summaryFigures';
import { daysOf, type Group, quizOf, timelineOf } from './summaryGroups';
import { narrowingSets, type Param } from './viewConditions';
import { LATEST_ANSWERS, type LatestAnswer, TOP_ANSWERS, type ViewAnswers } from './viewAnswers';

/**
 * A narrowed view's answers counted in the form's columns: its rows are listed by the same
 * conditions as the table's query, then each question's codes counted over them.
 */
export function columnView(
  reads: StatementCache,
  filter: SubmissionFilter,
  form: FormColumns,
): ViewAnswers {
  const span = spanOf(reads, filter, form);
  const view = filter.status === 'all' ? span : ofStatus(form, span, filter.status === 'finished');
  const countCodes = codeCounter(form, filter, view);
  const counted = (key: string) => {
    const column = form.columns.get(key)!;
    const counts = countCodes(column);
    return { column, counts, answered: view.length - counts[0]! };
  };
  return {
    total: view.length,
    groups: (keys) =>
      new Map(
        keys.map((key) => {
          const { column, counts } = counted(key);
          const groups: Group[] = [];
          counts.forEach((n, code) => {
            if (code > 0 && n > 0) groups.push({ key, ...answerAt(column, code), n });
          });
          return [key, groups];
        }),
      ),
    answered: (key) => counted(key).answered,
    tally: (key) => {
      const { column, counts, answered } = counted(key);
      const top: ValueCount[] = [];
      for (let code = GIVEN_ONCE + 1; code < counts.length; code++)
        if (counts[code]! > 1)
          top.push({ value: answerAt(column, code).text!, count: counts[code]! });
      top.sort((a, b) => b.count - a.count || compareAnswers(a.value, b.value));
      return { answered, top: top.slice(0, TOP_ANSWERS) };
    },
    latest: (key) => latestOf(reads, form, view, filter.formId, key),
    timeline: () => timelineOf(daysOf(form, span)),
    quiz: () => {
      const scores = new Map<number, number>();
      let latest = -1;
      for (const index of view) {
        const score = form.quiz[index]!;
        if (Number.isNaN(score)) continue;
        scores.set(score, (scores.get(score) ?? 0) + 1);
        if (latest < 0 || form.time[index]! > form.time[latest]!) latest = index;
      }
      if (latest < 0) return null;
      const maxScore = reads
        .statement<[number], number | null>(
          `SELECT submission_json(raw) ->> '$.quiz.maxScore' FROM submissions WHERE id = ?`,
        )
        .pluck()
        .get(form.rowids[latest]!);
      const distribution = [...scores]
        .map(([value, count]) => ({ value, count }))
        .sort((a, b) => a.value - b.value);
      return quizOf(distribution, maxScore);
    },
    payments: () => {
      const paying: number[] = [];
      for (const index of view) if (form.paid[index]) paying.push(form.rowids[index]!);
      if (paying.length === 0) return [];
      return payments(reads, {
        from: 'json_each(?) j CROSS JOIN submissions s ON s.id = j.value',
        where: '1',
        params: [JSON.stringify(paying)],
      });
    },
  };
}

/**
 * The indexes in the form's columns of a view's rows of every status: previews and dates are
 * checked in the columns, and each set its search and answer filters let through is read from
 * its own index (as the table's query reads them), then marked (`setMarks.ts`).
 */
export function spanOf(
  reads: StatementCache,
  filter: SubmissionFilter,
  form: FormColumns,
): Int32Array {
  const inView = new Uint8Array(form.count);
  const after = filter.afterDate === undefined ? -Infinity : Date.parse(filter.afterDate);
  const before = filter.beforeDate === undefined ? Infinity : Date.parse(filter.beforeDate);
  for (let i = 0; i < form.count; i++)
    inView[i] =
      (filter.includePreview || !form.preview[i]) && form.time[i]! > after && form.time[i]! < before
        ? 1
        : 0;
  const chosen = new Map<AnswerFilter, Uint8Array>();
  for (const answer of filter.answers) {
    const marked = answer.op === 'choiceIs' && choiceMarks(reads, form, filter.formId, answer);
    if (marked) chosen.set(answer, marked);
  }
  for (const marked of chosen.values())
    for (let i = 0; i < form.count; i++) if (!marked[i]) inView[i] = 0;
  const rest = { ...filter, answers: filter.answers.filter((answer) => !chosen.has(answer)) };
  for (const set of narrowingSets(rest)) {
    const marked = setMarks(reads, form, set);
    const keep = set.except ? 0 : 1;
    for (let i = 0; i < form.count; i++) if (marked[i] !== keep) inView[i] = 0;
  }
  const span = new Int32Array(form.count);
  let count = 0;
  for (let i = 0; i < form.count; i++) if (inView[i]) span[count++] = i;
  return span.subarray(0, count);
}

/**
 * The rows of a span that are finished, or in progress: by a loop, as a typed array's `filter`
 * calls back for each row and gathers those kept in a plain array first, slow over a large form.
 */
function ofStatus(form: FormColumns, span: Int32Array, finished: boolean): Int32Array {
  const flag = finished ? 1 : 0;
  const rows = new Int32Array(span.length);
  let count = 0;
  for (let i = 0; i < span.length; i++)
    if (form.finished[span[i]!] === flag) rows[count++] = span[i]!;
  return rows.subarray(0, count);
}

/**
 * The rows whose answer is the chosen option, as the table's filter finds them (its text is the
 * option, ASCII case aside, or its list holds it), marked from the question's codes, where the
 * filter read in SQL looks up every answer's list. An answer whose text holds the option beside
 * others (a checkbox combination) cannot tell from its text alone whether the option is one of
 * its items or part of a label holding ", ", so those groups alone are asked of their rows. Null
 * where the codes cannot say: free text (answers given once share a code), or an option that
 * itself holds ", ".
 */
function choiceMarks(
  reads: StatementCache,
  form: FormColumns,
  formId: string,
  answer: Extract<AnswerFilter, { op: 'choiceIs' }>,
): Uint8Array | null {
  const column = form.columns.get(answer.key);
  if (!column || column.collapsesSingles || answer.value.includes(ITEMS_APART)) return null;
  const wanted = asciiFold(answer.value);
  const matches = new Uint8Array(column.texts.length + 1);
  const unclear: string[] = [];
  for (let code = 1; code <= column.texts.length; code++) {
    const { text } = answerAt(column, code);
    if (text === null) continue;
    const folded = asciiFold(text);
    if (folded === wanted) matches[code] = 1;
    else if (folded.split(ITEMS_APART).includes(wanted)) unclear.push(text);
  }
  const marked = new Uint8Array(form.count);
  for (let i = 0; i < form.count; i++) marked[i] = matches[column.codes[i]!]!;
  const listing = reads
    .statement<[string, string, string, string], number>(
      `SELECT submission_rowid FROM answers INDEXED BY answers_by_text
       WHERE field = ${FIELD_OF} AND value_text = ?
         AND EXISTS (SELECT 1 FROM json_each(value_json) WHERE value = ? COLLATE NOCASE)`,
    )
    .pluck();
  for (const text of unclear)
    for (const id of listing.iterate(formId, answer.key, text, answer.value)) {
      const index = AnswerColumns.indexOf(form, id);
      if (index >= 0) marked[index] = 1;
    }
  return marked;
}

/**
 * The latest answers to a question among the view's rows: the rows as late as the third latest
 * are found in the columns, and put in order (time, then id, as the table sorts) by SQL.
 */
function latestOf(
  reads: StatementCache,
  form: FormColumns,
  view: Int32Array,
  formId: string,
  key: string,
): LatestAnswer[] {
  const codes = form.columns.get(key)!.codes;
  // The three latest times, latest first; walked from the view's last rows, which a form
  // synced in order holds latest, so a later one is rarely found afterwards.
  const times: number[] = new Array<number>(LATEST_ANSWERS).fill(-Infinity);
  const last = LATEST_ANSWERS - 1;
  for (let i = view.length - 1; i >= 0; i--) {
    const index = view[i]!;
    const time = form.time[index]!;
    if (time <= times[last]! || codes[index] === 0) continue;
    let at = last;
    while (at > 0 && time > times[at - 1]!) {
      times[at] = times[at - 1]!;
      at--;
    }
    times[at] = time;
  }
  const since = times[last]!;
  const candidates: number[] = [];
  for (let i = 0; i < view.length; i++) {
    const index = view[i]!;
    if (codes[index] !== 0 && form.time[index]! >= since) candidates.push(form.rowids[index]!);
  }
  if (candidates.length === 0) return [];
  return reads
    .statement<Param[], LatestAnswer>(
      `SELECT s.submission_id AS submissionId, s.submission_time AS submissionTime, a.value_text AS text
       FROM json_each(?) j CROSS JOIN submissions s ON s.id = j.value
         JOIN answers a ON a.submission_rowid = s.id AND a.field = ${FIELD_OF}
       ORDER BY s.submission_time DESC, s.submission_id DESC LIMIT ?`,
    )
    .all(JSON.stringify(candidates), formId, key, LATEST_ANSWERS);
}
