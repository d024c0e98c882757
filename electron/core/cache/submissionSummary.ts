import type Database from 'better-sqlite3';
import { type Submission } from '../../shared/api/submission';
import { type AnswerFilter, type SubmissionFilter } from '../../shared/contract/submissions';
import {
  type QuestionSummary,
  type SubmissionSummary,
  type ValueCount,
} from '../../shared/contract/summary';
import { AnswerColumns, GIVEN_ONCE, compareAnswers, type FormColumns } from './answerColumns';
import { KIND_OF_TYPE, MULTIPLE, ONE_PER_PERSON } from './answerKinds';
import { scaleOf } from '../import/questionRules';
import { FormStore } from './formStore';
import { Memo } from './memo';
import { QuestionCatalog, type CatalogEntry } from './questionCatalog';
import { narrowingSets, type Param, whereOf } from './viewConditions';
import { ITEMS_APART } from './submissionRow';
import {
  asciiFold,
  npsOf,
  fullScale,
  numberFigures,
  scaleOrder,
  overOptions,
} from './summaryFigures';
import {
  choicesOf,
  dateFigures,
  type DayCount,
  daysOf,
  type Group,
  optionsOf,
  quizOf,
  rankingFigures,
  type ScoreCount,
  timelineOf,
} from './summaryGroups';

/** Most frequent answers and latest answers shown per free-text question. */
const TOP_ANSWERS = 5;
const LATEST_ANSWERS = 3;
const SUMMARIES_KEPT = 8;
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
const STATEMENTS_KEPT = 64;

/** A free-text question's answers: how many gave one, and those given more than once, most frequent first. */
interface TextTally {
  answered: number;
  top: ValueCount[];
}

type LatestAnswer = { submissionId: string; submissionTime: string; text: string };

/** The submissions of a view: what to read them from (as `s`), and the condition they meet. */
interface Rows {
  from: string;
  where: string;
  params: Param[];
}

/** Where a view's answers are read from: what the summary asks of them. */
interface ViewAnswers {
  total: number;
  groups(keys: string[]): Map<string, Group[]>;
  /** How many in the view answered a question. */
  answered(key: string): number;
  /** How many answered a free-text question, and its answers given more than once. */
  tally(key: string): TextTally;
  /** The latest answers to a question in the view, newest first. */
  latest(key: string): LatestAnswer[];
  /** Submissions per bucket of time, the view's status aside. */
  timeline(): SubmissionSummary['timeline'];
  quiz(): SubmissionSummary['quiz'];
  payments(): SubmissionSummary['payments'];
}

interface Question {
  entry: CatalogEntry;
  kind: QuestionSummary['kind'];
  options: string[] | null;
}

/**
 * What a view's answers say. A whole form (a status or both, no narrowing) reads the counts per
 * answer its writes keep; a narrowed view lists its rows and counts their answers in the form's
 * columns (`answerColumns.ts`), or, while the form is being rewritten, lists them into a temporary
 * table (by the same conditions as the table's query) and groups their answers in SQL. A
 * question's figures are then worked out from its few groups (a rating's 11 values, a checkbox
 * question's combinations), never from its rows.
 */
export class SubmissionSummaries {
  private readonly memo = new Memo<SubmissionSummary>(SUMMARIES_KEPT);
  private readonly statements = new Map<string, Database.Statement>();
  private readonly catalog: QuestionCatalog;
  private readonly forms: FormStore;
  private readonly columns: AnswerColumns;
  /** The form whose columns are read ahead, until they all are. */
  private ahead: string | null = null;

  constructor(
    private readonly db: Database.Database,
    options: ConstructorParameters<typeof AnswerColumns>[1] = {},
  ) {
    this.catalog = new QuestionCatalog(db);
    this.forms = new FormStore(db);
    this.columns = new AnswerColumns(db, options);
  }

