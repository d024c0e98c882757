import type Database from 'better-sqlite3';
import { type SubmissionStatus } from '../../shared/api/endpoints';
import { type Submission } from '../../shared/api/submission';
import { AnswerCounter } from './answerCounter';
import { type PackedRows, packedRows } from './packedRows';
import { type RowGroup, SearchGroups } from './searchGroups';
import { suffixEntry } from './searchSuffixes';
import { type AnswerValue, type SubmissionRow } from './submissionRow';
import { withSetting } from './transactionSetting';
import { withUndoInMemory } from './undoInMemory';

export interface UpsertCounts {
  inserted: number;
  updated: number;
  unchanged: number;
}

export interface UpsertOptions {
  seenPass?: number;
  keepPreviewFlag?: boolean;
  leaveSeen?: boolean;
}

export interface SweptRow {
  submissionId: string;
  isPreview: boolean;
}

interface SearchText {
  rowid: number;
  text: string;
  /** The row had text already. */
  replaces: boolean;
  group: RowGroup;
}

/**
 * Rows whose search text a removal of many rows takes in one statement: each statement leaves the
 * index one segment, and keeps the pages it changes in memory until it ends (`undoInMemory.ts`).
 */
const SEARCH_CLEARED_AT_ONCE = 500;

/**
 * Rows a removal of many rows takes in one statement, after their search text: a few dozen pages
 * each to keep in memory until it ends, where a statement a row spent a third of the removal on
 * the statements themselves.
 */
const ROWS_REMOVED_AT_ONCE = 20;

/** A row's entries in the indexes by value, whose order is not the rows'. */
interface IndexedValues {
  formId: string;
  answers: readonly AnswerValue[];
  phoneEndings: readonly string[];
}

/** An answer waiting for its place among its question's, by text as the index orders it. */
interface HeldAnswer {
  rowid: number;
  formId: string;
  answer: AnswerValue;
  /** The text in lower case, as `COLLATE NOCASE` compares it (near enough to find its page). */
  order: string;
}

/** What a store writes as its transaction ends, rather than row by row. */
interface Held {
  search: SearchText[];
  /** By the rowid of each row stored. */
  values: Map<number, IndexedValues>;
}

export interface CachedSubmission {
  submission: Submission;
  status: SubmissionStatus;
  isPreview: boolean;
  syncedAt: string;
}

/**
 * Writes and point reads of cached submissions. Rows are upserted in place (never `INSERT OR
 * REPLACE`, which would delete and re-add the row and lose its rowid), and their answers and search
 * text are rewritten only when the submission itself changed.
 */
export class SubmissionStore {
  private readonly find;
  private readonly upsertRow;
  private readonly touch;
  private readonly clearAnswers;
  private readonly insertAnswer;
  private readonly findField;
  private readonly addField;
  private readonly clearPhones;
  private readonly insertPhone;
  private readonly clearSearch;
  private readonly clearSearchOf;
  private readonly insertSearch;
  private readonly clearSuffixes;
  private readonly insertSuffixes;
  private readonly remove;
  private readonly rowidOf;
  private readonly unseen;
  private readonly removeSome;
  private readonly newest;
  private readonly seenStatement;
  private readonly countStatement;
  private readonly answerCounter;
  private readonly searchGroups;
  private readonly packed: PackedRows;
  /**
   * Answers and search text of rows stored inside `transaction`, written as it ends with their
   * answers' counts; null outside it.
   */
  private held: Held | null = null;

