import type Database from 'better-sqlite3';
import { FIELD_OF } from './answerField';
import {
  addCode,
  type AnswerColumn,
  ColumnRead,
  foldedOf,
  GIVEN_ONCE,
  sortedCode,
} from './columnRead';
import { type KeptCopy, KeptColumns } from './keptColumns';
import { patchRows, reshapeColumn, type RowsPatch } from './keptPatch';
import { sampledColumn } from './sampledColumn';

export { type AnswerColumn, compareAnswers, GIVEN_ONCE } from './columnRead';

/**
 * A form's answers held by column in memory, for summaries of narrowed views: per question one
 * code per row of the form (0: not answered), each code one answer as the index groups them
 * (by text, ASCII case aside), so a view's figures are counts over its rows' codes. Counting
 * codes is far quicker than grouping a view's answers in SQL, but reading the columns takes
 * seconds on a large form, so they are read ahead (`readAhead`), a chunk of rows or of one
 * question's index at a time.
 *
 * The columns follow the form by its change counters: rows added since they were read are
 * appended (a first sync adds a page at the service's pace), rows changed or removed are patched
 * as the form's rewrite log lists them (`keptPatch.ts`); a change the log no longer lists reads
 * them anew.
 */

const DAY_MS = 86_400_000;

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
  /**
   * What of the form its kept copy holds (`keptColumns.ts`): how many rows, how many were rewritten
   * since it was kept, which questions.
   */
  kept?: KeptCopy;
  /** The rewrites a copy was patched to, while its columns load (`keptPatch.ts`). */
  patch?: RowsPatch;
}

/**
 * A form's change counters (`form_changes`): its version, its version at its last rewrite, and
 * from which version its rewrites are logged (`form_rewrites`).
 */
export interface Changes {
  version: number;
  rewritten: number;
  loggedFrom: number;
}

export interface AnswerColumnsOptions {
  /**
   * A form rewritten past what a patch follows is read anew at most this often: while a sync
   * rewrites rows every few hundred milliseconds, its summaries group in SQL instead.
   */
  rebuildEveryMs?: number;
  now?: () => number;
  /** Rows, or entries of a question's index, a read-ahead step reads (`STEP_ENTRIES`). */
  stepEntries?: number;
  /** Forms of at least this many rows are kept beside the cache once read (`KEEP_FROM_ROWS`). */
  keepFromRows?: number;
  /** Rows a step of keeping a form's rows writes (`keptColumns.ts`). */
  keepPartRows?: number;
  /** Rows added while pages are stored that are appended to a copy at once (`APPEND_FROM_ROWS`). */
  appendFromRows?: number;
}

/** A form's rows, as the counts a sync keeps say. */
export const FORM_ROWS = 'SELECT coalesce(sum(n), 0) FROM submission_counts WHERE form_id = ?';

const REBUILD_EVERY_MS = 60_000;
/**
 * What a read-ahead step reads: a summary asked meanwhile waits for the step, so it holds about a
 * frame's worth of work on a slow machine; far fewer would spend the read in each step's own
 * transaction and checks.
 */
const STEP_ENTRIES = 8_192;
/**
 * What coding a row added since the columns were read costs, in index entries a step reads: each
 * of its free texts not seen before is sought in the index.
 */
const ENTRIES_PER_ROW_ADDED = 32;
/**
 * Bytes of the form's arrays a step grows for rows added: each grown is copied whole, and a
 * million rows' 32-bit array takes a frame's worth to copy on a slow machine.
 */
const GROW_BYTES = 4 * 2 ** 20;
/** Forms held at once: each holds a 32-bit code per row and question. */
const FORMS_HELD = 2;
/** Forms this large are slow to read from their indexes; a copy kept of them loads far quicker. */
const KEEP_FROM_ROWS = 50_000;
/**
 * A copy that rows were rewritten since is made anew once this many rows were also added: each is
 * appended when the copy is loaded, far slower a row than loading it. A copy with only rows added
 * since has them appended instead.
 */