  summary(filter: SubmissionFilter): SubmissionSummary {
    this.ahead = filter.formId;
    const { sortBy: _sortBy, sort: _sort, ...view } = filter;
    const key = JSON.stringify(view);
    // One snapshot for the version and every read, so the figures agree with each other.
    return this.db.transaction(() => {
      const version = this.version(filter.formId);
      const known = this.memo.get(key, version);
      if (known) return known;
      const summary = this.read(filter);
      this.memo.set(key, version, summary);
      return summary;
    })();
  }

  /**
   * One step of reading ahead the answer columns of the form last summarized, so that its first
   * narrowed view (a click on a bar) counts in columns already read rather than waiting for them
   * to be read. Whether a step is left. The caller runs steps while it has nothing else to do;
   * each reads the form's rows or one question, so a call waits at most one step.
   */
  readAhead(): boolean {
    const formId = this.ahead;
    if (formId === null || !this.db.open) return false;
    const more = this.db.transaction(() => {
      const questions = this.questionsOf(formId);
      return this.columns.readAhead(
        formId,
        questions.map((q) => q.entry.id),
        singlesOf(questions),
      );
    })();
    if (!more) this.ahead = null;
    return more;
  }

  private read(filter: SubmissionFilter): SubmissionSummary {
    const questions = this.questionsOf(filter.formId);
    const answers = this.wholeForm(filter)
      ? this.keptCounts(filter)
      : this.narrowed(filter, questions);

    const grouped = questions.filter((q) => q.kind !== 'text' && q.kind !== 'file');
    const groups = answers.groups(grouped.map((q) => q.entry.id));
    const summaries = questions.map((q): QuestionSummary => {
      const base = { key: q.entry.id, name: q.entry.name, type: q.entry.type };
      if (q.kind === 'file')
        return { ...base, kind: 'file', answered: answers.answered(q.entry.id) };
      if (q.kind === 'text') {
        const { answered, top } = ONE_PER_PERSON.has(q.entry.type)
          ? { answered: answers.answered(q.entry.id), top: [] }
          : answers.tally(q.entry.id);
        return {
          ...base,
          kind: 'text',
          answered,
          top,
          latest: answered > 0 ? answers.latest(q.entry.id) : [],
        };
      }
      return this.fromGroups(q, base, groups.get(q.entry.id) ?? []);
    });

    return {
      total: answers.total,
      timeline: answers.timeline(),
      questions: summaries,
      quiz: answers.quiz(),
      payments: answers.payments(),
    };
  }

  /** A narrowed view's answers: from the form's columns, or grouped in SQL while it is rewritten. */
  private narrowed(filter: SubmissionFilter, questions: Question[]): ViewAnswers {
    const form = this.columns.current(
      filter.formId,
      questions.map((q) => q.entry.id),
      singlesOf(questions),
    );
    return form ? this.columnView(filter, form) : this.viewRows(filter);
  }

  /**
   * A view of every row of its statuses: no search, import or answer filter, and no date bound that
   * leaves a row out (a bound past the newest row changes nothing).
   */
  private wholeForm(filter: SubmissionFilter): boolean {
    if (filter.search !== undefined || filter.importJobId !== undefined) return false;
    if (filter.answers.length > 0) return false;
    if (filter.afterDate === undefined && filter.beforeDate === undefined) return true;
    const span = this.statement<[string, string], { first: string | null; last: string | null }>(
      `SELECT (SELECT min(submission_time) FROM submissions WHERE form_id = ?) AS first,
              (SELECT max(submission_time) FROM submissions WHERE form_id = ?) AS last`,
    ).get(filter.formId, filter.formId)!;
    if (span.first === null || span.last === null) return true;
    const after = filter.afterDate === undefined ? null : new Date(filter.afterDate).toISOString();
    const before =
      filter.beforeDate === undefined ? null : new Date(filter.beforeDate).toISOString();
    return (after === null || after < span.first) && (before === null || before > span.last);
  }