  constructor(private readonly db: Database.Database) {
    this.find = db.prepare<
      [string, string],
      {
        id: number;
        raw: Buffer;
        status: string;
        is_preview: number;
        synced_at: string;
        seen_pass: number;
      }
    >(
      `SELECT id, raw, status, is_preview, synced_at, seen_pass FROM submissions WHERE form_id = ? AND submission_id = ?`,
    );
    this.upsertRow = db.prepare<unknown[], { id: number }>(
      `INSERT INTO submissions (form_id, submission_id, status, is_preview, submission_time, last_updated_at,
         quiz_score, login_email, payment_amount, raw, synced_at, seen_pass)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (form_id, submission_id) DO UPDATE SET
         status = excluded.status, is_preview = excluded.is_preview,
         submission_time = excluded.submission_time, last_updated_at = excluded.last_updated_at,
         quiz_score = excluded.quiz_score, login_email = excluded.login_email,
         payment_amount = excluded.payment_amount, raw = excluded.raw, synced_at = excluded.synced_at,
         seen_pass = max(seen_pass, excluded.seen_pass)
       RETURNING id`,
    );
    this.touch = db.prepare(
      `UPDATE submissions SET synced_at = ?, seen_pass = max(seen_pass, ?) WHERE id = ?`,
    );
    this.clearAnswers = db.prepare(`DELETE FROM answers WHERE submission_rowid = ?`);
    this.insertAnswer = db.prepare(
      `INSERT INTO answers (submission_rowid, field, value_text, value_num, value_json) VALUES (?, ?, ?, ?, ?)`,
    );
    this.findField = db
      .prepare<[string, string], number>(
        `SELECT id FROM fields WHERE form_id = ? AND field_key = ?`,
      )
      .pluck();
    this.addField = db
      .prepare<[string, string], number>(
        `INSERT INTO fields (form_id, field_key) VALUES (?, ?) RETURNING id`,
      )
      .pluck();
    this.clearPhones = db.prepare(`DELETE FROM phone_endings WHERE submission_rowid = ?`);
    this.insertPhone = db.prepare(
      `INSERT INTO phone_endings (submission_rowid, digits_reversed) VALUES (?, ?)`,
    );
    this.clearSearch = db.prepare(`DELETE FROM submission_search WHERE rowid = ?`);
    this.clearSearchOf = db.prepare<[string]>(
      `DELETE FROM submission_search WHERE rowid IN (SELECT value FROM json_each(?))`,
    );
    this.insertSearch = db.prepare(`INSERT INTO submission_search (rowid, body) VALUES (?, ?)`);
    this.clearSuffixes = db.prepare(`DELETE FROM search_suffixes WHERE rowid = ?`);
    this.insertSuffixes = db.prepare(`INSERT INTO search_suffixes (rowid, body) VALUES (?, ?)`);
    this.remove = db.prepare<[string, string], { raw: Buffer }>(
      `DELETE FROM submissions WHERE form_id = ? AND submission_id = ? RETURNING raw`,
    );
    this.rowidOf = db
      .prepare<[string, string], number>(
        `SELECT id FROM submissions WHERE form_id = ? AND submission_id = ?`,
      )
      .pluck();
    this.unseen = db
      .prepare<[string, string, number], number>(
        `SELECT id FROM submissions WHERE form_id = ? AND status = ? AND seen_pass < ?`,
      )
      .pluck();
    this.removeSome = db.prepare<[string], { submission_id: string; is_preview: number }>(
      `DELETE FROM submissions WHERE id IN (SELECT value FROM json_each(?)) RETURNING submission_id, is_preview`,
    );
    this.seenStatement = db.prepare<[string, string, number], { n: number }>(
      `SELECT count(*) AS n FROM submissions WHERE form_id = ? AND status = ? AND seen_pass >= ?`,
    );
    this.newest = db.prepare<[string, string], { t: string | null }>(
      `SELECT max(submission_time) AS t FROM submissions WHERE form_id = ? AND status = ? AND is_preview = 0`,
    );
    this.answerCounter = new AnswerCounter(db);
    this.searchGroups = new SearchGroups(db);
    this.packed = packedRows(db);
    this.countStatement = db.prepare<[string, string], { n: number }>(
      `SELECT n FROM submission_counts WHERE form_id = ? AND status = ? AND is_preview = 0`,
    );
  }

