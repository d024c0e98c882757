import type Database from 'better-sqlite3';
import { compareValues } from './orderMerge';
import { asciiFold } from './summaryFigures';

/**
 * A form's answers held by column in memory, for summaries of narrowed views: per question one
 * code per row of the form (0: not answered), each code one answer as the index groups them
 * (by text, ASCII case aside), so a view's figures are counts over its rows' codes. Counting
 * codes is far quicker than grouping a view's answers in SQL, but reading the columns takes
 * seconds on a large form, so they are read ahead (`readAhead`).
 *
 * The columns follow the form by its change counters: rows only added since they were read are
 * appended (a first sync adds a page at the service's pace); any other change reads them anew.
 */

/** A free-text answer that only one row of the form gave: its text can never be among the most frequent. */
export const GIVEN_ONCE = 1;
const DAY_MS = 86_400_000;

/** One question's answers, one code per row of the form. */
export interface AnswerColumn {
  codes: Int32Array;
  /** Each code's answer (at code − 1): its text, number and JSON, and one row that gave it. */
  texts: (string | null)[];
  nums: (number | null)[];
  jsons: (string | null)[];
  samples: number[];
  /** Whether an answer only one row gave has code `GIVEN_ONCE` and no text of its own. */
  collapsesSingles: boolean;
  /** Codes below this were read from the index, in its order: found again by binary search. */
  sortedEnd: number;
  /** Answers first seen after the column was read, by folded text. */
  added: Map<string | null, number>;
}

export interface FormColumns {
  /** Rows in rowid order; each row's index is its place here. */
  count: number;
  rowids: Float64Array;
  /** Each rowid's index + 1 (0: not a row of the form), at `rowid − firstRowid`. */
  firstRowid: number;
  slots: Int32Array;
  finished: Uint8Array;
  preview: Uint8Array;
  /** Submission time in milliseconds, and its day (days since 1970, UTC). */
  time: Float64Array;
  day: Int32Array;
  /** Quiz score (NaN: none); whether the row holds a payment. */
  quiz: Float64Array;
  paid: Uint8Array;
  columns: Map<string, AnswerColumn>;
  /** The form's change counter the columns hold, and when they were read. */
  version: number;
  builtAt: number;
}

interface Changes {
  version: number;
  rewritten: number;
}

export interface AnswerColumnsOptions {
  /**
   * A form rewritten (rows changed or removed) is read anew at most this often: while a sync
   * rewrites rows every few hundred milliseconds, its summaries group in SQL instead.
   */
  rebuildEveryMs?: number;
  now?: () => number;
}

const REBUILD_EVERY_MS = 60_000;
/** Forms held at once: each holds a 32-bit code per row and question. */
const FORMS_KEPT = 2;

export class AnswerColumns {
  private readonly forms = new Map<string, FormColumns>();
  private readonly rebuildEveryMs: number;
  private readonly now: () => number;
  private readonly statements = new Map<string, Database.Statement>();

  constructor(
    private readonly db: Database.Database,
    { rebuildEveryMs = REBUILD_EVERY_MS, now = Date.now }: AnswerColumnsOptions = {},
  ) {
    this.rebuildEveryMs = rebuildEveryMs;
    this.now = now;
  }

  /**
   * The form's columns as the cache holds it now, for these questions (`singles`: those whose
   * answers given once are collapsed), or null while the form is being rewritten faster than it
   * is worth reading anew. Call it inside a transaction: the columns and the reads that follow
   * must see one snapshot.
   */
  current(
    formId: string,
    keys: readonly string[],
    singles: ReadonlySet<string>,
  ): FormColumns | null {
    const changes = this.changes(formId);
    let form = this.forms.get(formId);
    // Rows changed or removed since (or counters gone back: the cache was rebuilt under them).
    if (form && (changes.rewritten > form.version || changes.version < form.version)) {
      if (this.now() - form.builtAt < this.rebuildEveryMs) return null;
      form = undefined;
    }
    if (!form) {
      form = this.read(formId, changes);
      this.forms.delete(formId);
      for (const oldest of this.forms.keys()) {
        if (this.forms.size < FORMS_KEPT) break;
        this.forms.delete(oldest);
      }
      this.forms.set(formId, form);
    } else if (changes.version > form.version) {
      this.append(formId, form, changes);
    }
    for (const key of keys) {
      const collapses = singles.has(key);
      if (form.columns.get(key)?.collapsesSingles !== collapses)
        form.columns.set(key, this.readColumn(formId, key, collapses, form));
    }
    return form;
  }