const KEEP_AGAIN_ROWS = 5_000;
/**
 * Rows added to a large form while its pages are stored that are appended to its copy at once: a
 * reader that opens meanwhile codes at most this many as it loads the copy, and each append
 * writes one part per question.
 */
export const APPEND_FROM_ROWS = 1_000;
/** A kept copy is made anew once this many rows were rewritten since: each is patched as it loads. */
const KEEP_AGAIN_REWRITES = 250;

/** The form's rows: held whole, still being read a step at a time, or not now: it is being rewritten. */
type Rows = FormColumns | 'reading' | 'rewriting';

export class AnswerColumns {
  private readonly forms = new Map<string, FormColumns>();
  private readonly rebuildEveryMs: number;
  private readonly now: () => number;
  private readonly stepEntries: number;
  private readonly keepFromRows: number;
  private readonly appendFromRows: number;
  private readonly keptColumns: KeptColumns;
  private readonly statements = new Map<string, Database.Statement>();
  /** A form whose rows are being read a step at a time: not held until they all are. */
  private rowsRead: { formId: string; form: FormColumns } | null = null;
  /** A question being read a step at a time, for this form at this change counter. */
  private columnRead: { form: FormColumns; version: number; key: string; read: ColumnRead } | null =
    null;
  /**
   * Forms whose questions are made a step at a time, loaded from their kept copy or patched as
   * held (`patching`): those still to make, and how a step makes them (false: the rest are to be
   * read).
   */
  private readonly toMake = new WeakMap<
    FormColumns,
    { keys: string[]; make: (keys: readonly string[]) => boolean; patching: boolean }
  >();
  /** Forms whose added rows are being coded a step at a time: the last row coded. */
  private readonly appended = new WeakMap<FormColumns, number>();
  /**
   * A form being kept a step at a time, at this change counter: its rows kept so far, until its
   * copy is made of them, then the questions left.
   */
  private keeping: {
    form: FormColumns;
    version: number;
    count: number;
    rowsKept: number | 'made';
    keys: string[];
    codes: Map<string, number>;
  } | null = null;

  constructor(
    private readonly db: Database.Database,
    {
      rebuildEveryMs = REBUILD_EVERY_MS,
      now = Date.now,
      stepEntries = STEP_ENTRIES,
      keepFromRows = KEEP_FROM_ROWS,
      keepPartRows,
      appendFromRows = APPEND_FROM_ROWS,
    }: AnswerColumnsOptions = {},
  ) {
    this.rebuildEveryMs = rebuildEveryMs;
    this.now = now;
    this.stepEntries = stepEntries;
    this.keepFromRows = keepFromRows;
    this.appendFromRows = appendFromRows;
    // An in-memory cache (`db.name` ':memory:' or '') has no file to keep its columns beside.
    this.keptColumns = new KeptColumns(db.memory ? null : db.name, keepPartRows);
  }

  /**
   * The form's columns as the cache holds it now, for these questions (`singles`: those whose
   * answers given once are collapsed), or null while the form is being rewritten faster than it
   * is worth reading anew. What a read ahead left partly read is finished here. Call it inside a
   * transaction: the columns and the reads that follow must see one snapshot.
   */
  current(
    formId: string,
    keys: readonly string[],
    singles: ReadonlySet<string>,
  ): FormColumns | null {
    const form = this.rows(formId, true);
    if (typeof form === 'string') return null;
    for (const key of keys) {
      const collapses = singles.has(key);
      if (form.columns.get(key)?.collapsesSingles !== collapses)
        while (!this.readColumn(formId, form, key, collapses));
    }
    return form;
  }

