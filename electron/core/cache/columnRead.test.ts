import Database from 'better-sqlite3';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SubmissionFilter } from '../../shared/contract/submissions';
import { migrations } from '../operations/schema';
import { AnswerColumns, type AnswerColumnsOptions, type FormColumns } from './answerColumns';
import { FIELD_OF } from './answerField';
import {
  answerAt,
  type AnswerColumn,
  ENTRIES_WITH_TEXT,
  ENTRIES_WITHOUT_TEXT,
  GIVEN_ONCE,
  RUN_ROWS,
} from './columnRead';
import { migrate } from './migrate';
import { REWRITES_LOGGED } from './migrations/v51RewriteLog';
import { packSubmission } from './packedSubmission';
import { addCacheFunctions } from './cacheFunctions';
import { SubmissionSummaries } from './submissionSummary';

// Columns read a few index entries a step against the same columns read in one step, and both
// against the answers' groups as SQL makes them, on a real SQLite file with the cache's schema.

const FORM = 'f1';
const TEXT = 'txt'; // free text: answers given once collapse
const NUMBER = 'num';
const LIST = 'lst';
const QUESTIONS = [
  [TEXT, 'LongAnswer'],
  [NUMBER, 'NumberInput'],
  [LIST, 'Checkboxes'],
] as const;
const SINGLES = new Set([TEXT]);
const KEYS = QUESTIONS.map(([key]) => key);

interface Answer {
  text: string | null;
  num?: number;
  json?: string;
}

let dir: string;
let db: Database.Database;
let rows = 0;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'formdesk-columnRead-'));
  db = new Database(path.join(dir, 'cache.sqlite'));
  addCacheFunctions(db);
  migrate(db, migrations);
  rows = 0;
  QUESTIONS.forEach(([key, type], position) =>
    db
      .prepare(
        'INSERT INTO questions (form_id, question_id, name, type, position) VALUES (?, ?, ?, ?, ?)',
      )
      .run(FORM, key, key, type, position),
  );
  for (let i = 0; i < 240; i++) addRow(answersOf(i));
});