  /**
   * One step of reading the form's columns before they are asked for: its rows first, then one
   * question's column a call, brought up to date by `current` first (in a transaction of the
   * caller's, at the snapshot it sees; rows added between steps are appended as they would be
   * between summaries).
   * Whether a step is left; none while the form is being rewritten faster than it is read anew.
   */
  readAhead(formId: string, keys: readonly string[], singles: ReadonlySet<string>): boolean {
    const held = this.forms.get(formId);
    const form = this.current(formId, [], singles);
    if (!form) return false;
    // The form's rows were read in this step (first, or anew after a rewrite).
    if (form !== held) return true;
    const next = keys.find((key) => form.columns.get(key)?.collapsesSingles !== singles.has(key));
    if (next === undefined) return false;
    form.columns.set(next, this.readColumn(formId, next, singles.has(next), form));
    return true;
  }

  /** The form's columns if they hold the form as the cache holds it now, without reading; else null. */
  held(formId: string): FormColumns | null {
    const form = this.forms.get(formId);
    if (!form) return null;
    return this.changes(formId).version === form.version ? form : null;
  }

  /** The index of a row of the form in its columns, or −1. */
  static indexOf(form: FormColumns, rowid: number): number {
    return (form.slots[rowid - form.firstRowid] ?? 0) - 1;
  }

  private read(formId: string, changes: Changes): FormColumns {
    const form: FormColumns = {
      count: 0,
      rowids: new Float64Array(0),
      firstRowid: 0,
      slots: new Int32Array(0),
      finished: new Uint8Array(0),
      preview: new Uint8Array(0),
      time: new Float64Array(0),
      day: new Int32Array(0),
      quiz: new Float64Array(0),
      paid: new Uint8Array(0),
      columns: new Map(),
      version: changes.version,
      builtAt: this.now(),
    };
    this.addRows(form, formId, 0);
    return form;
  }

  /** Rows added since the columns were read: their answers are coded as the column's others. */
  private append(formId: string, form: FormColumns, changes: Changes): void {
    const after = form.count > 0 ? form.rowids[form.count - 1]! : 0;
    this.addRows(form, formId, after);
    for (const column of form.columns.values()) column.codes = grown(column.codes, form.count);
    const answers = this.statement<
      [number, string],
      [number, string, string | null, number | null, string | null]
    >(
      `SELECT submission_rowid, field_key, value_text, value_num, value_json FROM answers
         WHERE submission_rowid > ? AND form_id = ? ORDER BY submission_rowid`,
    ).raw();
    for (const [rowid, key, text, num, json] of answers.iterate(after, formId)) {
      const column = form.columns.get(key);
      const index = AnswerColumns.indexOf(form, rowid);
      // A question not read yet is read whole when it is first asked for.
      if (!column || index < 0) continue;
      column.codes[index] = this.codeOf(formId, key, form, column, rowid, text, num, json);
    }
    form.version = changes.version;
  }