  /**
   * One step of reading the form's columns before they are asked for: a chunk of its rows first,
   * then of one question's column, brought up to date first (in a transaction of the caller's, at
   * the snapshot it sees; rows added between steps are appended as they would be between
   * summaries, and a part read before the form changed is read anew).
   * Whether a step is left; none while the form is being rewritten faster than it is read anew.
   */
  readAhead(formId: string, keys: readonly string[], singles: ReadonlySet<string>): boolean {
    const held = this.forms.get(formId);
    const form = this.rows(formId, false);
    if (form === 'rewriting') return false;
    // The form's rows were read in this step (a part, or the last of them).
    if (form === 'reading' || form !== held) return true;
    const next = keys.find((key) => form.columns.get(key)?.collapsesSingles !== singles.has(key));
    if (next === undefined) return this.keepCopy(formId, form, keys);
    this.readColumn(formId, form, next, singles.has(next));
    return true;
  }

  /**
   * A step of keeping the form's columns beside the cache, once they are all read: the rows added
   * since its copy appended to it, or a new copy made a step at a time (a part of its rows, then
   * the copy made of them, then one question, then one part or question of the copy before let go
   * of), of the rows the form had as it began: rows added meanwhile are appended after. None for a
   * small form, or one kept with these questions and a few rows rewritten since. Whether a step is
   * left.
   */
  private keepCopy(formId: string, form: FormColumns, keys: readonly string[]): boolean {
    if (this.keeping?.form !== form) {
      this.keeping = null;
      const { kept } = form;
      if (form.count < this.keepFromRows) return false;
      const asKept =
        kept !== undefined &&
        kept.codes.size === keys.length &&
        keys.every((key) => kept.codes.has(key));
      if (asKept && kept.rewrites === 0) {
        if (form.count > kept.count) this.appendCopy(formId, form, kept);
        return false;
      }
      if (
        asKept &&
        kept.rewrites <= KEEP_AGAIN_REWRITES &&
        form.count - kept.count <= KEEP_AGAIN_ROWS
      )
        return false;
      this.keeping = {
        form,
        version: form.version,
        count: form.count,
        rowsKept: 0,
        keys: [...keys],
        codes: new Map(),
      };
    }
    const keeping = this.keeping;
    if (keeping.rowsKept !== 'made') {
      if (keeping.rowsKept < keeping.count) {
        this.keptColumns.keepPart(formId, form, keeping.version, keeping.rowsKept, keeping.count);
        keeping.rowsKept += this.keptColumns.partRows;
        if (keeping.rowsKept < keeping.count) return true;
      }
      // A copy whose parts were dropped meanwhile (rows removed) is made after the next sync.
      if (!this.keptColumns.keepRows(formId, keeping.version, keeping.count)) {
        this.keeping = null;
        return false;
      }
      keeping.rowsKept = 'made';
      return true;
    }
    const key = keeping.keys.pop();
    if (key !== undefined) {
      const { version, count } = keeping;
      keeping.codes.set(key, this.keptColumns.keepColumn(formId, form, version, count, key));
      return true;
    }
    if (this.keptColumns.dropReplaced(formId)) return true;
    this.keeping = null;
    const { version, count, codes } = keeping;
    form.kept = { generation: version, version, count, rewrites: 0, codes };
    return form.count > count;
  }

  /**
   * Appends the rows added since the form's copy was kept to it; a copy the file no longer holds
   * as the form says is made anew after.
   */
  private appendCopy(formId: string, form: FormColumns, kept: KeptCopy): void {
    if (!this.keptColumns.append(formId, form)) {
      form.kept = undefined;
      return;
    }
    const codes = new Map<string, number>();
    for (const key of kept.codes.keys()) codes.set(key, form.columns.get(key)!.samples.length);
    form.kept = { ...kept, version: form.version, count: form.count, codes };
  }

  /**
   * Whether the form's columns are to be kept beside the cache once read: it is large enough, and
   * has no copy that serves it, or one with rows added since and none rewritten (they are appended
   * to it; `storing`: while its pages are stored, once there are `appendFromRows`), or one short
   * of many rows rewritten since.
   */
  keepable(formId: string, storing = false): boolean {
    const fewestAdded = storing ? this.appendFromRows : 1;
    const rows = this.rowCount(formId);
    if (rows < this.keepFromRows) return false;
    const kept = this.keptColumns.rowsKept(formId, this.changes(formId));
    if (kept === null) return true;
    const rewrites = this.rewritesSince(formId, kept.version);
    if (rewrites === 0) return rows - kept.count >= fewestAdded;
    return rewrites > KEEP_AGAIN_REWRITES || rows - kept.count > KEEP_AGAIN_ROWS;
  }