  /**
   * The whole form's answers, from the counts its writes keep: reading them costs little, where
   * grouping them in the index walks every answer.
   */
  private keptCounts(filter: SubmissionFilter): ViewAnswers {
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
    const figures = this.rowFigures(
      { from: 'submissions s', where: where.sql, params: where.params },
      { from: 'submissions s', where: span.sql, params: span.params },
    );
    // The timeline walks every row of the form in SQL; counted in the form's columns, where they
    // are held as the form is, it costs a fraction of that.
    const form = this.columns.held(formId);
    if (form) figures.timeline = () => timelineOf(daysOf(form, this.spanOf(unbounded, form)));
    return {
      total: this.statement<Param[], number>(
        `SELECT coalesce(sum(n), 0) FROM submission_counts WHERE ${kept}`,
      )
        .pluck()
        .get(formId, statuses, flags)!,
      groups: (keys) =>
        this.groupsOf(
          `SELECT field_key AS key, sum(n) AS n, min(sample) AS sample
             FROM answer_counts WHERE ${kept} AND field_key IN (SELECT value FROM json_each(?))
             GROUP BY field_key, value_text`,
          [formId, statuses, flags, JSON.stringify(keys)],
        ),
      answered: (key) =>
        this.statement<Param[], number>(
          `SELECT coalesce(sum(n), 0) FROM answer_totals WHERE ${kept} AND field_key = ?`,
        )
          .pluck()
          .get(formId, statuses, flags, key)!,
      tally: (key) =>
        this.tallyOf(
          `SELECT value_text AS value, sum(n) AS count FROM answer_counts
             WHERE ${kept} AND field_key = ? GROUP BY value_text`,
          [formId, statuses, flags, key],
        ),
      latest: (key) =>
        this.statement<Param[], LatestAnswer>(
          `SELECT s.submission_id AS submissionId, s.submission_time AS submissionTime, a.value_text AS text
             FROM submissions s INDEXED BY submissions_by_form_time
             JOIN answers a ON a.submission_rowid = s.id AND a.field_key = ?
             WHERE ${where.sql}
             ORDER BY s.submission_time DESC, s.submission_id DESC LIMIT ?`,
        ).all(key, ...where.params, LATEST_ANSWERS),
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
  private viewRows(filter: SubmissionFilter): ViewAnswers {
    const { formId } = filter;
    for (const table of ['summary_span', 'summary_rows']) {
      this.db.exec(`CREATE TEMP TABLE IF NOT EXISTS ${table} (id INTEGER PRIMARY KEY)`);
      this.db.exec(`DELETE FROM temp.${table}`);
    }
    const where = whereOf(filter, false);
    this.statement<Param[]>(
      `INSERT INTO temp.summary_span SELECT s.id FROM submissions s WHERE ${where.sql}`,
    ).run(...where.params);
    const spanned =
      'temp.summary_span v JOIN submissions s INDEXED BY submissions_by_id ON s.id = v.id';
    const total = this.statement<[string]>(
      `INSERT INTO temp.summary_rows SELECT v.id FROM ${spanned} WHERE ? IN ('all', s.status)`,
    ).run(filter.status).changes;
    const formRows = this.statement<[string], number>(
      'SELECT coalesce(sum(n), 0) FROM submission_counts WHERE form_id = ?',
    )
      .pluck()
      .get(formId)!;
    const from = total * VIEW_DRIVEN_SHARE < formRows ? VIEW_DRIVEN : INDEX_DRIVEN;
    return {
      total,
      groups: (keys) =>
        this.groupsOf(
          `SELECT a.field_key AS key, count(*) AS n, min(a.submission_rowid) AS sample
             ${from}
             WHERE a.form_id = ? AND a.field_key IN (SELECT value FROM json_each(?))
             GROUP BY a.field_key, a.value_text`,
          [formId, JSON.stringify(keys)],
        ),
      answered: (key) => this.answered(from, formId, key),
      tally: (key) =>
        this.tallyOf(
          `SELECT a.value_text AS value, count(*) AS count ${from}
             WHERE a.form_id = ? AND a.field_key = ? GROUP BY a.value_text`,
          [formId, key],
        ),
      latest: (key) => this.latest(from, formId, key),
      ...this.rowFigures(
        { from: 'temp.summary_rows v JOIN submissions s ON s.id = v.id', where: '1', params: [] },
        { from: spanned, where: '1', params: [] },
      ),
    };
  }

  /**
   * A narrowed view's answers counted in the form's columns: its rows are listed by the same
   * conditions as the table's query, then each question's codes counted over them.
   */
  private columnView(filter: SubmissionFilter, form: FormColumns): ViewAnswers {
    const span = this.spanOf(filter, form);
    const finished = filter.status === 'finished' ? 1 : 0;
    const view =
      filter.status === 'all' ? span : span.filter((index) => form.finished[index] === finished);
    const counted = (key: string) => {
      const column = form.columns.get(key)!;
      const { codes } = column;
      const counts = new Int32Array(column.texts.length + 1);
      for (let i = 0; i < view.length; i++) counts[codes[view[i]!]!]!++;
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
              if (code > 0 && n > 0)
                groups.push({
                  key,
                  text: column.texts[code - 1]!,
                  num: column.nums[code - 1]!,
                  json: column.jsons[code - 1]!,
                  n,
                  sample: column.samples[code - 1]!,
                });
            });
            return [key, groups];
          }),
        ),
      answered: (key) => counted(key).answered,
      tally: (key) => {
        const { column, counts, answered } = counted(key);
        const top: ValueCount[] = [];
        for (let code = GIVEN_ONCE + 1; code < counts.length; code++)
          if (counts[code]! > 1) top.push({ value: column.texts[code - 1]!, count: counts[code]! });
        top.sort((a, b) => b.count - a.count || compareAnswers(a.value, b.value));
        return { answered, top: top.slice(0, TOP_ANSWERS) };
      },
      latest: (key) => this.latestOf(form, view, key),
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
        const maxScore = this.statement<[number], number | null>(
          `SELECT raw ->> '$.quiz.maxScore' FROM submissions WHERE id = ?`,
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
        return this.payments({
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
   * its own index (as the table's query reads them), then marked.
   */
  private spanOf(filter: SubmissionFilter, form: FormColumns): Int32Array {
    const inView = new Uint8Array(form.count);
    const after = filter.afterDate === undefined ? -Infinity : Date.parse(filter.afterDate);
    const before = filter.beforeDate === undefined ? Infinity : Date.parse(filter.beforeDate);
    for (let i = 0; i < form.count; i++)
      inView[i] =
        (filter.includePreview || !form.preview[i]) &&
        form.time[i]! > after &&
        form.time[i]! < before
          ? 1
          : 0;
    const chosen = new Map<AnswerFilter, Uint8Array>();
    for (const answer of filter.answers) {
      const marked = answer.op === 'choiceIs' && this.choiceMarks(form, filter.formId, answer);
      if (marked) chosen.set(answer, marked);
    }
    for (const marked of chosen.values())
      for (let i = 0; i < form.count; i++) if (!marked[i]) inView[i] = 0;
    const rest = { ...filter, answers: filter.answers.filter((answer) => !chosen.has(answer)) };
    for (const set of narrowingSets(rest)) {
      const marked = new Uint8Array(form.count);
      const ids = this.statement<Param[], number>(set.sql)
        .pluck()
        .all(...set.params);
      for (const id of ids) {
        const index = AnswerColumns.indexOf(form, id);
        if (index >= 0) marked[index] = 1;
      }
      const keep = set.except ? 0 : 1;
      for (let i = 0; i < form.count; i++) if (marked[i] !== keep) inView[i] = 0;
    }
    const span = new Int32Array(form.count);
    let count = 0;
    for (let i = 0; i < form.count; i++) if (inView[i]) span[count++] = i;
    return span.subarray(0, count);
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
  private choiceMarks(
    form: FormColumns,
    formId: string,
    answer: Extract<AnswerFilter, { op: 'choiceIs' }>,
  ): Uint8Array | null {
    const column = form.columns.get(answer.key);
    if (!column || column.collapsesSingles || answer.value.includes(ITEMS_APART)) return null;
    const wanted = asciiFold(answer.value);
    const matches = new Uint8Array(column.texts.length + 1);
    const unclear: string[] = [];
    column.texts.forEach((text, at) => {
      if (text === null) return;
      const folded = asciiFold(text);
      if (folded === wanted) matches[at + 1] = 1;
      else if (folded.split(ITEMS_APART).includes(wanted)) unclear.push(text);
    });
    const marked = new Uint8Array(form.count);
    for (let i = 0; i < form.count; i++) marked[i] = matches[column.codes[i]!]!;
    const listing = this.statement<[string, string, string, string], number>(
      `SELECT submission_rowid FROM answers INDEXED BY answers_by_text
         WHERE form_id = ? AND field_key = ? AND value_text = ?
           AND EXISTS (SELECT 1 FROM json_each(value_json) WHERE value = ? COLLATE NOCASE)`,
    ).pluck();
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
  private latestOf(form: FormColumns, view: Int32Array, key: string): LatestAnswer[] {
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
    return this.statement<Param[], LatestAnswer>(
      `SELECT s.submission_id AS submissionId, s.submission_time AS submissionTime, a.value_text AS text
         FROM json_each(?) j CROSS JOIN submissions s ON s.id = j.value
           JOIN answers a ON a.submission_rowid = s.id AND a.field_key = ?
         ORDER BY s.submission_time DESC, s.submission_id DESC LIMIT ?`,
    ).all(JSON.stringify(candidates), key, LATEST_ANSWERS);
  }

  /** The figures of a view read from its rows in SQL: `rows` of its status, `span` of every status. */
  private rowFigures(rows: Rows, span: Rows): Pick<ViewAnswers, 'timeline' | 'quiz' | 'payments'> {
    return {
      timeline: () => this.timeline(span),
      quiz: () => this.quiz(rows),
      payments: () => this.payments(rows),
    };
  }

  private questionsOf(formId: string): Question[] {
    const metadata = this.forms.metadata(formId);
    return this.catalog.list(formId).map((entry) => {
      const options = optionsOf(metadata, entry.id);
      const kind = KIND_OF_TYPE[entry.type] ?? (options ? 'choice' : 'text');
      return { entry, kind, options };
    });
  }

  /**
   * Each question's answers grouped by their text (numbers, dates and choices alike), as `grouped`
   * lists them (key, n, sample): a group is one value, or one combination of checkboxes, one
   * ranking order, one way of filling a matrix. The number and JSON of each group are read from
   * its sample row: read per entry, they cost a lookup of every answer.
   */
  private groupsOf(grouped: string, params: Param[]): Map<string, Group[]> {
    const byKey = new Map<string, Group[]>();
    const rows = this.statement<Param[], Group>(
      `SELECT g.key, a.value_text AS text, a.value_num AS num, a.value_json AS json, g.n, g.sample
         FROM (${grouped}) g JOIN answers a ON a.submission_rowid = g.sample AND a.field_key = g.key`,
    ).all(...params);
    for (const row of rows) {
      const list = byKey.get(row.key) ?? [];
      list.push(row);
      byKey.set(row.key, list);
    }
    return byKey;
  }

  /** How many in the view answered a question. */
  private answered(from: string, formId: string, key: string): number {
    return this.statement<Param[], number>(
      `SELECT count(*) ${from}
         WHERE a.form_id = ? AND a.field_key = ?`,
    )
      .pluck()
      .get(formId, key)!;
  }

  /**
   * A free-text question's tally from its answers grouped by value (`value`, `count`): the count
   * of answers comes from the same walk as the most frequent ones (a walk per question, not two).
   */
  private tallyOf(grouped: string, params: Param[]): TextTally {
    const rows = this.statement<Param[], ValueCount & { answered: number }>(
      `SELECT value, count, sum(count) OVER () AS answered FROM (${grouped})
         ORDER BY count DESC, value LIMIT ?`,
    ).all(...params, TOP_ANSWERS);
    return {
      answered: rows[0]?.answered ?? 0,
      top: rows.filter((r) => r.count > 1).map(({ value, count }) => ({ value, count })),
    };
  }

  /** The latest answers to a question in the view, newest first: a walk back in time that stops early. */
  private latest(from: string, formId: string, key: string): LatestAnswer[] {
    // A view of most of the form walks it newest first and stops at the third answer; a view of
    // a few rows sorts its own answers instead of walking past every row outside it.
    const rows =
      from === VIEW_DRIVEN
        ? `FROM temp.summary_rows v CROSS JOIN submissions s INDEXED BY submissions_by_id ON s.id = v.id`
        : `FROM submissions s INDEXED BY submissions_by_form_time`;
    const inView = from === VIEW_DRIVEN ? '' : 'AND +s.id IN (SELECT id FROM temp.summary_rows)';
    return this.statement<Param[], LatestAnswer>(
      `SELECT s.submission_id AS submissionId, s.submission_time AS submissionTime, a.value_text AS text
         ${rows} JOIN answers a ON a.submission_rowid = s.id AND a.field_key = ?
         WHERE s.form_id = ? ${inView}
         ORDER BY s.submission_time DESC, s.submission_id DESC LIMIT ?`,
    ).all(key, formId, LATEST_ANSWERS);
  }

  private fromGroups(
    question: Question,
    base: { key: string; name: string; type: string },
    groups: Group[],
  ): QuestionSummary {
    const answered = groups.reduce((n, g) => n + g.n, 0);
    const numbers = () => {
      const counts = new Map<number, number>();
      for (const g of groups) {
        const value = g.num ?? (g.text === null ? Number.NaN : Number(g.text));
        if (Number.isFinite(value)) counts.set(value, (counts.get(value) ?? 0) + g.n);
      }
      return [...counts]
        .map(([value, count]) => ({ value, count }))
        .sort((a, b) => a.value - b.value);
    };
    switch (question.kind) {
      case 'choice': {
        const multiple = MULTIPLE.has(question.entry.type);
        const counts = new Map<string, number>();
        for (const g of groups)
          for (const value of multiple ? choicesOf(g) : [g.text ?? ''])
            counts.set(value, (counts.get(value) ?? 0) + g.n);
        return {
          ...base,
          kind: 'choice',
          answered,
          multiple,
          ...overOptions(counts, question.options),
        };
      }
      case 'rating': {
        const distribution = fullScale(numbers(), scaleOf(question.entry.type));
        const rated = distribution.reduce((n, d) => n + d.count, 0);
        const sum = distribution.reduce((s, d) => s + d.value * d.count, 0);
        return {
          ...base,
          kind: 'rating',
          answered,
          distribution,
          average: rated > 0 ? sum / rated : null,
          nps: question.entry.type === 'OpinionScale' ? npsOf(distribution) : null,
        };
      }
      case 'number':
        return {
          ...base,
          kind: 'number',
          answered,
          ...numberFigures(numbers(), { duration: question.entry.type === 'Calculation:duration' }),
        };
      case 'date':
        return { ...base, kind: 'date', answered, ...dateFigures(groups) };
      case 'matrix':
        return { ...base, kind: 'matrix', answered, ...this.matrixFigures(question, groups) };
      case 'ranking':
        return { ...base, kind: 'ranking', answered, items: rankingFigures(groups) };
      case 'boolean': {
        const yes = groups.filter((g) => g.num === 1).reduce((n, g) => n + g.n, 0);
        const no = groups.filter((g) => g.num === 0).reduce((n, g) => n + g.n, 0);
        return { ...base, kind: 'boolean', answered, yes, no };
      }
      default:
        return { ...base, kind: 'file', answered };
    }
  }

  /**
   * A matrix's answer is an object (row → column) that the index holds as its text alone: each way
   * of filling it is read back from one submission that gave it.
   */
  private matrixFigures(question: Question, groups: Group[]) {
    const raw = this.statement<[number], { raw: string }>(
      'SELECT raw FROM submissions WHERE id = ?',
    );
    const cells = new Map<string, Map<string, number>>();
    for (const g of groups) {
      const row = raw.get(g.sample);
      const submission = row ? (JSON.parse(row.raw) as Submission) : null;
      const value = submission?.questions.find((q) => q.id === question.entry.id)?.value;
      if (!value || typeof value !== 'object' || Array.isArray(value)) continue;
      for (const [name, column] of Object.entries(value)) {
        if (typeof column !== 'string') continue;
        const counts = cells.get(name) ?? new Map<string, number>();
        counts.set(column, (counts.get(column) ?? 0) + g.n);
        cells.set(name, counts);
      }
    }
    const rows = [...new Set([...(question.options ?? []), ...cells.keys()])];
    const totals = new Map<string, number>();
    for (const counts of cells.values())
      for (const [column, n] of counts) totals.set(column, (totals.get(column) ?? 0) + n);
    const columns = scaleOrder([...totals.keys()]);
    return {
      rows,
      columns,
      cells: rows.flatMap((row) =>
        columns.map((column) => ({ row, column, count: cells.get(row)?.get(column) ?? 0 })),
      ),
    };
  }

  /** Submissions per bucket of time under the same filters, status aside. */
  private timeline(span: Rows): SubmissionSummary['timeline'] {
    return timelineOf(
      this.statement<Param[], DayCount>(
        `SELECT substr(s.submission_time, 1, 10) AS day, sum(s.status = 'finished') AS finished,
                  sum(s.status = 'in_progress') AS inProgress
           FROM ${span.from} WHERE ${span.where} GROUP BY day ORDER BY day`,
      ).all(...span.params),
    );
  }

  private quiz(rows: Rows): SubmissionSummary['quiz'] {
    const distribution = this.statement<Param[], ScoreCount>(
      `SELECT s.quiz_score AS value, count(*) AS count
         FROM ${rows.from} WHERE ${rows.where} AND s.quiz_score IS NOT NULL GROUP BY s.quiz_score ORDER BY s.quiz_score`,
    ).all(...rows.params);
    if (distribution.length === 0) return null;
    // The highest score possible, as the latest scored submission states it.
    const maxScore = this.statement<Param[], { max: number | null }>(
      `SELECT s.raw ->> '$.quiz.maxScore' AS max
         FROM ${rows.from} WHERE ${rows.where} AND s.quiz_score IS NOT NULL ORDER BY s.submission_time DESC LIMIT 1`,
    ).get(...rows.params)?.max;
    return quizOf(distribution, maxScore ?? null);
  }

  /** Payments with an amount, per currency: the cache keeps their total per row, the currency in the row. */
  private payments(rows: Rows): SubmissionSummary['payments'] {
    return this.statement<Param[], { currency: string; count: number; sum: number }>(
      `SELECT coalesce(p.value ->> '$.value.currency', '') AS currency, count(*) AS count,
                sum(p.value ->> '$.value.totalAmount') AS sum
         FROM ${rows.from}, json_each(s.raw, '$.payments') p
         WHERE ${rows.where} AND s.payment_amount IS NOT NULL
           AND typeof(p.value ->> '$.value.totalAmount') IN ('integer', 'real')
         GROUP BY currency ORDER BY count DESC, currency`,
    ).all(...rows.params);
  }

  /** Prepared once per connection: a summary runs some twenty statements, most of them per question. */
  private statement<P extends unknown[] = Param[], R = unknown>(
    sql: string,
  ): Database.Statement<P, R> {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql);
      // A view's conditions are part of its statements: filters of many shapes make many.
      if (this.statements.size >= STATEMENTS_KEPT) this.statements.clear();
      this.statements.set(sql, statement);
    }
    return statement as unknown as Database.Statement<P, R>;
  }

  private version(formId: string): string {
    const row = this.statement<[string], { version: number }>(
      'SELECT version FROM form_changes WHERE form_id = ?',
    ).get(formId);
    return String(row?.version ?? 0);
  }
}

/** The questions whose answers given once are collapsed in their columns: free text, files. */
function singlesOf(questions: readonly Question[]): Set<string> {
  return new Set(
    questions.filter((q) => q.kind === 'text' || q.kind === 'file').map((q) => q.entry.id),
  );
}