  /**
   * Stores rows as the server sent them. `seenPass` marks them seen by a reconcile pass (rows never
   * lose a newer mark), so a sweep at the end of the pass keeps them. With `keepPreviewFlag` (a
   * listing that mixes in preview responses) rows already cached keep their flag and only new rows
   * take the one given. With `leaveSeen`, unchanged rows the pass `seenPass` has already seen are
   * not written again: a walk that continues the pull before it writes only what the pull did not
   * store.
   */
  upsert(
    formId: string,
    rows: readonly SubmissionRow[],
    syncedAt: string,
    { seenPass = 0, keepPreviewFlag = false, leaveSeen = false }: UpsertOptions = {},
  ): UpsertCounts {
    // The answers' counts are written after the rows, in the same transaction: the caller's, or
    // one of its own. Not a savepoint in the caller's: after one, FTS5 flushed at every statement
    // and storing a sync's rows took markedly longer.
    const store = () => {
      try {
        return this.store(formId, rows, syncedAt, { seenPass, keepPreviewFlag, leaveSeen });
      } catch (error) {
        // Counted rows that failed to store must not be counted by the next flush; inside
        // `transaction`, which rolls back, it forgets them all as it ends.
        if (!this.held) this.answerCounter.clear();
        throw error;
      }
    };
    return this.db.inTransaction ? store() : this.db.transaction(store)();
  }

  private store(
    formId: string,
    rows: readonly SubmissionRow[],
    syncedAt: string,
    { seenPass, keepPreviewFlag, leaveSeen }: Required<UpsertOptions>,
  ): UpsertCounts {
    const counts: UpsertCounts = { inserted: 0, updated: 0, unchanged: 0 };
    // Inside `transaction`, what it holds; a row met twice finds its values there.
    const held: Held = this.held ?? { search: [], values: new Map() };
    const pack = this.packed.packerFor(formId);
    for (const given of rows) {
      const existing = this.find.get(formId, given.submissionId);
      const row =
        existing && keepPreviewFlag ? { ...given, isPreview: existing.is_preview === 1 } : given;
      if (
        existing &&
        this.packed.text(existing.raw) === row.raw &&
        existing.status === row.status &&
        existing.is_preview === Number(row.isPreview)
      ) {
        if (!leaveSeen || existing.seen_pass < seenPass)
          this.touch.run(syncedAt, seenPass, existing.id);
        counts.unchanged++;
        continue;
      }
      if (existing) {
        // Its values held since it was stored earlier in the transaction (or in this call):
        // written now, as the counts' triggers read a row's answers from the table when its
        // status changes or they go.
        this.writeHeldValues(held, existing.id);
        this.answerCounter.flushIfCounted(existing.id);
      }
      const upserted = this.upsertRow.get(
        formId,
        row.submissionId,
        row.status,
        Number(row.isPreview),
        row.submissionTime,
        row.lastUpdatedAt,
        row.quizScore,
        row.loginEmail,
        row.paymentAmount,
        pack(row.raw),
        syncedAt,
        seenPass,
      );
      if (!upserted) throw new Error('upsert returned no row');
      if (existing) {
        this.clearAnswers.run(upserted.id);
        this.clearPhones.run(upserted.id);
        counts.updated++;
      } else {
        counts.inserted++;
      }
      held.values.set(upserted.id, {
        formId,
        answers: row.answers,
        phoneEndings: row.phoneEndings,
      });
      this.answerCounter.add(formId, upserted.id, row.status, row.isPreview, row.answers);
      held.search.push({
        rowid: upserted.id,
        text: row.searchText,
        replaces: existing !== undefined,
        group: { formId, status: row.status, preview: Number(row.isPreview) },
      });
    }
    // Inside `transaction`, all are written as it ends. A sync's pages stored a few at a time
    // in one transaction (`storeInTurns`) store sooner with the search text written once, their
    // answers' counts flushed once take a fraction of the writes they take flushed after each
    // few, and their answers and phone numbers written in the order of their indexes touch each
    // of their pages once.
    if (!this.held) this.writeAfterRows(held);
    return counts;
  }