  /** How many of the form's rows were rewritten since its change counter was `version`. */
  private rewritesSince(formId: string, version: number): number {
    return this.statement<[string, number], number>(
      'SELECT count(DISTINCT row) FROM form_rewrites WHERE form_id = ? AND version > ?',
    )
      .pluck()
      .get(formId, version)!;
  }

  /** Lets go of the form's columns held in memory; its kept copy stays. */
  letGo(formId: string): void {
    this.forms.delete(formId);
  }

  /**
   * Removes the form's kept copy if rows were removed since it was made, or changed past what its
   * patch can hold.
   */
  dropStaleCopy(formId: string): boolean {
    const removed = this.statement<[string, number], number>(
      'SELECT 1 FROM form_rewrites WHERE form_id = ? AND version > ? AND removed',
    ).pluck();
    return this.keptColumns.dropStale(
      formId,
      this.changes(formId),
      (version) => removed.get(formId, version) !== undefined,
    );
  }

  /** The form's columns if they hold the form as the cache holds it now, without reading; else null. */
  held(formId: string): FormColumns | null {
    const form = this.forms.get(formId);
    if (!form || this.toMake.has(form)) return null;
    return this.changes(formId).version === form.version ? form : null;
  }

  /** The index of a row of the form in its columns, or −1. */
  static indexOf(form: FormColumns, rowid: number): number {
    return (form.slots[rowid - form.firstRowid] ?? 0) - 1;
  }

  /**
   * The form's rows brought up to date: rows rewritten are patched, rows added appended; read
   * anew (`whole`, or a step of it) when none is held, or when the form was rewritten past what
   * a patch follows and the last read is old enough.
   */
  private rows(formId: string, whole: boolean): Rows {
    const changes = this.changes(formId);
    const form = this.forms.get(formId);
    // Rows changed or removed since (or counters gone back: the cache was rebuilt under them); a
    // copy patched holds the rewrites up to its patch.
    const rewritesHeld = form?.patch?.version ?? form?.version ?? 0;
    if (
      form &&
      (changes.rewritten > rewritesHeld || changes.version < form.version) &&
      !this.patchHeld(formId, form, changes)
    ) {
      if (this.now() - form.builtAt < this.rebuildEveryMs) return 'rewriting';
      this.forms.delete(formId);
    } else if (form) {
      if (this.toMake.has(form)) {
        this.makeColumns(form, whole);
        if (!whole) return 'reading';
      }
      return changes.version > form.version && !this.append(formId, form, changes, whole)
        ? 'reading'
        : form;
    }
    // A part read before the form changed is read anew; a large form's kept copy is loaded.
    if (this.rowsRead?.formId !== formId || this.rowsRead.form.version !== changes.version) {
      const rows = this.rowCount(formId);
      const kept =
        rows >= this.keepFromRows
          ? this.keptColumns.load(formId, changes, this.statement.bind(this), this.now(), rows)
          : null;
      if (kept) {
        this.hold(formId, kept);
        this.toMake.set(kept, {
          keys: [...kept.kept!.codes.keys()],
          make: (keys) =>
            this.keptColumns.loadColumns(formId, kept, keys, this.statement.bind(this)),
          patching: false,
        });
        // Read ahead, loading the copy's rows is a step; each of its questions is one after, then
        // the rows added since are coded, before the columns are the form's as it is now.
        return whole ? this.rows(formId, true) : 'reading';
      }
      this.rowsRead = { formId, form: emptyForm(changes.version, this.now(), rows) };
    }
    const read = this.rowsRead.form;
    do {
      if (this.addRows(read, formId, 0, this.stepEntries)) {
        this.rowsRead = null;
        this.hold(formId, read);
        return read;
      }
    } while (whole);
    return 'reading';
  }

