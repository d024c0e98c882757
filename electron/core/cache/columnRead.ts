import type Database from 'better-sqlite3';
import { FIELD_OF } from './answerField';
import { compareValues } from './orderMerge';
import { asciiFold, sameFolded } from './summaryFigures';

/** A free-text answer that only one row of the form gave: its text can never be among the most frequent. */
export const GIVEN_ONCE = 1;

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
  /**
   * Answers first seen after the column was read, and those found since, by folded text: a row
   * added since that gives one again finds it here (never a free text given once: a row may give
   * it again).
   */
  added: Map<string | null, number>;
  /**
   * For a column loaded from its kept copy, which holds no answers (`keptColumns.ts`): looks up
   * a code's answer from its sample row the first time it is asked for. Null when all are held.
   */
  lookUp: ((code: number) => void) | null;
}

/** What a code of a column stands for: one answer, and one row that gave it. */
export interface CodeAnswer {
  text: string | null;
  num: number | null;
  json: string | null;
  sample: number;
}

/** The answer of a code, looked up first where the column was kept without it. */
export function answerAt(column: AnswerColumn, code: number): CodeAnswer {
  column.lookUp?.(code);
  const at = code - 1;
  return {
    text: column.texts[at]!,
    num: column.nums[at]!,
    json: column.jsons[at]!,
    sample: column.samples[at]!,
  };
}

/** Answers with no text after a row, in the index's order: they come first in it. */
export const ENTRIES_WITHOUT_TEXT = `SELECT submission_rowid, value_text FROM answers INDEXED BY answers_by_text
  WHERE field = ${FIELD_OF} AND value_text IS NULL AND submission_rowid > ?
  ORDER BY value_text, submission_rowid LIMIT ?`;

/**
 * Answers with text after an answer and row, in the index's order. No text is ever '' (empty
 * answers are not stored), so ('', 0) comes before every answer with text.
 */
export const ENTRIES_WITH_TEXT = `SELECT submission_rowid, value_text FROM answers INDEXED BY answers_by_text
  WHERE field = ${FIELD_OF} AND (value_text, submission_rowid) > (?, ?)
  ORDER BY value_text, submission_rowid LIMIT ?`;

/**
 * The rows of a run of one answer after a row, in the index's order: their rowids alone, where
 * reading its entries brings each one's text too, the larger part of reading a long run.
 */
export const RUN_ROWS = `SELECT submission_rowid FROM answers INDEXED BY answers_by_text
  WHERE field = ${FIELD_OF} AND value_text = ? AND submission_rowid > ?
  ORDER BY submission_rowid LIMIT ?`;

/**
 * Entries read at once, before looking whether they end in a long run of one answer: at most
 * half of what a step has left, so that the rest of such a run can be read in the same step.
 */
const ENTRY_CHUNK = 1_024;

/**
 * What looking up a row's number and list costs a step, in index entries read in order: it seeks
 * in the table, so a column of many values (dates, amounts) reads fewer of them a step.
 */
const LOOKUP_ENTRIES = 8;

/** How a column's readers prepare a statement: `AnswerColumns` keeps each one it prepares. */
export type Prepare = <P extends unknown[], R>(sql: string) => Database.Statement<P, R>;

/** The run of equal answers last read: its first row, and its code (0: a free text given once so far). */
interface Run {
  text: string | null;
  first: number;
  code: number;
  /** Its rows read so far. */
  rows: number;
}

/**
 * One question's column read from its index a chunk of entries at a time, each chunk after the
 * last entry read (the index's order: no text first, then by text ASCII case aside, then by row),
 * so a read-ahead step never holds a summary longer than a chunk takes. Equal answers come
 * together, each run of them one code; the run a chunk ends in is carried to the next chunk, so
 * the column comes out as one read of the whole index would make it. Every chunk must see the
 * form as the first one did (the caller starts over when the form changed).
 */
export class ColumnRead {
  readonly column: AnswerColumn;
  /** Whether the answers with no text are still being read; then those with text. */
  private noText = true;
  private afterText = '';
  private afterRowid = 0;
  private run: Run | null = null;

  constructor(
    private readonly prepare: Prepare,
    private readonly formId: string,
    private readonly key: string,
    collapsesSingles: boolean,
    /** A row's index in the form's columns, or −1 for a row added since they were read. */
    private readonly indexOf: (rowid: number) => number,
    rows: number,
  ) {
    this.column = {
      codes: new Int32Array(rows),
      texts: [],
      nums: [],
      jsons: [],
      samples: [],
      collapsesSingles,
      sortedEnd: 1,
      added: new Map(),
      lookUp: null,
    };
    if (collapsesSingles) addCode(this.column, null, null, null, -1);
  }