  /**
   * The answers and phone numbers, the answers' counts, then the search text. The search text
   * last, after every other write of the rows: each statement that opens a savepoint (every upsert
   * does, the counts' too) makes FTS5 flush what it holds in memory as a new segment of the index.
   * Written row by row in between, a page left a segment per row to merge, and storing it cost
   * markedly more.
   */
  private writeAfterRows({ search, values }: Held): void {
    // A group met for the first time is written before either index, which flush what they hold
    // in memory at every other write.
    const groups = search.map(({ group }) => this.searchGroups.idOf(group));
    this.writeValues(values);
    this.answerCounter.flush();
    for (const { rowid, text, replaces } of search) {
      if (replaces) this.clearSearch.run(rowid);
      this.insertSearch.run(rowid, text);
    }
    // One index after the other, as the rest are written before both: interleaved, a write to one
    // may make the other write out what it holds as a segment of its own.
    search.forEach(({ rowid, text, replaces }, i) => {
      if (replaces) this.clearSuffixes.run(rowid);
      this.insertSuffixes.run(rowid, suffixEntry(text, groups[i]!));
    });
  }

  /**
   * The answers and phone numbers of rows, in the order of their indexes by value: respondents'
   * own words (a name, an e-mail, a comment) land all over them, and written row by row a store of
   * many rows dirtied more of their pages than SQLite's page cache holds, each written to the log
   * again every time it was dirtied anew.
   */
  private writeValues(values: ReadonlyMap<number, IndexedValues>): void {
    // By question first: each question's answers are a range of the index of their own.
    const byQuestion = new Map<string, HeldAnswer[]>();
    const phones: { rowid: number; ending: string }[] = [];
    for (const [rowid, { formId, answers, phoneEndings }] of values) {
      for (const answer of answers) {
        const key = `${formId}\n${answer.fieldKey}`;
        let question = byQuestion.get(key);
        if (!question) byQuestion.set(key, (question = []));
        question.push({ rowid, formId, answer, order: answer.text?.toLowerCase() ?? '' });
      }
      for (const ending of phoneEndings) phones.push({ rowid, ending });
    }
    for (const question of byQuestion.values()) {
      question.sort((x, y) => compare(x.order, y.order));
      const { formId, answer } = question[0]!;
      const field =
        this.findField.get(formId, answer.fieldKey) ?? this.addField.get(formId, answer.fieldKey)!;
      for (const { rowid, answer: a } of question)
        this.insertAnswer.run(rowid, field, a.text, a.num, a.json);
    }
    phones.sort((x, y) => compare(x.ending, y.ending));
    for (const { rowid, ending } of phones) this.insertPhone.run(rowid, ending);
  }

  /** Writes the answers and phone numbers `held` for row `rowid`, if any, now. */
  private writeHeldValues(held: Held, rowid: number): void {
    const values = held.values.get(rowid);
    if (!values) return;
    held.values.delete(rowid);
    this.writeValues(new Map([[rowid, values]]));
  }

  /**
   * Writes what is held for the end of `transaction` now: rows are about to go, and their answers'
   * counts with them (by triggers, which find the counts written).
   */
  private writeHeldNow(): void {
    if (!this.held) return;
    const held = this.held;
    this.held = { search: [], values: new Map() };
    this.writeAfterRows(held);
  }

  get(formId: string, submissionId: string): CachedSubmission | null {
    const row = this.find.get(formId, submissionId);
    if (!row) return null;
    return {
      submission: JSON.parse(this.packed.text(row.raw)) as Submission,
      status: row.status as SubmissionStatus,
      isPreview: row.is_preview === 1,
      syncedAt: row.synced_at,
    };
  }