  /**
   * Patches the form's columns held to the rows rewritten since they were read (`keptPatch.ts`),
   * for the rows added since to be appended after: a sync's edits or a delete cost a large form's
   * summaries a patch, not a read anew. A patch under way is taken over: the rows it changed are
   * patched again with those changed since, all against the rows as they are now. Whether they
   * were: not while they load from a copy or code rows added (what is left of that would be
   * coded against rows rewritten since), nor once the form's log let go of the rewrites since,
   * nor where the rows cannot be patched.
   */
  private patchHeld(formId: string, form: FormColumns, changes: Changes): boolean {
    const pending = this.toMake.get(form);
    if (
      changes.version < form.version ||
      changes.loggedFrom > form.version ||
      (pending !== undefined && !pending.patching) ||
      this.appended.has(form)
    )
      return false;
    // The questions the patch under way has yet to make are brought to its rows, the rows it
    // changed left uncoded for this patch to code.
    if (pending) {
      for (const key of pending.keys)
        reshapeColumn(form.columns.get(key)!, form.patch!, form, form.patch!.count);
      this.toMake.delete(form);
    }
    const prepare = this.statement.bind(this);
    const patch = patchRows(form, formId, form.version, changes.version, prepare);
    if (patch === null) return false;
    form.patch = patch;
    // Each question is patched in a step of its own when read ahead, as a copy's are loaded.
    this.toMake.set(form, {
      keys: [...form.columns.keys()],
      make: (keys) => {
        for (const key of keys)
          form.columns.set(key, sampledColumn(form.columns.get(key)!, key, form, formId, prepare));
        return true;
      },
      patching: true,
    });
    // A question or a copy that was being made of the rows as they were is begun anew.
    if (this.columnRead?.form === form) this.columnRead = null;
    if (this.keeping?.form === form) this.keeping = null;
    const kept = form.kept && this.keptColumns.rowsKept(formId, changes);
    form.kept =
      kept && kept.generation === form.kept!.generation
        ? { ...form.kept!, ...kept, rewrites: this.rewritesSince(formId, kept.version) }
        : undefined;
    return true;
  }

  /** Holds the form's columns, the least recently read form let go of when too many are. */
  private hold(formId: string, form: FormColumns): void {
    this.forms.delete(formId);
    for (const oldest of this.forms.keys()) {
      if (this.forms.size < FORMS_HELD) break;
      this.forms.delete(oldest);
    }
    this.forms.set(formId, form);
  }

  /**
   * Makes the form's questions still to make: one, or all of them (`whole`). A copy that can no
   * longer be read leaves the questions left to be read from the index.
   */
  private makeColumns(form: FormColumns, whole: boolean): void {
    const pending = this.toMake.get(form)!;
    const making = pending.keys.splice(0, whole ? pending.keys.length : 1);
    if (!pending.make(making)) pending.keys.length = 0;
    if (pending.keys.length === 0) this.toMake.delete(form);
  }