  /**
   * The rows after `after`, read from indexes that hold what the columns need: the table itself
   * holds each submission's JSON, and reading it whole is slow on a large form.
   */
  private addRows(form: FormColumns, formId: string, after: number): void {
    const rows = this.statement<[number, string], [number, number, number, string]>(
      `SELECT id, status = 'finished', is_preview, submission_time
         FROM submissions INDEXED BY submissions_by_id WHERE id > ? AND form_id = ? ORDER BY id`,
    )
      .raw()
      .all(after, formId);
    const count = form.count + rows.length;
    form.rowids = grown(form.rowids, count);
    form.finished = grown(form.finished, count);
    form.preview = grown(form.preview, count);
    form.time = grown(form.time, count);
    form.day = grown(form.day, count);
    form.quiz = grown(form.quiz, count, Number.NaN);
    form.paid = grown(form.paid, count);
    if (form.count === 0 && rows.length > 0) form.firstRowid = rows[0]![0];
    form.slots = grown(form.slots, (rows.at(-1)?.[0] ?? 0) - form.firstRowid + 1);
    let i = form.count;
    for (const [rowid, finished, preview, time] of rows) {
      form.rowids[i] = rowid;
      form.slots[rowid - form.firstRowid] = i + 1;
      form.finished[i] = finished;
      form.preview[i] = preview;
      // Times are kept in the service's UTC ISO form: the day is the first ten characters' day.
      form.time[i] = Date.parse(time);
      form.day[i] = Math.floor(form.time[i]! / DAY_MS);
      i++;
    }
    form.count = count;
    const scores = this.statement<[string, number], [number, number]>(
      `SELECT id, quiz_score FROM submissions INDEXED BY submissions_by_quiz
         WHERE form_id = ? AND status IN ('finished', 'in_progress') AND quiz_score IS NOT NULL
           AND id > ?`,
    ).raw();
    for (const [rowid, score] of scores.iterate(formId, after))
      form.quiz[AnswerColumns.indexOf(form, rowid)] = score;
    const paid = this.statement<[string, number], number>(
      `SELECT id FROM submissions INDEXED BY submissions_by_payment
         WHERE form_id = ? AND status IN ('finished', 'in_progress') AND payment_amount IS NOT NULL
           AND id > ?`,
    ).pluck();
    for (const rowid of paid.iterate(formId, after))
      form.paid[AnswerColumns.indexOf(form, rowid)] = 1;
  }

  /**
   * One question's column, read from its index in value order: equal answers come together, so
   * each run of them is one code.
   */
  private readColumn(
    formId: string,
    key: string,
    collapsesSingles: boolean,
    form: FormColumns,
  ): AnswerColumn {
    const column: AnswerColumn = {
      codes: new Int32Array(form.rowids.length),
      texts: [],
      nums: [],
      jsons: [],
      samples: [],
      collapsesSingles,
      sortedEnd: 1,
      added: new Map(),
    };
    if (collapsesSingles) this.readTexts(formId, key, column, form);
    else this.readValues(formId, key, column, form);
    column.sortedEnd = column.texts.length + 1;
    return column;
  }

  /**
   * A free-text column: its rows walked in value order, each run of equal answers one code, an
   * answer given once `GIVEN_ONCE`. Most free texts are given once, so grouping them in SQL first
   * costs far more than walking them.
   */
  private readTexts(formId: string, key: string, column: AnswerColumn, form: FormColumns): void {
    addCode(column, null, null, null, -1);
    const answers = this.statement<[string, string], [number, string | null]>(
      `SELECT submission_rowid, value_text FROM answers INDEXED BY answers_by_text
         WHERE form_id = ? AND field_key = ? ORDER BY value_text`,
    )
      .raw()
      .all(formId, key);
    let start = 0;
    while (start < answers.length) {
      const text = answers[start]![1];
      let end = start + 1;
      while (end < answers.length && sameAnswer(answers[end]![1], text)) end++;
      const code =
        end - start === 1 ? GIVEN_ONCE : addCode(column, text, null, null, answers[start]![0]);
      for (let i = start; i < end; i++) {
        const index = AnswerColumns.indexOf(form, answers[i]![0]);
        if (index >= 0) column.codes[index] = code;
      }
      start = end;
    }
  }