  /**
   * Removes one row (its answers, phone numbers and search text go with it); answers what was
   * removed.
   */
  delete(formId: string, submissionId: string): Submission | null {
    this.writeHeldNow();
    const removed = this.remove.get(formId, submissionId);
    return removed ? (JSON.parse(this.packed.text(removed.raw)) as Submission) : null;
  }

  /** Removes the rows of a form and status that the reconcile pass `passId` did not see. */
  sweep(formId: string, status: SubmissionStatus, passId: number): SweptRow[] {
    this.writeHeldNow();
    return this.removeRows(this.unseen.all(formId, status, passId));
  }

  /** Removes the rows of `formId` with these submission ids, those the cache holds. */
  deleteMany(formId: string, submissionIds: readonly string[]): SweptRow[] {
    this.writeHeldNow();
    return this.removeRows(submissionIds.flatMap((id) => this.rowidOf.get(formId, id) ?? []));
  }

  /**
   * Removes rows a few a statement, their search text before them, a few hundred rows a statement.
   * Taken by each row's trigger in the row's own statement, each row's search text went as a
   * segment of the index of its own (`writeAfterRows`), and removing many rows of a large cache
   * took milliseconds a row to merge them.
   */
  private removeRows(rowids: readonly number[]): SweptRow[] {
    const remove = () => {
      for (const some of chunks(rowids, SEARCH_CLEARED_AT_ONCE))
        this.clearSearchOf.run(JSON.stringify(some));
      return chunks(rowids, ROWS_REMOVED_AT_ONCE).flatMap((some) =>
        this.removeSome
          .all(JSON.stringify(some))
          .map((row) => ({ submissionId: row.submission_id, isPreview: row.is_preview === 1 })),
      );
    };
    // Never a row left without its search text: the caller's transaction, or one of its own.
    return this.db.inTransaction ? remove() : this.db.transaction(remove)();
  }

  /** Rows of a form and status that the reconcile pass `passId` has seen so far (each once). */
  countSeen(formId: string, status: SubmissionStatus, passId: number): number {
    return this.seenStatement.get(formId, status, passId)?.n ?? 0;
  }

  /** The newest non-preview submission: how far the listing without previews is known. */
  newestSubmissionTime(formId: string, status: SubmissionStatus): string | null {
    return this.newest.get(formId, status)?.t ?? null;
  }

  /** Non-preview rows: what the service's default listing counts. */
  count(formId: string, status: SubmissionStatus): number {
    return this.countStatement.get(formId, status)?.n ?? 0;
  }

  /**
   * Runs `work` in one transaction whose commit does not wait for the disk (`synchronous = NORMAL`
   * in WAL mode). What this store holds can be fetched again: a power cut may take back the last
   * commits, the sync position stored with them included, so a sync resumes a little earlier; the
   * file stays consistent. The connection's own setting (FULL, which the import journal needs) is
   * back before anything else runs; inside an outer transaction that one decides. Every write
   * `work` makes is of one row or a few a statement, so its undo is kept in memory
   * (`undoInMemory.ts`), which spares a first sync most of what it would write to the disk. The
   * search text and the answers' counts of the rows `work` stores are written as it ends (`store`).
   */
  transaction<T>(work: () => T): T {
    const run = this.db.transaction(() => {
      if (this.held) return work();
      this.held = { search: [], values: new Map() };
      try {
        const result = work();
        this.writeHeldNow();
        return result;
      } finally {
        this.held = null;
        // Counted rows of a `work` that failed are rolled back with it.
        this.answerCounter.clear();
      }
    });
    return withSetting(this.db, 'synchronous', 'NORMAL', () =>
      withUndoInMemory(this.db, () => run.immediate()),
    );
  }
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** `items` in runs of `size`, in order. */
function chunks<T>(items: readonly T[], size: number): T[][] {
  return Array.from({ length: Math.ceil(items.length / size) }, (_, i) =>
    items.slice(i * size, (i + 1) * size),
  );
}