  /**
   * Rows added since the columns were read: their answers are coded as the column's others, all
   * of them (`whole`) or a step's worth, after the rows coded in the steps before. Read from the
   * rows on (CROSS JOIN), not from the form's questions, whose answers are every row's. Whether
   * every row is coded: the columns then hold the form at `changes`.
   */
  private append(formId: string, form: FormColumns, changes: Changes, whole: boolean): boolean {
    if (!this.appended.has(form) && !makeRoom(form, this.rowCount(formId), whole)) return false;
    const coded = this.appended.get(form) ?? (form.count > 0 ? form.rowids[form.count - 1]! : 0);
    while (!this.addRows(form, formId, coded, this.stepEntries));
    for (const column of form.columns.values()) column.codes = grown(column.codes, form.count);
    const from = coded === 0 ? 0 : AnswerColumns.indexOf(form, coded) + 1;
    const to = whole
      ? form.count
      : Math.min(form.count, from + Math.ceil(this.stepEntries / ENTRIES_PER_ROW_ADDED));
    const answers = this.statement<
      [number, number, string],
      [number, string, string | null, number | null, string | null]
    >(
      `SELECT a.submission_rowid, f.field_key, a.value_text, a.value_num, a.value_json
         FROM answers a CROSS JOIN fields f ON f.id = a.field
         WHERE a.submission_rowid > ? AND a.submission_rowid <= ? AND f.form_id = ?
         ORDER BY a.submission_rowid`,
    ).raw();
    const last = to > from ? form.rowids[to - 1]! : coded;
    for (const [rowid, key, text, num, json] of answers.iterate(coded, last, formId)) {
      const column = form.columns.get(key);
      const index = AnswerColumns.indexOf(form, rowid);
      // A question not read yet is read whole when it is first asked for.
      if (!column || index < 0) continue;
      column.codes[index] = this.codeOf(formId, key, form, column, rowid, text, num, json);
    }
    if (to < form.count) {
      this.appended.set(form, last);
      return false;
    }
    this.appended.delete(form);
    form.version = changes.version;
    form.patch = undefined;
    return true;
  }

  /**
   * Up to `limit` rows after those read, from indexes that hold what the columns need (the table
   * itself holds each submission's JSON, and reading it whole is slow on a large form); once they
   * are all read, the quiz scores and payments of the rows after `from`. Whether they all are.
   */
  private addRows(form: FormColumns, formId: string, from: number, limit: number): boolean {
    const after = form.count > 0 ? form.rowids[form.count - 1]! : from;
    const rows = this.statement<[number, string, number], [number, number, number, string]>(
      `SELECT id, status = 'finished', is_preview, submission_time
         FROM submissions INDEXED BY submissions_by_id WHERE id > ? AND form_id = ? ORDER BY id
         LIMIT ?`,
    )
      .raw()
      .all(after, formId, limit);
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
    if (rows.length === limit) return false;
    const scores = this.statement<[string, number], [number, number]>(
      `SELECT id, quiz_score FROM submissions INDEXED BY submissions_by_quiz
         WHERE form_id = ? AND status IN ('finished', 'in_progress') AND quiz_score IS NOT NULL
           AND id > ?`,
    ).raw();
    for (const [rowid, score] of scores.iterate(formId, from))
      form.quiz[AnswerColumns.indexOf(form, rowid)] = score;
    const paid = this.statement<[string, number], number>(
      `SELECT id FROM submissions INDEXED BY submissions_by_payment
         WHERE form_id = ? AND status IN ('finished', 'in_progress') AND payment_amount IS NOT NULL
           AND id > ?`,
    ).pluck();
    for (const rowid of paid.iterate(formId, from))
      form.paid[AnswerColumns.indexOf(form, rowid)] = 1;
    return true;
  }

  /**
   * A step of reading one question's column (`columnRead.ts`), the step a part read before left
   * off at if the form is as it was then; the column is held once whole. Whether it is.
   */
  private readColumn(
    formId: string,
    form: FormColumns,
    key: string,
    collapsesSingles: boolean,
  ): boolean {
    const last = this.columnRead;
    const going =
      last?.form === form &&
      last.version === form.version &&
      last.key === key &&
      last.read.column.collapsesSingles === collapsesSingles;
    const read = going
      ? last.read
      : new ColumnRead(
          this.statement.bind(this),
          formId,
          key,
          collapsesSingles,
          (rowid) => AnswerColumns.indexOf(form, rowid),
          form.rowids.length,
        );
    this.columnRead = { form, version: form.version, key, read };
    if (!read.step(this.stepEntries)) return false;
    this.columnRead = null;
    form.columns.set(key, read.column);
    // Read anew (a question's kind changed), it is no longer the one kept.
    form.kept?.codes.delete(key);
    return true;
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
    const folded = foldedOf(text);
    const held = column.added.get(folded);
    if (held !== undefined) return held;
    // A free text's column loaded from its copy would look up most of its texts to search them in
    // order: the index is sought instead, once a text.
    const searched = !column.collapsesSingles || column.lookUp === null;
    const found = searched ? sortedCode(column, text) : undefined;
    if (found !== undefined) {
      column.added.set(folded, found);
      return found;
    }
    if (column.collapsesSingles) return this.freeTextCode(formId, key, form, column, rowid, text);
    const code = addCode(column, text, num, json, rowid);
    column.added.set(folded, code);
    return code;
  }