  /**
   * Reads on for `budget` entries (a value's first row looked up counts as `LOOKUP_ENTRIES` more),
   * stopping after any entry: the next step seeks from it. Whether the column is whole.
   */
  step(budget: number): boolean {
    let left = budget;
    while (left > 0) {
      const limit = Math.min(Math.ceil(left / 2), ENTRY_CHUNK);
      const entries = this.entries(limit);
      for (const [rowid, text] of entries) {
        left -= this.add(rowid, text);
        this.afterRowid = rowid;
        this.afterText = text ?? '';
        if (left <= 0) return false;
      }
      if (entries.length === limit) {
        // A choice most rows gave: the rest of its run is read as rowids alone.
        if (!this.noText && this.run!.rows >= limit / 2) left -= this.restOfRun(left);
        continue;
      }
      // Fewer than asked (each costs one at least): those with no text are all read, then all.
      if (!this.noText) {
        this.finish();
        return true;
      }
      this.noText = false;
      this.afterText = '';
      this.afterRowid = 0;
    }
    return false;
  }

  /** The next entries in the index's order, sought from the last one read. */
  private entries(limit: number): [number, string | null][] {
    if (this.noText)
      return this.prepare<[string, string, number, number], [number, null]>(ENTRIES_WITHOUT_TEXT)
        .raw()
        .all(this.formId, this.key, this.afterRowid, limit);
    return this.prepare<[string, string, string, number, number], [number, string]>(
      ENTRIES_WITH_TEXT,
    )
      .raw()
      .all(this.formId, this.key, this.afterText, this.afterRowid, limit);
  }

  /**
   * Up to `limit` more rows of the run the last entry read is in, as its entries would have
   * given them; how many.
   */
  private restOfRun(limit: number): number {
    const rowids = this.prepare<[string, string, string, number, number], number>(RUN_ROWS)
      .pluck()
      .all(this.formId, this.key, this.afterText, this.afterRowid, limit);
    for (const rowid of rowids) this.more(this.run!, rowid);
    this.afterRowid = rowids.at(-1) ?? this.afterRowid;
    return rowids.length;
  }

  /**
   * One entry: the next of its run, or the first of a new one; what it cost, in entries. A value's
   * run is coded as it starts, its number and list read from that row (asked of the run, they cost
   * a lookup of every row); a free text's only once a second row gives it.
   */
  private add(rowid: number, text: string | null): number {
    const run = this.run;
    if (run && sameAnswer(run.text, text)) {
      this.more(run, rowid);
      return 1;
    }
    this.closeRun();
    if (this.column.collapsesSingles) {
      this.run = { text, first: rowid, code: 0, rows: 1 };
      return 1;
    }
    const [num, json] = this.prepare<[number, string, string], [number | null, string | null]>(
      `SELECT value_num, value_json FROM answers WHERE submission_rowid = ? AND field = ${FIELD_OF}`,
    )
      .raw()
      .get(rowid, this.formId, this.key) ?? [null, null];
    this.run = {
      text,
      first: rowid,
      code: addCode(this.column, text, num, json, rowid),
      rows: 1,
    };
    this.code(rowid, this.run.code);
    return 1 + LOOKUP_ENTRIES;
  }

  /** A further row of the run: a free text is coded once a second row gives it. */
  private more(run: Run, rowid: number): void {
    run.rows++;
    if (run.code === 0) {
      run.code = addCode(this.column, run.text, null, null, run.first);
      this.code(run.first, run.code);
    }
    this.code(rowid, run.code);
  }

  /** A free text the run's one row gave is given once. */
  private closeRun(): void {
    if (this.run?.code === 0) this.code(this.run.first, GIVEN_ONCE);
  }

  private finish(): void {
    this.closeRun();
    this.run = null;
    this.column.sortedEnd = this.column.texts.length + 1;
  }

  private code(rowid: number, code: number): void {
    const index = this.indexOf(rowid);
    if (index >= 0) this.column.codes[index] = code;
  }
}

export function addCode(
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

/** Whether two answers are one as the index groups them (`value_text` is NOCASE: ASCII case aside). */
function sameAnswer(a: string | null, b: string | null): boolean {
  if (a === null || b === null) return a === b;
  return sameFolded(a, b);
}

/** The code the index gave this answer, found in its order. */
export function sortedCode(column: AnswerColumn, text: string | null): number | undefined {
  // Code 1 of a column that collapses singles stands for them, and has no text.
  let low = column.collapsesSingles ? 2 : 1;
  let high = column.sortedEnd - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const order = compareAnswers(answerAt(column, middle).text, text);
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

export const foldedOf = (text: string | null) => (text === null ? null : asciiFold(text));