  /**
   * A column of values (choices, ratings, numbers, dates…): grouped in SQL as the index orders
   * them, each group with its rows (quicker than walking every row), then each group's number and
   * list read from one of its rows: asked of the group, they cost a lookup of every row.
   */
  private readValues(formId: string, key: string, column: AnswerColumn, form: FormColumns): void {
    const groups = this.statement<[string, string], [string | null, string]>(
      `SELECT value_text, group_concat(submission_rowid) FROM answers INDEXED BY answers_by_text
         WHERE form_id = ? AND field_key = ? GROUP BY value_text ORDER BY value_text`,
    )
      .raw()
      .all(formId, key);
    const sample = this.statement<[number, string], [number | null, string | null]>(
      'SELECT value_num, value_json FROM answers WHERE submission_rowid = ? AND field_key = ?',
    ).raw();
    for (const [text, rowids] of groups) {
      const ids = rowids.split(',');
      const first = Number(ids[0]);
      const [num, json] = sample.get(first, key) ?? [null, null];
      const code = addCode(column, text, num, json, first);
      for (const id of ids) {
        const index = AnswerColumns.indexOf(form, Number(id));
        if (index >= 0) column.codes[index] = code;
      }
    }
  }

  /** The code of an answer of a row added since the column was read. */
  private codeOf(
    formId: string,
    key: string,
    form: FormColumns,
    column: AnswerColumn,
    rowid: number,
    text: string | null,
    num: number | null,
    json: string | null,
  ): number {
    const found = sortedCode(column, text) ?? column.added.get(foldedOf(text));
    if (found !== undefined) return found;
    if (column.collapsesSingles) {
      // A free text given before only once has no code yet: the rows that gave it get one now.
      const earlier = this.statement<[string, string, string | null, number], number>(
        `SELECT submission_rowid FROM answers INDEXED BY answers_by_text
           WHERE form_id = ? AND field_key = ? AND value_text = ? AND submission_rowid < ?`,
      )
        .pluck()
        .all(formId, key, text, rowid);
      if (earlier.length === 0) return GIVEN_ONCE;
      const code = addCode(column, text, num, json, rowid);
      column.added.set(foldedOf(text), code);
      for (const other of earlier) {
        const index = AnswerColumns.indexOf(form, other);
        if (index >= 0) column.codes[index] = code;
      }
      return code;
    }
    const code = addCode(column, text, num, json, rowid);
    column.added.set(foldedOf(text), code);
    return code;
  }

  private changes(formId: string): Changes {
    return (
      this.statement<[string], Changes>(
        'SELECT version, rewritten FROM form_changes WHERE form_id = ?',
      ).get(formId) ?? { version: 0, rewritten: 0 }
    );
  }

  private statement<P extends unknown[], R>(sql: string): Database.Statement<P, R> {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement as unknown as Database.Statement<P, R>;
  }
}

function addCode(
  column: AnswerColumn,
  text: string | null,
  num: number | null,
  json: string | null,
  sample: number,
): number {
  column.texts.push(text);
  column.nums.push(num);
  column.jsons.push(json);
  column.samples.push(sample);
  return column.texts.length;
}

/** The code the index gave this answer, found in its order. */
function sortedCode(column: AnswerColumn, text: string | null): number | undefined {
  // Code 1 of a column that collapses singles stands for them, and has no text.
  let low = column.collapsesSingles ? 2 : 1;
  let high = column.sortedEnd - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const order = compareAnswers(column.texts[middle - 1]!, text);
    if (order === 0) return middle;
    if (order < 0) low = middle + 1;
    else high = middle - 1;
  }
  return undefined;
}

/** As the index orders answers (`value_text` is NOCASE): none first, then text. */
export function compareAnswers(a: string | null, b: string | null): number {
  return compareValues(a, b, true);
}

function sameAnswer(a: string | null, b: string | null): boolean {
  if (a === null || b === null) return a === b;
  return a === b || (a.length === b.length && asciiFold(a) === asciiFold(b));
}

const foldedOf = (text: string | null) => (text === null ? null : asciiFold(text));

/** An array with room for `count` items, its items kept, the new ones `fill`. */
function grown<T extends Float64Array | Int32Array | Uint8Array>(
  array: T,
  count: number,
  fill = 0,
): T {
  if (array.length >= count) return array;
  const next = new (array.constructor as new (length: number) => T)(
    Math.max(count, Math.ceil(array.length * 1.5)),
  );
  next.set(array);
  if (fill !== 0) next.fill(fill, array.length);
  return next;
}