  /**
   * The code of a free text a row added since gave, not found among the column's: that of the
   * first row that gave it before, sought in the index. A text given once before gets a code now,
   * for both rows, its text and sample the first row's, as a whole read would give them.
   */
  private freeTextCode(
    formId: string,
    key: string,
    form: FormColumns,
    column: AnswerColumn,
    rowid: number,
    text: string | null,
  ): number {
    const [first, firstText] =
      this.statement<[string, string, string | null, number], [number, string | null]>(
        `SELECT submission_rowid, value_text FROM answers INDEXED BY answers_by_text
           WHERE field = ${FIELD_OF} AND value_text IS ? AND submission_rowid < ?
           ORDER BY submission_rowid LIMIT 1`,
      )
        .raw()
        .get(formId, key, text, rowid) ?? [];
    const index = first === undefined ? -1 : AnswerColumns.indexOf(form, first);
    if (index < 0) return GIVEN_ONCE;
    if (column.codes[index] !== GIVEN_ONCE) {
      column.added.set(foldedOf(text), column.codes[index]!);
      return column.codes[index]!;
    }
    const code = addCode(column, firstText ?? null, null, null, first!);
    column.added.set(foldedOf(firstText ?? null), code);
    column.codes[index] = code;
    return code;
  }

  private changes(formId: string): Changes {
    return (
      this.statement<[string], Changes>(
        'SELECT version, rewritten, logged_from AS loggedFrom FROM form_changes WHERE form_id = ?',
      ).get(formId) ?? { version: 0, rewritten: 0, loggedFrom: 0 }
    );
  }

  /**
   * The form's rows: its arrays are made that large at once, as growing them over a large form's
   * read copied them again and again.
   */
  private rowCount(formId: string): number {
    return this.statement<[string], number>(FORM_ROWS).pluck().get(formId)!;
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

/**
 * A form's columns before any row is read: at this change counter, read from now on, with room
 * for `rows` rows.
 */
function emptyForm(version: number, builtAt: number, rows: number): FormColumns {
  return {
    count: 0,
    rowids: new Float64Array(rows),
    firstRowid: 0,
    slots: new Int32Array(rows),
    finished: new Uint8Array(rows),
    preview: new Uint8Array(rows),
    time: new Float64Array(rows),
    day: new Int32Array(rows),
    quiz: new Float64Array(rows).fill(Number.NaN),
    paid: new Uint8Array(rows),
    columns: new Map(),
    version,
    builtAt,
  };
}

/**
 * Gives the form's arrays room for `rows` rows: about `GROW_BYTES` of them (`whole`: all), at least
 * one array, as each grown is copied whole, slow on a large form. Whether they all have it.
 */
function makeRoom(form: FormColumns, rows: number, whole: boolean): boolean {
  let left = whole ? Number.POSITIVE_INFINITY : GROW_BYTES;
  let roomy = true;
  const grow = <T extends Float64Array | Int32Array | Uint8Array>(array: T, fill = 0): T => {
    if (array.length >= rows) return array;
    if (left <= 0) {
      roomy = false;
      return array;
    }
    left -= rows * array.BYTES_PER_ELEMENT;
    return grown(array, rows, fill);
  };
  form.rowids = grow(form.rowids);
  form.finished = grow(form.finished);
  form.preview = grow(form.preview);
  form.time = grow(form.time);
  form.day = grow(form.day);
  form.quiz = grow(form.quiz, Number.NaN);
  form.paid = grow(form.paid);
  for (const column of form.columns.values()) column.codes = grow(column.codes);
  return roomy;
}

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