afterEach(() => {
  db.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/**
 * Row `i`'s answers: texts given once, twice and many times in mixed case, no text at all (an
 * answer with only a number), numbers and lists, some rows without an answer.
 */
function answersOf(i: number): Record<string, Answer> {
  const answers: Record<string, Answer> = {};
  const texts = ['Great', 'great', 'GREAT', `only ${i}`, 'Slow', 'slow', `pair ${i >> 1}`];
  if (i % 11 === 5) answers[TEXT] = { text: null, num: i };
  else if (i % 13 !== 0) answers[TEXT] = { text: texts[i % texts.length]! };
  if (i % 7 !== 3) answers[NUMBER] = { text: String(i % 9), num: i % 9 };
  if (i % 17 === 4) answers[NUMBER] = { text: null, json: '[]' };
  const lists = [['Price'], ['Price', 'Support'], ['price', 'support'], ['Speed']];
  if (i % 5 !== 2) {
    const list = lists[i % lists.length]!;
    answers[LIST] = { text: list.join(', '), json: JSON.stringify(list) };
  }
  return answers;
}

function addRow(answers: Record<string, Answer>): void {
  db.transaction(() => {
    rows++;
    const time = new Date(Date.UTC(2026, 0, 1) + rows * 3_600_000).toISOString();
    const { lastInsertRowid } = db
      .prepare(
        `INSERT INTO submissions (form_id, submission_id, status, submission_time, raw, synced_at)
         VALUES (?, ?, 'finished', ?, ?, ?)`,
      )
      .run(FORM, `s${rows}`, time, packSubmission('{}'), time);
    setAnswers(Number(lastInsertRowid), answers);
  })();
}

function setAnswers(rowid: number, answers: Record<string, Answer>): void {
  db.prepare('DELETE FROM answers WHERE submission_rowid = ?').run(rowid);
  for (const [key, { text, num = null, json = null }] of Object.entries(answers)) {
    db.prepare(`INSERT OR IGNORE INTO fields (form_id, field_key) VALUES (?, ?)`).run(FORM, key);
    db.prepare(
      `INSERT INTO answers (submission_rowid, field, value_text, value_num, value_json)
       VALUES (?, ${FIELD_OF}, ?, ?, ?)`,
    ).run(rowid, FORM, key, text, num, json);
  }
}

/** A row changed upstream and stored again, as a sync stores it: its status and its answers. */
function changeRow(rowid: number, answers: Record<string, Answer>, status = 'finished'): void {
  db.transaction(() => {
    db.prepare('UPDATE submissions SET status = ?, raw = ? WHERE id = ?').run(
      status,
      packSubmission(JSON.stringify(answers)),
      rowid,
    );
    setAnswers(rowid, answers);
  })();
}

/** What a column holds, its codes for the form's rows only (the array has room for more). */
function contents(form: FormColumns, key: string) {
  const column: AnswerColumn = form.columns.get(key)!;
  return {
    codes: Array.from(column.codes.subarray(0, form.count)),
    texts: column.texts,
    nums: column.nums,
    jsons: column.jsons,
    samples: column.samples,
    sortedEnd: column.sortedEnd,
  };
}

/** The form's columns read ahead step by step, `stepEntries` rows or index entries a step. */
function readAhead(stepEntries: number): { form: FormColumns; steps: number } {
  const columns = new AnswerColumns(db, { stepEntries });
  let steps = 0;
  while (db.transaction(() => columns.readAhead(FORM, KEYS, SINGLES))()) steps++;
  return { form: columns.held(FORM)!, steps };
}

/** The form's columns read as a summary asks for them: whole. */
function readWhole(): FormColumns {
  const columns = new AnswerColumns(db);
  return db.transaction(() => columns.current(FORM, KEYS, SINGLES))()!;
}

/**
 * A column as the index groups its answers, worked out in SQL: each group in the index's order
 * one code, its first row in that order its sample; a free text given once has code 1.
 */
function grouped(form: FormColumns, key: string) {
  const groups = db
    .prepare<[string, string], { text: string | null; rowids: string; n: number }>(
      `SELECT value_text AS text, group_concat(submission_rowid) AS rowids, count(*) AS n
         FROM answers INDEXED BY answers_by_text WHERE field = ${FIELD_OF}
         GROUP BY value_text ORDER BY value_text`,
    )
    .all(FORM, key);
  const collapses = SINGLES.has(key);
  const codes = new Array<number>(form.count).fill(0);
  const texts: (string | null)[] = collapses ? [null] : [];
  const samples: number[] = collapses ? [-1] : [];
  for (const group of groups) {
    const ids = group.rowids.split(',').map(Number);
    if (!(collapses && group.n === 1)) {
      texts.push(group.text);
      samples.push(ids[0]!);
    }
    const code = collapses && group.n === 1 ? 1 : texts.length;
    for (const id of ids) codes[AnswerColumns.indexOf(form, id)] = code;
  }
  return { codes, texts, samples, sortedEnd: texts.length + 1 };
}

describe('a column read a few index entries a step', () => {
  it('comes out as the column read whole, and as the index groups its answers', () => {
    const whole = readWhole();
    for (const stepEntries of [1, 2, 3, 7, 50]) {
      const { form, steps } = readAhead(stepEntries);
      expect(form.count).toBe(240);
      for (const key of KEYS) {
        expect(contents(form, key), `${key}, ${stepEntries} a step`).toEqual(contents(whole, key));
        expect(contents(form, key)).toMatchObject(grouped(form, key));
      }
      // Every step read at most its share: the rows, then each question's entries.
      const entries = db.prepare('SELECT count(*) FROM answers').pluck().get() as number;
      expect(steps).toBeGreaterThanOrEqual(Math.ceil((240 + entries) / stepEntries));
    }
    // Runs of one answer in mixed case are one code, its text the first row's in the index.
    const text = contents(whole, TEXT);
    expect(text.texts.filter((t) => t?.toLowerCase() === 'great')).toEqual(['great']);
    expect(text.texts).toContain(null);
    expect(text.codes.filter((code) => code === 1).length).toBeGreaterThan(20);
    const list = contents(whole, LIST);
    expect(list.jsons[list.texts.indexOf('Price, Support')]).toBe('["Price","Support"]');
    const number = contents(whole, NUMBER);
    expect(number.nums[number.texts.indexOf('4')]).toBe(4);
  });

  it('is read anew when a row is added between its steps, and still matches', () => {
    const columns = new AnswerColumns(db, { stepEntries: 5 });
    const step = () => db.transaction(() => columns.readAhead(FORM, KEYS, SINGLES))();
    // The rows, then part of the free text's column.
    for (let i = 0; i < 240 / 5 + 10; i++) expect(step()).toBe(true);
    expect(columns.held(FORM)!.columns.size).toBe(0);
    // An answer with no text, which comes before the part read in the index, and a text given
    // once so far that is now given twice.
    addRow({ [TEXT]: { text: null, num: 1 }, [NUMBER]: { text: '4', num: 4 } });
    addRow({ [TEXT]: { text: 'ONLY 3' } });
    let steps = 0;
    while (step()) steps++;
    // The part read was read again: every entry of each column, a step per five.
    const entries = db.prepare('SELECT count(*) FROM answers').pluck().get() as number;
    expect(steps).toBeGreaterThanOrEqual(Math.ceil(entries / 5));
    const form = columns.held(FORM)!;
    const whole = readWhole();
    expect(form.count).toBe(242);
    for (const key of KEYS) expect(contents(form, key), key).toEqual(contents(whole, key));
    expect(contents(form, TEXT).texts).toContain('only 3');
  });

  it('is finished by a summary asked meanwhile, which counts as after a whole read', () => {
    const whole = SubmissionFilter.parse({ formId: FORM });
    const view = SubmissionFilter.parse({
      formId: FORM,
      afterDate: new Date(Date.UTC(2026, 0, 11)).toISOString(),
    });
    const read = new SubmissionSummaries(db);
    read.summary(whole);
    while (read.readAhead());
    const expected = read.summary(view);
    // Asked after some steps: during the rows, then during each question's column.
    const { steps } = readAhead(4);
    for (let asked = 0; asked <= steps; asked += 9) {
      const summaries = new SubmissionSummaries(db, { stepEntries: 4 });
      summaries.summary(whole);
      for (let i = 0; i < asked; i++) expect(summaries.readAhead()).toBe(true);
      expect(summaries.summary(view), `after ${asked} steps`).toEqual(expected);
      expect(summaries.readAhead()).toBe(false);
    }
  });

  it('seeks its entries in the index, in its order: no scan, no sort', () => {
    for (const [sql, params] of [
      [ENTRIES_WITHOUT_TEXT, [FORM, TEXT, 0, 10]],
      [ENTRIES_WITH_TEXT, [FORM, TEXT, 'a', 0, 10]],
      [RUN_ROWS, [FORM, NUMBER, '4', 0, 10]],
    ] as const) {
      const plan = db
        .prepare(`EXPLAIN QUERY PLAN ${sql}`)
        .all(...params)
        .map((row) => (row as { detail: string }).detail);
      // The question's number is looked up once, then the index is sought with it.
      expect(plan).toEqual([
        expect.stringMatching(
          /^SEARCH answers USING COVERING INDEX answers_by_text \(field=\? AND /,
        ),
        expect.stringMatching(/^SCALAR SUBQUERY \d+$/),
        'SEARCH fields USING COVERING INDEX sqlite_autoindex_fields_1 (form_id=? AND field_key=?)',
      ]);
    }
  });
});

describe("a form's columns kept beside the cache", () => {
  const keptFile = () => path.join(dir, 'cache.sqlite-columns');

  /** Reads the form's columns ahead with a copy kept for forms of any size; the steps it took. */
  function readAndKeep(options: AnswerColumnsOptions = {}): number {
    const columns = new AnswerColumns(db, { keepFromRows: 1, ...options });
    let steps = 0;
    while (db.transaction(() => columns.readAhead(FORM, KEYS, SINGLES))()) steps++;
    return steps;
  }

  /**
   * The form's columns as a new reader of the cache file finds them, and whether it read any of
   * them from the index (a new reader prepares its statements anew).
   */
  function openAgain(): { form: FormColumns; readIndex: boolean; reader: Database.Database } {
    const reader = new Database(path.join(dir, 'cache.sqlite'), { readonly: true });
    addCacheFunctions(reader);
    const prepared: string[] = [];
    const prepare = reader.prepare.bind(reader);
    reader.prepare = ((sql: string) => {
      prepared.push(sql);
      return prepare(sql);
    }) as typeof reader.prepare;
    const columns = new AnswerColumns(reader, { keepFromRows: 1 });
    const form = reader.transaction(() => columns.current(FORM, KEYS, SINGLES))()!;
    for (const column of form.columns.values())
      for (let code = 1; code <= column.texts.length; code++) answerAt(column, code);
    const readIndex = prepared.some((sql) => sql === ENTRIES_WITH_TEXT);
    return { form, readIndex, reader };
  }

  /** Each row's answer as its code says: its text ASCII case aside, or that it was given once. */
  function answersBy(form: FormColumns, key: string): (string | null)[] {
    const column = form.columns.get(key)!;
    return Array.from(column.codes.subarray(0, form.count), (code) => {
      if (code === 0) return 'no answer';
      if (column.collapsesSingles && code === GIVEN_ONCE) return 'given once';
      return answerAt(column, code).text?.toLowerCase() ?? null;
    });
  }

  it('are loaded by a new reader as they were read, from a private file with no answer in it', () => {
    // The rows, each question, then the copy: its rows and each question.
    expect(readAndKeep()).toBe(1 + KEYS.length + 1 + KEYS.length);
    const { form, readIndex, reader } = openAgain();
    expect(readIndex).toBe(false);
    const whole = readWhole();
    expect(form.count).toBe(240);
    expect(Array.from(form.rowids.subarray(0, 240))).toEqual(
      Array.from(whole.rowids.subarray(0, 240)),
    );
    for (const key of KEYS) expect(contents(form, key), key).toEqual(contents(whole, key));
    reader.close();
    expect(fs.statSync(keptFile()).mode & 0o777).toBe(0o600);
    const bytes = fs.readFileSync(keptFile()).toString('latin1').toLowerCase();
    for (const text of ['great', 'slow', 'price', 'support', 'only 3'])
      expect(bytes, text).not.toContain(text);
    // A reader after it loads the copy, its rows and then a question a step, and keeps nothing
    // more.
    expect(readAndKeep()).toBe(1 + KEYS.length);
  });

  it('are kept a part of their rows a step, and not loaded while a part is missing', () => {
    // The rows, each question, then the copy: a part of its rows a step, then each question.
    expect(readAndKeep({ keepPartRows: 50 })).toBe(1 + KEYS.length + 5 + KEYS.length);
    const { form, readIndex, reader } = openAgain();
    expect(readIndex).toBe(false);
    expect(rowsBy(form)).toEqual(rowsBy(readWhole()));
    reader.close();
    const kept = new Database(keptFile());
    expect(kept.prepare('DELETE FROM kept_parts WHERE first = 100').run().changes).toBe(1);
    kept.close();
    const again = openAgain();
    expect(again.readIndex).toBe(true);
    expect(rowsBy(again.form)).toEqual(rowsBy(readWhole()));
    again.reader.close();
  });

  it('count rows added since, appended as to columns held', () => {
    readAndKeep();
    addRow({ [TEXT]: { text: 'ONLY 3' }, [NUMBER]: { text: '12', num: 12 } });
    addRow({ [TEXT]: { text: 'a new answer' }, [LIST]: { text: 'Speed', json: '["Speed"]' } });
    addRow({ [TEXT]: { text: null, num: 3 } });
    const { form, readIndex, reader } = openAgain();
    expect(readIndex).toBe(false);
    const whole = readWhole();
    expect(form.count).toBe(243);
    for (const key of KEYS) expect(answersBy(form, key), key).toEqual(answersBy(whole, key));
    expect(answersBy(form, TEXT).slice(-3)).toEqual(['only 3', 'given once', null]);
    reader.close();
  });

  it('have rows added since appended to their copy, a part a round, as a read anew gives them', () => {
    readAndKeep();
    const appendSql = (sql: string) => sql.includes('CROSS JOIN fields');
    const parts = () => {
      const kept = new Database(keptFile(), { readonly: true });
      try {
        return kept
          .prepare('SELECT key, count(*) AS n FROM kept_codes GROUP BY key ORDER BY key')
          .all();
      } finally {
        kept.close();
      }
    };
    for (let round = 1; round <= 3; round++) {
      // Texts given once in the copy given again (a row before recoded), new ones, none at all.
      addRow({ [TEXT]: { text: `only ${10 * round + 3}` }, [NUMBER]: { text: '12', num: 12 } });
      addRow({ [TEXT]: { text: `new ${round}` }, [LIST]: { text: 'Speed', json: '["Speed"]' } });
      addRow({ [TEXT]: { text: `pair ${40 + round}` } });
      addRow({ [TEXT]: { text: null, num: round } });
      // Loaded (its rows, then a question a step), then appended in the step that finds it whole.
      expect(readAndKeep()).toBe(1 + KEYS.length);
      expect(parts()).toEqual([...KEYS].sort().map((key) => ({ key, n: round + 1 })));
      const reader = new Database(path.join(dir, 'cache.sqlite'), { readonly: true });
      addCacheFunctions(reader);
      const prepared = vi.spyOn(reader, 'prepare');
      const form = reader.transaction(() =>
        new AnswerColumns(reader, { keepFromRows: 1 }).current(FORM, KEYS, SINGLES),
      )()!;
      // The copy holds every row: none is read from the index or coded again.
      expect(
        prepared.mock.calls.filter(([sql]) => appendSql(sql) || sql === ENTRIES_WITH_TEXT),
      ).toEqual([]);
      const whole = readWhole();
      expect(form.count).toBe(240 + 4 * round);
      for (const key of KEYS) expect(answersBy(form, key), key).toEqual(answersBy(whole, key));
      reader.close();
    }
  });

  it('code rows added since a few a step when read ahead, and whole when a summary asks', () => {
    readAndKeep();
    for (let i = 240; i < 245; i++) addRow(answersOf(i));
    const whole = readWhole();
    const reader = new Database(path.join(dir, 'cache.sqlite'), { readonly: true });
    addCacheFunctions(reader);
    // The copy's rows are loaded in a step, then each question in one; a row added is coded as 32
    // index entries read, one a step here.
    const options = { keepFromRows: 1, stepEntries: 32 };
    const step = (columns: AnswerColumns) =>
      reader.transaction(() => columns.readAhead(FORM, KEYS, SINGLES))();
    const stepped = new AnswerColumns(reader, options);
    let steps = 1;
    while (step(stepped)) {
      // Not held as the form is until every row is coded.
      expect(stepped.held(FORM)).toBeNull();
      steps++;
    }
    expect(steps).toBe(1 + KEYS.length + 5);
    const asked = new AnswerColumns(reader, options);
    step(asked);
    step(asked);
    const finished = reader.transaction(() => asked.current(FORM, KEYS, SINGLES))()!;
    for (const form of [stepped.held(FORM)!, finished]) {
      expect(form.count).toBe(245);
      for (const key of KEYS) expect(answersBy(form, key), key).toEqual(answersBy(whole, key));
    }
    reader.close();
  });

  it('are read from the cache when their file is damaged while they load', () => {
    readAndKeep();
    const reader = new Database(path.join(dir, 'cache.sqlite'), { readonly: true });
    addCacheFunctions(reader);
    const columns = new AnswerColumns(reader, { keepFromRows: 1 });
    const step = () => reader.transaction(() => columns.readAhead(FORM, KEYS, SINGLES))();
    // The copy's rows and its first question, then the file is overwritten.
    step();
    step();
    fs.writeFileSync(keptFile(), Buffer.alloc(8192, 7));
    while (step());
    const whole = readWhole();
    const form = columns.held(FORM)!;
    for (const key of KEYS) expect(answersBy(form, key), key).toEqual(answersBy(whole, key));
    reader.close();
    // Read from the index, the columns were kept anew.
    expect(openAgain().readIndex).toBe(false);
  });

  /** Each row's answer as its code gives it, case and all, and its status and time. */
  function rowsBy(form: FormColumns) {
    const answers = KEYS.map((key) => {
      const column = form.columns.get(key)!;
      return Array.from(column.codes.subarray(0, form.count), (code) => {
        if (code === 0) return 'no answer';
        if (column.collapsesSingles && code === GIVEN_ONCE) return 'given once';
        const { text, num, json } = answerAt(column, code);
        return column.collapsesSingles ? text : { text, num, json };
      });
    });
    const { count } = form;
    return {
      rowids: Array.from(form.rowids.subarray(0, count)),
      finished: Array.from(form.finished.subarray(0, count)),
      time: Array.from(form.time.subarray(0, count)),
      answers,
    };
  }

  it('are patched to rows changed or removed since they were kept, as a read anew gives them', () => {
    for (const rowid of [100, 101]) changeRow(rowid, { [TEXT]: { text: 'Two of us' } });
    readAndKeep();
    for (const rowid of [4, 5, 11, 12, 40])
      changeRow(rowid, { [TEXT]: { text: 'Changed' }, [NUMBER]: { text: '1', num: 1 } });
    // A text given once by two rows now, and one given by one row only now.
    changeRow(33, { [TEXT]: { text: 'ONLY 3' } }, 'in_progress');
    changeRow(100, { [LIST]: { text: 'Speed', json: '["Speed"]' } });
    // Answers first given, in another case, by a row before the one that gave them so far.
    changeRow(1, {
      [TEXT]: { text: 'SLOW' },
      [LIST]: { text: 'PRICE, SUPPORT', json: '["PRICE","SUPPORT"]' },
    });
    // An answer first given by a row changed, then by a row added.
    changeRow(60, { [LIST]: { text: 'Delivery', json: '["Delivery"]' } });
    db.prepare(`DELETE FROM submissions WHERE submission_id = 's7'`).run();
    addRow({ [LIST]: { text: 'delivery', json: '["delivery"]' } });
    const { form, readIndex, reader } = openAgain();
    expect(readIndex).toBe(false);
    expect(form.count).toBe(240);
    expect(rowsBy(form)).toEqual(rowsBy(readWhole()));
    reader.close();
  });

  /**
   * A round of random edits: rows changed, some removed (those before `removableBelow()`), one
   * added. Few texts, in several cases, so that changes make and break pairs and move first rows.
   */
  function randomEdits(removableBelow: () => number): () => void {
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed % n;
    };
    const pick = <T>(items: readonly T[]) => items[random(items.length)]!;
    const randomAnswers = (): Record<string, Answer> => {
      const text = pick(['Great', 'GREAT', 'slow', 'Pair one', 'pair ONE', 'Pair two', null]);
      const list = pick([['Price'], ['price', 'Support'], ['Speed'], ['SPEED']]);
      const n = random(4);
      return {
        [TEXT]: text === null ? { text: `only ${random(10_000)}` } : { text },
        [NUMBER]: { text: String(n), num: n },
        ...(random(4) > 0 && { [LIST]: { text: list.join(', '), json: JSON.stringify(list) } }),
      };
    };
    return () => {
      const present = db
        .prepare<[], number>('SELECT id FROM submissions ORDER BY id')
        .pluck()
        .all();
      for (let i = 0; i < 8; i++) {
        const rowid = present[random(present.length)]!;
        changeRow(rowid, randomAnswers(), random(3) === 0 ? 'in_progress' : 'finished');
      }
      for (let i = 0; i < 3; i++) {
        const rowid = present[random(present.length)]!;
        if (rowid < removableBelow()) db.prepare('DELETE FROM submissions WHERE id = ?').run(rowid);
      }
      addRow(answersOf(random(300)));
    };
  }

  /** The Summary of narrowed views, counted by `summaries` and in columns read anew. */
  function expectSummariesAsRead(summaries: SubmissionSummaries, round: number): void {
    for (const narrowed of [
      { afterDate: new Date(Date.UTC(2026, 0, 4)).toISOString() },
      { status: 'in_progress' },
    ]) {
      const filter = SubmissionFilter.parse({ formId: FORM, ...narrowed });
      const anew = new SubmissionSummaries(db, { keepFromRows: Number.POSITIVE_INFINITY });
      expect(summaries.summary(filter), `round ${round}`).toEqual(anew.summary(filter));
    }
  }

  it('are patched alike through rounds of random changes, removals and additions', () => {
    readAndKeep();
    let keptLast = rows;
    const edit = randomEdits(() => keptLast);
    for (let round = 0; round < 6; round++) {
      edit();
      const { form, readIndex, reader } = openAgain();
      expect(readIndex, `round ${round}`).toBe(false);
      expect(rowsBy(form), `round ${round}`).toEqual(rowsBy(readWhole()));
      expectSummariesAsRead(new SubmissionSummaries(reader, { keepFromRows: 1 }), round);
      reader.close();
      // Kept anew now and then, so the copy holds answers the changes made, for later ones to undo.
      if (round % 2 === 1) {
        fs.rmSync(keptFile());
        readAndKeep();
        keptLast = rows;
      }
    }
  });

  it.each([
    ['from the index', Number.POSITIVE_INFINITY],
    ['from a kept copy', 1],
  ])('held by a reader, read %s, are patched through rounds of random edits', (_, keepFromRows) => {
    if (keepFromRows === 1) readAndKeep();
    const reader = new Database(path.join(dir, 'cache.sqlite'), { readonly: true });
    addCacheFunctions(reader);
    // Its clock stands still: columns that could not be patched would not be read anew.
    const columns = new AnswerColumns(reader, { keepFromRows, now: () => 0 });
    const current = () => reader.transaction(() => columns.current(FORM, KEYS, SINGLES))();
    const step = () => reader.transaction(() => columns.readAhead(FORM, KEYS, SINGLES))();
    const summaries = new SubmissionSummaries(reader, { keepFromRows: Number.POSITIVE_INFINITY });
    const held = current()!;
    expectSummariesAsRead(summaries, -1);
    // Any row but the last may be removed: a row added since may take the last one's rowid.
    const edit = randomEdits(() => held.rowids[held.count - 1]!);
    for (let round = 0; round < 9; round++) {
      edit();
      // Now and then a step read ahead patches the rows and a question, and the summary the rest.
      if (round % 3 > 0) step();
      // Rows edited again while that patch is under way: it is taken over by the next.
      if (round % 3 === 2) edit();
      expect(current(), `round ${round}`).toBe(held);
      expect(rowsBy(held), `round ${round}`).toEqual(rowsBy(readWhole()));
      expectSummariesAsRead(summaries, round);
    }
    // The last row removed, the columns are read anew once the last read is old enough.
    db.prepare('DELETE FROM submissions WHERE id = ?').run(held.rowids[held.count - 1]);
    expect(current()).toBeNull();
    reader.close();
  });

  it('held are kept anew once their copy was removed for a row removed', () => {
    const columns = new AnswerColumns(db, { keepFromRows: 1 });
    const readAhead = () => {
      let steps = 0;
      while (db.transaction(() => columns.readAhead(FORM, KEYS, SINGLES))()) steps++;
      return steps;
    };
    // The rows, each question, then the copy: its rows and each question.
    expect(readAhead()).toBe(1 + KEYS.length + 1 + KEYS.length);
    const held = columns.held(FORM)!;
    db.prepare('DELETE FROM submissions WHERE id = 16').run();
    db.transaction(() => columns.dropStaleCopy(FORM))();
    // Patched a question a step (the rows with the first), then kept anew: the rows, then each
    // question.
    expect(readAhead()).toBe(KEYS.length + 1 + KEYS.length);
    expect(columns.held(FORM)).toBe(held);
    const { form, readIndex, reader } = openAgain();
    expect(readIndex).toBe(false);
    expect(rowsBy(form)).toEqual(rowsBy(readWhole()));
    reader.close();
  });

  it('are kept anew once many rows were rewritten since, not after a few', () => {
    for (let i = 240; i < 260; i++) addRow(answersOf(i));
    readAndKeep();
    const columns = new AnswerColumns(db, { keepFromRows: 1 });
    const keepable = () => db.transaction(() => columns.keepable(FORM))();
    for (let rowid = 1; rowid <= 10; rowid++) changeRow(rowid, answersOf(rowid + 1));
    expect(keepable()).toBe(false);
    // The copy patched is loaded (its rows, then a question a step), and nothing is kept.
    expect(readAndKeep()).toBe(1 + KEYS.length);
    // Rows changed again count once.
    for (let rowid = 1; rowid <= 250; rowid++) changeRow(rowid, answersOf(rowid + 2));
    expect(keepable()).toBe(false);
    changeRow(251, answersOf(7));
    expect(keepable()).toBe(true);
    // Loaded patched, then kept: its rows, then each question; then the copy before let go of,
    // small enough to go in one step.
    expect(readAndKeep()).toBe(2 * (1 + KEYS.length) + 1);
    expect(keepable()).toBe(false);
    // The file holds the new copy alone.
    const kept = new Database(keptFile(), { readonly: true });
    const [generation] = kept.prepare('SELECT generation FROM kept_rows').pluck().all();
    for (const [table, held] of [
      ['kept_parts', 1],
      ['kept_columns', KEYS.length],
      ['kept_codes', KEYS.length],
    ] as const)
      expect(kept.prepare(`SELECT generation FROM ${table}`).pluck().all(), table).toEqual(
        new Array(held).fill(generation),
      );
    kept.close();
    const { form, reader } = openAgain();
    expect(form.kept?.rewrites).toBe(0);
    expect(rowsBy(form)).toEqual(rowsBy(readWhole()));
    reader.close();
  });

  it('are read anew once their log let go of the rewrites since they were kept', () => {
    readAndKeep();
    const change = db.prepare('UPDATE submissions SET status = ? WHERE id = 9');
    db.transaction(() => {
      for (let i = 0; i <= REWRITES_LOGGED; i++)
        change.run(i % 2 === 0 ? 'in_progress' : 'finished');
    })();
    const logged = db.prepare('SELECT count(*) FROM form_rewrites').pluck().get() as number;
    expect(logged).toBeLessThan(REWRITES_LOGGED);
    const { form, readIndex, reader } = openAgain();
    expect(readIndex).toBe(true);
    expect(rowsBy(form)).toEqual(rowsBy(readWhole()));
    reader.close();
  });

  it('are removed from their file once a row is removed, and kept while rows only change', () => {
    readAndKeep();
    const columns = new AnswerColumns(db, { keepFromRows: 1 });
    const kept = () =>
      new Database(keptFile(), { readonly: true })
        .prepare('SELECT count(*) FROM kept_rows')
        .pluck()
        .get();
    changeRow(15, { [TEXT]: { text: 'Changed' } });
    columns.dropStaleCopy(FORM);
    expect(kept()).toBe(1);
    db.prepare('DELETE FROM submissions WHERE id = 16').run();
    columns.dropStaleCopy(FORM);
    expect(kept()).toBe(0);
  });

  it('are read anew when their last row was removed since they were kept', () => {
    readAndKeep();
    db.prepare('DELETE FROM submissions WHERE id = ?').run(rows);
    addRow(answersOf(3));
    const { form, readIndex, reader } = openAgain();
    expect(readIndex).toBe(true);
    expect(rowsBy(form)).toEqual(rowsBy(readWhole()));
    reader.close();
  });

  it('are read from the cache when their file is damaged, and kept anew', () => {
    readAndKeep();
    fs.writeFileSync(keptFile(), Buffer.alloc(8192, 7));
    const { form, readIndex, reader } = openAgain();
    expect(readIndex).toBe(true);
    for (const key of KEYS) expect(contents(form, key), key).toEqual(contents(readWhole(), key));
    reader.close();
    expect(fs.existsSync(keptFile())).toBe(false);
    readAndKeep();
    expect(openAgain().readIndex).toBe(false);
  });
});
