import fs from 'node:fs';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Submission } from '../../shared/api/submission';
import { type AnswerFilter, SubmissionFilter } from '../../shared/contract/submissions';
import { addCacheFunctions } from './cacheFunctions';
import { type CacheDb } from './openCache';
import { toSubmissionRow } from './submissionRow';
import { SubmissionQuery } from './submissionQuery';
import { SubmissionStore } from './submissionStore';
import { answerSet } from './viewConditions';
import { openTempCache, type TempCache } from '../operations/testing/tempCache';
import { unlinkedOpenFiles, unlinkedSince } from './testing/unlinkedFiles';

let cache: TempCache;
let db: CacheDb;
let store: SubmissionStore;
let query: SubmissionQuery;
beforeEach(() => {
  cache = openTempCache('store');
  db = cache.db;
  store = new SubmissionStore(db);
  query = new SubmissionQuery(db);
});
afterEach(() => cache.close());

function submission(
  id: string,
  minute: number,
  answers: Partial<Record<string, unknown>> = {},
): Submission {
  return {
    submissionId: id,
    submissionTime: new Date(Date.UTC(2026, 0, 1, 0, minute)).toISOString(),
    lastUpdatedAt: new Date(Date.UTC(2026, 0, 1, 0, minute)).toISOString(),
    questions: [
      { id: 'name', name: 'Name', type: 'ShortAnswer', value: answers.name ?? null },
      { id: 'age', name: 'Age', type: 'NumberInput', value: answers.age ?? null },
      { id: 'day', name: 'Day', type: 'DatePicker', value: answers.day ?? null },
      { id: 'tags', name: 'Tags', type: 'Checkboxes', value: answers.tags ?? [] },
    ],
  };
}

const put = (subs: Submission[], status: 'finished' | 'in_progress' = 'finished') =>
  store.transaction(() =>
    store.upsert(
      'f1',
      subs.map((s) => toSubmissionRow(s, status)),
      '2026-01-02T00:00:00.000Z',
    ),
  );

/** The full-text index's segments: their pages' rowids are the segment's id past 37 bits. */
const segments = () =>
  db
    .prepare(`SELECT count(DISTINCT id >> 37) AS n FROM submission_search_data WHERE id >= 1 << 37`)
    .get();

const ids = (input: Partial<SubmissionFilter>, offset = 0, limit = 100) =>
  query
    .window(SubmissionFilter.parse({ formId: 'f1', ...input }), offset, limit)
    .rows.map((r) => r.submissionId);

describe('SubmissionStore', () => {
  it('keeps unknown fields and question types unchanged through the cache', () => {
    const odd = {
      ...submission('s1', 1),
      questions: [
        {
          id: 'q9',
          name: 'Hologram',
          type: 'HologramPicker',
          value: { beam: [1, 'two', { three: null }] },
        },
      ],
      documents: [{ id: 'd1', name: 'Contract', url: 'https://example.test/d1' }],
      approvals: { state: 'pending', by: ['a@example.test'] },
    } as Submission;
    put([odd]);
    expect(store.get('f1', 's1')?.submission).toEqual(odd);
    expect(ids({ search: 'two' })).toEqual(['s1']);
  });

  it('never caches an edit link', () => {
    put([{ ...submission('s1', 1), editLink: 'https://example.test/edit/secret' }]);
    expect(store.get('f1', 's1')?.submission).not.toHaveProperty('editLink');
    expect(
      db
        .prepare(`SELECT count(*) AS n FROM submissions WHERE submission_json(raw) LIKE '%secret%'`)
        .get(),
    ).toEqual({ n: 0 });
  });

  it('counts inserts, edits and unchanged rows, and rewrites search text on edit', () => {
    expect(
      put([submission('s1', 1, { name: 'Alice' }), submission('s2', 2, { name: 'Bob' })]),
    ).toEqual({
      inserted: 2,
      updated: 0,
      unchanged: 0,
    });
    const edited = {
      ...submission('s1', 1, { name: 'Alicia Keys' }),
      lastUpdatedAt: '2026-02-01T00:00:00.000Z',
    };
    expect(put([edited, submission('s2', 2, { name: 'Bob' })])).toEqual({
      inserted: 0,
      updated: 1,
      unchanged: 1,
    });
    expect(ids({ search: 'keys' })).toEqual(['s1']);
    expect(ids({ search: 'alice' })).toEqual([]);
    expect(db.prepare('SELECT count(*) AS n FROM submission_search').get()).toEqual({ n: 2 });
  });

  it('writes the search text of a page of rows as one new segment of the full-text index', () => {
    // FTS5 writes what it holds in memory as a segment before each statement that opens a
    // savepoint. With automatic merging off, such segments stay apart (up to 16 on one level).
    db.exec(`INSERT INTO submission_search (submission_search, rank) VALUES ('automerge', 0)`);
    put(Array.from({ length: 40 }, (_, i) => submission(`s${i}`, i, { name: `Name ${i}` })));
    expect(segments()).toEqual({ n: 1 });
    // Edits replace the text of rows already there: one more segment, whatever their number.
    put(Array.from({ length: 40 }, (_, i) => submission(`s${i}`, i, { name: `Renamed ${i}` })));
    expect(segments()).toEqual({ n: 2 });
    expect(ids({ search: 'renamed 7' })).toEqual(['s7']);
    expect(ids({ search: 'name 7' })).toEqual([]);
  });

  it('writes the search text of a store of many pages as one segment, held until its end', () => {
    db.exec(`INSERT INTO submission_search (submission_search, rank) VALUES ('automerge', 0)`);
    // Words of their own in each row, as answers typed by people are: several MB of new entries.
    const words = (n: number) =>
      Array.from({ length: 40 }, (_, w) => ((n * 7919 + w * 104729) % 1_000_003).toString(36));
    const pages = Array.from({ length: 20 }, (_, page) =>
      Array.from({ length: 150 }, (_, i) => {
        const n = page * 150 + i;
        return toSubmissionRow(submission(`s${n}`, n, { name: words(n).join(' ') }), 'finished');
      }),
    );
    store.transaction(() => {
      for (const rows of pages) store.upsert('f1', rows, '2026-01-02T00:00:00.000Z');
    });
    expect(segments()).toEqual({ n: 1 });
    expect(ids({ search: words(2_999)[39] })).toEqual(['s2999']);
  });

  it('deletes rows by submission id with their answers and search text, naming those it held', () => {
    put([submission('a', 1, { name: 'Alice' }), submission('b', 2, { name: 'Bob' })]);
    put([submission('c', 3, { name: 'Carol' })]);
    const removed = store.transaction(() => store.deleteMany('f1', ['a', 'missing', 'c']));
    expect(removed).toEqual([
      { submissionId: 'a', isPreview: false },
      { submissionId: 'c', isPreview: false },
    ]);
    expect(ids({})).toEqual(['b']);
    expect(ids({ search: 'alice' })).toEqual([]);
    expect(ids({ search: 'bob' })).toEqual(['b']);
    expect(db.prepare('SELECT count(*) AS n FROM submission_search').get()).toEqual({ n: 1 });
    expect(db.prepare('SELECT count(*) AS n FROM answers').pluck().get()).toBeGreaterThan(0);
    expect(
      db
        .prepare(
          `SELECT count(*) FROM answers WHERE submission_rowid NOT IN (SELECT id FROM submissions)`,
        )
        .pluck()
        .get(),
    ).toBe(0);
  });

  it('sweeps many rows with their search text in a few segments of the full-text index', () => {
    db.exec(`INSERT INTO submission_search (submission_search, rank) VALUES ('automerge', 0)`);
    const rows = Array.from({ length: 1_200 }, (_, i) =>
      toSubmissionRow(submission(`s${i}`, i, { name: `Name${i} was here` }), 'finished'),
    );
    store.transaction(() => store.upsert('f1', rows, 't', { seenPass: 1 }));
    store.transaction(() => store.upsert('f1', rows.slice(900), 't', { seenPass: 2 }));
    expect(segments()).toEqual({ n: 1 });
    expect(store.transaction(() => store.sweep('f1', 'finished', 2))).toHaveLength(900);
    // A segment for each 500 rows swept, not one a row.
    expect(segments()).toEqual({ n: 3 });
    expect(ids({ search: 'name899 ' })).toEqual([]);
    expect(ids({ search: 'name900 ' })).toEqual(['s900']);
    expect(db.prepare('SELECT count(*) AS n FROM submission_search').get()).toEqual({ n: 300 });
    for (const index of ['submission_search', 'search_suffixes'])
      db.exec(`INSERT INTO ${index} (${index}) VALUES ('integrity-check')`);
  });

  it('leaves unchanged rows a pass has already seen as they are, and marks the others seen', () => {
    const rows = [submission('s1', 1), submission('s2', 2)].map((s) =>
      toSubmissionRow(s, 'finished'),
    );
    store.transaction(() => store.upsert('f1', rows.slice(0, 1), 'pulled', { seenPass: 3 }));
    store.transaction(() => store.upsert('f1', rows.slice(1), 'pulled', { seenPass: 2 }));
    const walked = store.transaction(() =>
      store.upsert('f1', rows, 'walked', { seenPass: 3, leaveSeen: true }),
    );
    expect(walked).toEqual({ inserted: 0, updated: 0, unchanged: 2 });
    expect(store.get('f1', 's1')?.syncedAt).toBe('pulled');
    expect(store.get('f1', 's2')?.syncedAt).toBe('walked');
    expect(store.countSeen('f1', 'finished', 3)).toBe(2);
  });

  it('commits without waiting for the disk, and gives the connection its own setting back', () => {
    let during: unknown;
    put([submission('s1', 1)]);
    store.transaction(() => (during = db.pragma('synchronous', { simple: true })));
    // 1 is NORMAL, 2 FULL: what the import journal writes keeps waiting for the disk.
    expect(during).toBe(1);
    expect(db.pragma('synchronous', { simple: true })).toBe(2);
    db.transaction(() =>
      store.transaction(() => (during = db.pragma('synchronous', { simple: true }))),
    )();
    expect(during).toBe(2);
  });

  const page = (from: number) =>
    Array.from({ length: 150 }, (_, i) =>
      toSubmissionRow(submission(`p${from + i}`, from + i, { name: `n${i}`, age: i }), 'finished'),
    );

  it.skipIf(process.platform !== 'linux')(
    "stores a page's rows without writing each statement's undo to a temporary file",
    () => {
      const before = unlinkedOpenFiles();
      let during: string[] = [];
      store.transaction(() => {
        store.upsert('f1', page(0), 't');
        during = unlinkedSince(before);
      });
      expect(during).toEqual([]);
      expect(db.pragma('temp_store', { simple: true })).toBe(0);
      // The same page in a plain transaction: each row's insert outgrows the undo kept in memory.
      db.transaction(() => {
        store.upsert('f1', page(150), 't');
        during = unlinkedSince(before);
      })();
      expect(during.length).toBeGreaterThan(0);
    },
  );

  it('keeps the preview flag of known rows when a listing mixes previews in', () => {
    put([submission('s1', 1)]);
    const rows = [submission('s1', 1), submission('p9', 2)].map((s) =>
      toSubmissionRow(s, 'finished', true),
    );
    store.transaction(() => store.upsert('f1', rows, 't', { keepPreviewFlag: true }));
    expect(store.get('f1', 's1')?.isPreview).toBe(false);
    expect(store.get('f1', 'p9')?.isPreview).toBe(true);
    expect(ids({})).toEqual(['s1']);
    expect(ids({ includePreview: true })).toEqual(['s1', 'p9']);
    expect(store.count('f1', 'finished')).toBe(1);
  });

  it('keeps the counts per status and preview flag true through every kind of write', () => {
    const counted = () =>
      db
        .prepare(
          `SELECT form_id, status, is_preview, count(*) AS n FROM submissions
           GROUP BY form_id, status, is_preview ORDER BY form_id, status, is_preview`,
        )
        .all();
    const kept = () =>
      db
        .prepare(
          `SELECT form_id, status, is_preview, n FROM submission_counts WHERE n > 0
           ORDER BY form_id, status, is_preview`,
        )
        .all();
    put([submission('a', 1), submission('b', 2), submission('c', 3)]);
    put([submission('d', 4)], 'in_progress');
    store.transaction(() =>
      store.upsert('f2', [toSubmissionRow(submission('a', 1), 'finished', true)], 't'),
    );
    expect(kept()).toEqual(counted());
    // A response that left the in-progress listing, a preview flag learnt, a delete, a sweep.
    put([submission('d', 4)], 'finished');
    store.transaction(() =>
      store.upsert('f1', [toSubmissionRow(submission('b', 2), 'finished', true)], 't'),
    );
    store.delete('f1', 'a');
    store.transaction(() => store.sweep('f2', 'finished', 1));
    expect(kept()).toEqual(counted());
    expect(query.counts(SubmissionFilter.parse({ formId: 'f1' }))).toEqual({
      finished: 2,
      in_progress: 0,
      preview: 1,
    });
    expect(store.count('f1', 'finished')).toBe(2);
  });

  it.runIf(fs.existsSync('/proc/self/io'))(
    "writes each page of the answers' index about once a store, however little of it the page cache holds",
    () => {
      // Respondents' own words (a name, an address, a comment) land all over the index by value.
      let seed = 1;
      const word = () => ((seed = (seed * 16_807) % 2_147_483_647) / 2_147_483_647).toString(36);
      const rows = Array.from({ length: 9_000 }, (_, i) =>
        toSubmissionRow(
          {
            submissionId: `s${i}`,
            submissionTime: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString(),
            questions: [
              { id: 'name', name: 'Name', type: 'ShortAnswer', value: word() },
              { id: 'email', name: 'E-mail', type: 'EmailInput', value: `${word()}@x.test` },
              { id: 'note', name: 'Note', type: 'LongAnswer', value: `${word()} ${word()}` },
            ],
          },
          'finished',
        ),
      );
      store.transaction(() => store.upsert('f1', rows.slice(0, 6_000), 't'));
      db.pragma('wal_checkpoint(TRUNCATE)');
      // A page cache of a fraction of the answers' index, as a large cache's is of the writer's.
      db.pragma('cache_size = 40');
      const written = () =>
        Number(/^wchar: (\d+)$/m.exec(fs.readFileSync('/proc/self/io', 'utf8'))![1]);
      const before = written();
      store.transaction(() => store.upsert('f1', rows.slice(6_000), 't'));
      const bytes = written() - before;
      const logged = fs.statSync(`${cache.file}-wal`).size;
      expect(
        db.prepare(`SELECT count(*) FROM dbstat WHERE name = 'answers_by_text'`).pluck().get(),
      ).toBeGreaterThan(40);
      // Each page the store changed is in the log once; written in rows' order, most of the
      // index's pages were written there again each time the cache had let them go.
      expect(bytes).toBeLessThan(2 * logged);
    },
  );

  it('removes answers and search text with the row', () => {
    put([submission('s1', 1, { name: 'Alice', age: 30 })]);
    expect(store.delete('f1', 's1')?.submissionId).toBe('s1');
    expect(db.prepare('SELECT count(*) AS n FROM answers').get()).toEqual({ n: 0 });
    expect(db.prepare('SELECT count(*) AS n FROM submission_search').get()).toEqual({ n: 0 });
    expect(store.delete('f1', 's1')).toBeNull();
  });

  it('sweeps only rows of the status that the pass did not see', () => {
    store.transaction(() => {
      store.upsert('f1', [toSubmissionRow(submission('a', 1), 'finished')], 't', { seenPass: 1 });
      store.upsert('f1', [toSubmissionRow(submission('b', 2), 'finished')], 't', { seenPass: 2 });
      store.upsert('f1', [toSubmissionRow(submission('c', 3), 'in_progress')], 't');
    });
    expect(store.sweep('f1', 'finished', 2)).toEqual([{ submissionId: 'a', isPreview: false }]);
    expect(ids({ status: 'all' })).toEqual(['b', 'c']);
  });
});

describe('SubmissionQuery', () => {
  beforeEach(() => {
    put([
      submission('s1', 1, { name: 'Alice', age: 30, day: '2026-03-01', tags: ['red', 'blue'] }),
      submission('s2', 2, { name: 'bob', age: 7, day: '2026-03-15', tags: ['blue'] }),
      submission('s3', 3, { name: 'Carol 50%', age: 41 }),
    ]);
    put([submission('p1', 4, { name: 'Dave' })], 'in_progress');
  });

  it('filters by status, dates and text like the list endpoint', () => {
    expect(ids({})).toEqual(['s1', 's2', 's3']);
    expect(ids({ sort: 'desc' })).toEqual(['s3', 's2', 's1']);
    expect(ids({ status: 'in_progress' })).toEqual(['p1']);
    expect(ids({ afterDate: '2026-01-01T00:01:00.000Z' })).toEqual(['s2', 's3']);
    expect(ids({ beforeDate: '2026-01-01T00:03:00.000Z' })).toEqual(['s1', 's2']);
    expect(ids({ search: 'BO' })).toEqual(['s2']);
    expect(ids({ search: '50%' })).toEqual(['s3']);
  });

  it('filters and sorts by question values of each type', () => {
    expect(ids({ answers: [{ key: 'name', op: 'contains', text: 'aro' }] })).toEqual(['s3']);
    expect(ids({ answers: [{ key: 'age', op: 'numberRange', min: 10 }] })).toEqual(['s1', 's3']);
    expect(
      ids({ answers: [{ key: 'day', op: 'dateRange', from: '2026-03-02', to: '2026-03-15' }] }),
    ).toEqual(['s2']);
    expect(ids({ answers: [{ key: 'tags', op: 'choiceIs', value: 'Blue' }] })).toEqual([
      's1',
      's2',
    ]);
    expect(ids({ answers: [{ key: 'day', op: 'isEmpty' }] })).toEqual(['s3']);
    expect(ids({ sortBy: { answer: 'age' } })).toEqual(['s2', 's1', 's3']);
    expect(ids({ sortBy: { answer: 'day' }, sort: 'desc' })).toEqual(['s2', 's1', 's3']);
    expect(ids({ sortBy: { answer: 'name' } })).toEqual(['s1', 's2', 's3']);
  });

  it('filters and sorts a file question by the names of its files, not their addresses', () => {
    const withFiles = (id: string, minute: number, type: string, value: unknown): Submission => ({
      ...submission(id, minute),
      questions: [{ id: 'doc', name: 'Document', type, value }],
    });
    put([
      withFiles('f1', 1, 'FileUpload', [
        { url: 'https://files.example/u/9f2a/zebra-report.pdf', filename: 'zebra-report.pdf' },
      ]),
      withFiles('f2', 2, 'FileUpload', [
        { url: 'https://files.example/u/0b1c/invoice.pdf', filename: 'invoice.pdf' },
        { url: 'https://files.example/u/77aa/receipt.png', filename: 'receipt.png' },
      ]),
      // A signature is sent as its whole image, the address being the data.
      withFiles('f3', 3, 'Signature', ['data:image/png;base64,aW52b2ljZQ==']),
    ]);
    const text = db
      .prepare(
        `SELECT value_text FROM answers a JOIN fields f ON f.id = a.field
                WHERE f.field_key = 'doc' ORDER BY a.submission_rowid`,
      )
      .pluck()
      .all();
    expect(text).toEqual(['zebra-report.pdf', 'invoice.pdf, receipt.png', 'image']);
    expect(ids({ answers: [{ key: 'doc', op: 'contains', text: 'invoice' }] })).toEqual(['f2']);
    // "files.example" is in every address and in no name.
    expect(ids({ answers: [{ key: 'doc', op: 'contains', text: 'files.example' }] })).toEqual([]);
    expect(ids({ sortBy: { answer: 'doc' } }).slice(0, 3)).toEqual(['f3', 'f2', 'f1']);
  });

  it('filters a choice by what was not chosen, and by any of several choices', () => {
    // Another question answered "alice" is no match for this one.
    expect(ids({ answers: [{ key: 'tags', op: 'choiceAnyOf', values: ['alice', 'x'] }] })).toEqual(
      [],
    );
    // "Is not" keeps the rows that did not answer.
    expect(ids({ answers: [{ key: 'tags', op: 'choiceIsNot', value: 'red' }] })).toEqual([
      's2',
      's3',
    ]);
    expect(
      ids({ answers: [{ key: 'name', op: 'choiceAnyOf', values: ['alice', 'Bob'] }] }),
    ).toEqual(['s1', 's2']);
    expect(
      ids({ answers: [{ key: 'tags', op: 'choiceAnyOf', values: ['Red', 'green'] }] }),
    ).toEqual(['s1']);
  });

  it('reads a choice through the text index and the index of lists, each row once', () => {
    const rows = (filter: AnswerFilter) => {
      const set = answerSet('f1', filter);
      const plan = db
        .prepare(`EXPLAIN QUERY PLAN ${set.sql}`)
        .all(...set.params)
        .map((step) => (step as { detail: string }).detail);
      // Never every answer to the question, one row at a time.
      expect(plan.filter((step) => /^SCAN answers|answers_by_num/.test(step))).toEqual([]);
      expect(plan.some((step) => step.includes('answers_by_text'))).toBe(true);
      expect(plan.some((step) => step.includes('answers_listed'))).toBe(true);
      return db
        .prepare(set.sql)
        .pluck()
        .all(...set.params);
    };
    // s2 answered a list of one, whose text is the choice itself: found by both parts, listed once.
    expect(rows({ key: 'tags', op: 'choiceIs', value: 'BLUE' })).toHaveLength(2);
    expect(rows({ key: 'tags', op: 'choiceAnyOf', values: ['red', 'blue'] })).toHaveLength(2);
    expect(rows({ key: 'name', op: 'choiceIs', value: 'bob' })).toHaveLength(1);
    expect(
      ids({
        answers: [
          { key: 'tags', op: 'choiceIs', value: 'blue' },
          { key: 'age', op: 'numberRange', max: 10 },
        ],
      }),
    ).toEqual(['s2']);
  });

  it('pages in windows with the total and counts per status', () => {
    const result = query.window(SubmissionFilter.parse({ formId: 'f1' }), 1, 1);
    expect(result.rows.map((r) => r.submissionId)).toEqual(['s2']);
    expect(result.total).toBe(3);
    expect(result.counts).toEqual({ finished: 3, in_progress: 1, preview: 0 });
    const searched = query.window(SubmissionFilter.parse({ formId: 'f1', search: 'a' }), 0, 10);
    expect(searched.rows.map((r) => r.submissionId)).toEqual(['s1', 's3']);
    expect(searched).toMatchObject({
      total: 2,
      counts: { finished: 2, in_progress: 1, preview: 0 },
    });
  });

  it('tells the total before filters narrow the view, with the previews of its own status only', () => {
    store.transaction(() =>
      store.upsert(
        'f1',
        [
          toSubmissionRow(submission('v1', 7, { name: 'Ava' }), 'finished', true),
          toSubmissionRow(submission('v2', 8, { name: 'Ada' }), 'in_progress', true),
        ],
        '2026-01-02T00:00:00.000Z',
      ),
    );
    const window = (input: Partial<SubmissionFilter>) =>
      query.window(SubmissionFilter.parse({ formId: 'f1', ...input }), 0, 10);
    expect(window({ search: 'a' })).toMatchObject({ total: 2, unnarrowed: 3 });
    expect(window({ search: 'a', includePreview: true })).toMatchObject({
      total: 3,
      unnarrowed: 4,
    });
    expect(
      window({
        status: 'in_progress',
        includePreview: true,
        afterDate: '2026-01-01T00:07:30.000Z',
      }),
    ).toMatchObject({
      total: 1,
      unnarrowed: 2,
    });
  });

  it('pages through a question sort with unanswered rows last, in both directions', () => {
    put([submission('s4', 5, { age: 30 }), submission('s5', 6)]);
    for (const sort of ['asc', 'desc'] as const) {
      const filter = SubmissionFilter.parse({ formId: 'f1', sortBy: { answer: 'age' }, sort });
      const everything = [...query.all(filter)].map((r) => r.submissionId);
      const windows = [0, 1, 2, 3, 4].flatMap((offset) =>
        query.window(filter, offset, 1).rows.map((r) => r.submissionId),
      );
      expect(windows).toEqual(everything);
      expect(query.window(filter, 2, 3).rows.map((r) => r.submissionId)).toEqual(
        everything.slice(2, 5),
      );
      expect(everything.at(-1)).toBe('s5');
    }
    expect(ids({ sortBy: { answer: 'age' } })).toEqual(['s2', 's1', 's4', 's3', 's5']);
  });

  it('sorts an answer to a number question that is no number with the unanswered rows', () => {
    put([submission('s4', 5, { age: 'n/a' }), submission('s5', 6)]);
    for (const sort of ['asc', 'desc'] as const) {
      const filter = SubmissionFilter.parse({ formId: 'f1', sortBy: { answer: 'age' }, sort });
      const sorted = [...query.all(filter)].map((r) => r.submissionId);
      expect(sorted.slice(-2)).toEqual(sort === 'asc' ? ['s4', 's5'] : ['s5', 's4']);
      // Past its first row, a window reads the view's whole order: the same.
      const deep = new SubmissionQuery(db, { prefixRows: 1 });
      expect(deep.window(filter, 0, 10).rows.map((r) => r.submissionId)).toEqual(sorted);
    }
  });

  it('reads the whole order of a question sort exactly as SQL sorts it', () => {
    const names = ['ann', 'Ann', 'bob', 'Émile', 'émile', 'zoe'];
    const ages: unknown[] = [3, 3, 7, -1, 0, 12.5, 'n/a', null];
    const rows = Array.from({ length: 60 }, (_, i) => ({
      status: i % 3 === 0 ? ('in_progress' as const) : ('finished' as const),
      isPreview: i % 7 === 0,
      // Repeated minutes: ties on the time fall back to the id.
      submission: submission(`r${String(i).padStart(2, '0')}`, (i * 17) % 23, {
        name: i % 5 === 0 ? null : names[i % names.length],
        age: ages[(i * 5) % ages.length],
        day: i % 4 === 0 ? null : `2026-0${1 + (i % 3)}-1${i % 2}`,
        tags: i % 6 === 0 ? [] : [names[(i + 1) % names.length]!],
      }),
    }));
    store.transaction(() => {
      for (const r of rows)
        store.upsert('f1', [toSubmissionRow(r.submission, r.status, r.isPreview)], 't');
    });
    // Past its first row, every window reads the view's whole order.
    const deep = new SubmissionQuery(db, { prefixRows: 1 });
    for (const answer of ['age', 'name', 'day', 'tags'])
      for (const sort of ['asc', 'desc'] as const)
        for (const extra of [
          {},
          { status: 'all' as const, includePreview: true },
          { search: 'mil' },
          { answers: [{ key: 'age', op: 'numberRange' as const, min: 0, max: 10 }] },
        ]) {
          const filter = SubmissionFilter.parse({
            formId: 'f1',
            sortBy: { answer },
            sort,
            ...extra,
          });
          const sorted = [...query.all(filter)].map((r) => r.submissionId);
          expect(sorted.length).toBeGreaterThan(1);
          expect(deep.window(filter, 0, 100).rows.map((r) => r.submissionId)).toEqual(sorted);
        }
  });

  it('keeps totals and counts true after every write', () => {
    const filter = SubmissionFilter.parse({ formId: 'f1' });
    expect(query.window(filter, 0, 10).total).toBe(3);
    put([submission('s9', 9)]);
    expect(query.window(filter, 0, 10)).toMatchObject({ total: 4, counts: { finished: 4 } });
    store.delete('f1', 's9');
    store.delete('f1', 's1');
    expect(query.window(filter, 0, 10)).toMatchObject({ total: 2, counts: { finished: 2 } });
  });

  it('streams every row while windows are read', () => {
    const filter = SubmissionFilter.parse({ formId: 'f1' });
    const streamed: string[] = [];
    for (const row of query.all(filter)) {
      streamed.push(row.submissionId);
      expect(query.window(filter, 0, 1).total).toBe(3);
      expect([...query.all(filter)]).toHaveLength(3);
    }
    expect(streamed).toEqual(['s1', 's2', 's3']);
  });

  it('answers the common queries from covering indexes, reading only the rows of the window', () => {
    const plan = (input: Partial<SubmissionFilter>) =>
      query.plan(SubmissionFilter.parse({ formId: 'f1', ...input }));
    const order = (input: Partial<SubmissionFilter>) => plan(input).order.join('\n');
    const valueSorts = (['quizScore', 'loginEmail', 'paymentAmount'] as const).flatMap((sortBy) =>
      (['asc', 'desc'] as const).flatMap((sort) =>
        (['finished', 'all'] as const).map((status) => ({ sortBy, sort, status })),
      ),
    );
    for (const input of [{}, { status: 'all' as const }, ...valueSorts, { search: 'alice' }]) {
      const { order: steps, count, rows } = plan(input);
      // Every row stepped over is a covering index entry, never a submission's JSON.
      expect(steps[0]).toMatch(/^SEARCH s USING COVERING INDEX /);
      expect([...steps, ...count].join('\n')).not.toMatch(/TEMP B-TREE|SCAN s\b|USING INDEX/);
      expect(rows.join('\n')).toMatch(/SEARCH s USING INTEGER PRIMARY KEY \(rowid=\?\)/);
    }
    expect(order({})).toMatch(/COVERING INDEX submissions_by_time \(form_id=\? AND status=\?\)/);
    expect(order({ sort: 'desc', afterDate: '2026-01-01' })).toMatch(
      /COVERING INDEX submissions_by_time .*submission_time>\?/,
    );
    expect(order({ status: 'all' })).toMatch(/COVERING INDEX submissions_by_form_time/);
    expect(order({ sortBy: 'lastUpdatedAt' })).toMatch(/COVERING INDEX submissions_by_updated/);
    // A sort by a value some rows lack: the rows that have it from its own index, the others in
    // time order.
    expect(order({ sortBy: 'paymentAmount', sort: 'desc' })).toMatch(
      /^SEARCH s USING COVERING INDEX submissions_by_payment \(form_id=\? AND payment_amount>\?\)\nSEARCH s USING COVERING INDEX submissions_by_time \(form_id=\? AND status=\?\)$/,
    );
    // A search reads the order without it, and its matches once from a full-text index: a word's
    // characters from the index of word endings, other text from the trigram index.
    expect(order({ search: 'alice' })).toMatch(
      /^SEARCH s USING COVERING INDEX submissions_by_time .*\nSCAN search_suffixes VIRTUAL TABLE INDEX 0:M1$/,
    );
    expect(order({ search: 'alice@' })).toMatch(
      /^SEARCH s USING COVERING INDEX submissions_by_time .*\nSCAN submission_search VIRTUAL TABLE INDEX 0:M1$/,
    );
    expect(plan({ search: 'alice' }).count.join('\n')).toMatch(
      /^SEARCH s USING COVERING INDEX \w+ \(form_id=\?\)$/,
    );
    // Answer filters, like a search: the order without them, and each one's rows read once from
    // an answers index; the counts from the form's rows.
    const rated = { answers: [{ key: 'age', op: 'numberRange' as const, min: 1, max: 5 }] };
    // Each answers index is sought with the question's number, looked up once.
    const field =
      '\nSCALAR SUBQUERY \\d+\nSEARCH fields USING COVERING INDEX sqlite_autoindex_fields_1 \\(form_id=\\? AND field_key=\\?\\)';
    expect(order(rated)).toMatch(
      new RegExp(
        `^SEARCH s USING COVERING INDEX submissions_by_time .*\nSEARCH answers USING COVERING INDEX answers_by_num \\(field=\\? AND value_num>\\? AND value_num<\\?\\)${field}$`,
      ),
    );
    expect(plan(rated).count.join('\n')).toMatch(
      /^SEARCH s USING COVERING INDEX \w+ \(form_id=\?\)$/,
    );
    expect(order({ answers: [{ key: 'name', op: 'contains', text: 'x' }] })).toMatch(
      new RegExp(`\nSEARCH answers USING COVERING INDEX answers_by_text \\(field=\\?\\)${field}$`),
    );
    expect(order({ answers: [{ key: 'name', op: 'isEmpty' }] })).toMatch(
      new RegExp(`\nSEARCH answers USING COVERING INDEX answers_by_\\w+ \\(field=\\?\\)${field}$`),
    );
    // A question sort walks the answers in value order and sorts only ties, by time.
    for (const [key, index] of [
      ['age', 'answers_by_num'],
      ['name', 'answers_by_text'],
    ]) {
      const steps = order({ sortBy: { answer: key! } });
      expect(steps).toMatch(
        new RegExp(
          `^SEARCH a USING COVERING INDEX ${index} .*${field}\nSEARCH s USING COVERING INDEX submissions_by_id `,
        ),
      );
      expect(steps).toMatch(/USE TEMP B-TREE FOR LAST 2 TERMS OF ORDER BY/);
      expect(steps).not.toMatch(/USE TEMP B-TREE FOR ORDER BY/);
    }
  });

  it('sorts the few matches of a search from their rowids, in the order the whole view gives', () => {
    store.transaction(() => {
      for (let i = 0; i < 40; i++) {
        const row = submission(`r${String(i).padStart(2, '0')}`, (i * 7) % 13, {
          name: i % 3 === 0 ? 'Mila' : 'Otto',
        });
        // Scores and e-mails in another order than time, some missing.
        row.quiz = i % 4 === 0 ? undefined : { score: (i * 5) % 11, maxScore: 10 };
        row.login = i % 5 === 0 ? undefined : { email: `p${(i * 3) % 17}@example.com` };
        store.upsert('f1', [toSubmissionRow(row, i % 6 === 0 ? 'in_progress' : 'finished')], 't');
      }
    });
    const ran: string[] = [];
    const reader = new Database(db.name, { verbose: (sql) => ran.push(String(sql)) });
    try {
      for (const sortBy of ['submissionTime', 'lastUpdatedAt', 'quizScore', 'loginEmail'] as const)
        for (const sort of ['asc', 'desc'] as const)
          for (const status of ['finished', 'all'] as const) {
            const filter = SubmissionFilter.parse({
              formId: 'f1',
              search: 'mila',
              sortBy,
              sort,
              status,
            });
            // Cut from the view's whole order, read first.
            const cut = new SubmissionQuery(db);
            cut.window({ ...filter, search: undefined }, 30, 10);
            const expected = cut.window(filter, 0, 100).rows.map((r) => r.submissionId);
            expect(expected.length).toBeGreaterThan(3);
            ran.length = 0;
            // A view longer than its first rows read at once, whose matches are looked for there.
            const few = new SubmissionQuery(reader, { prefixRows: 2 }).window(filter, 0, 100);
            expect(few.rows.map((r) => r.submissionId)).toEqual(expected);
            expect(ran.some((sql) => sql.includes('NOT INDEXED'))).toBe(true);
            expect(ran.some((sql) => /LIMIT -1(\.0)?$/.test(sql))).toBe(false);
          }
    } finally {
      reader.close();
    }
  });

  it('cuts windows anywhere from the order it remembers, and reads it again after a write', () => {
    const short = new SubmissionQuery(db, { prefixRows: 2 });
    put([submission('s4', 5, { age: 30 }), submission('s5', 6), submission('s6', 0, { age: 12 })]);
    for (const input of [
      {},
      { sort: 'desc' as const },
      { sortBy: { answer: 'age' } },
      { search: 's' },
      { status: 'all' as const },
    ]) {
      const filter = SubmissionFilter.parse({ formId: 'f1', ...input });
      const everything = [...short.all(filter)].map((r) => r.submissionId);
      // Near the start (within the first rows read), then past them, then back.
      for (const [offset, limit] of [
        [0, 1],
        [1, 1],
        [1, 4],
        [5, 3],
        [0, 2],
        [3, 10],
      ] as const) {
        expect(short.window(filter, offset, limit).rows.map((r) => r.submissionId)).toEqual(
          everything.slice(offset, offset + limit),
        );
      }
      expect(short.window(filter, 0, 10).total).toBe(everything.length);
    }
    const filter = SubmissionFilter.parse({ formId: 'f1', sort: 'desc' });
    expect(short.window(filter, 4, 10).rows.map((r) => r.submissionId)).toEqual(['s1', 's6']);
    put([submission('s7', 7)]);
    store.delete('f1', 's1');
    expect(short.window(filter, 0, 2).rows.map((r) => r.submissionId)).toEqual(['s7', 's5']);
    expect(short.window(filter, 4, 10)).toMatchObject({ total: 6 });
    expect(short.window(filter, 4, 10).rows.map((r) => r.submissionId)).toEqual(['s2', 's6']);
  });
});

describe('SubmissionQuery, first rows before counts', () => {
  // A "large" cache of 60 rows: a view's first 20 are looked up before a search is counted.
  const options = { prefixRows: 20, rowsFirstFrom: 40 };
  beforeEach(() => {
    // Every other row is Annabel, every seventh Zed; in progress every fifth.
    store.transaction(() => {
      for (let i = 0; i < 60; i++) {
        const name = i % 7 === 3 ? 'Zed' : i % 2 === 0 ? 'Annabel' : 'Bob';
        const row = toSubmissionRow(
          submission(`r${String(i).padStart(2, '0')}`, i, { name }),
          i % 5 === 4 ? 'in_progress' : 'finished',
        );
        store.upsert('f1', [row], 't');
      }
    });
  });
  const view = (input: Partial<SubmissionFilter>) =>
    SubmissionFilter.parse({ formId: 'f1', search: 'annab', ...input });
  const idsOf = (rows: { submissionId: string }[]) => rows.map((r) => r.submissionId);

  it('answers a new search in a large cache with its first rows, then with its counts when asked again', () => {
    for (const sort of ['asc', 'desc'] as const) {
      const q = new SubmissionQuery(db, options);
      const filter = view({ sort });
      const counted = new SubmissionQuery(db).window(filter, 0, 100);
      const early = q.rowsFirst(filter, 2, 5);
      expect(early).toMatchObject({ counted: false, counts: null, unnarrowed: 48 });
      expect(idsOf(early.rows)).toEqual(idsOf(counted.rows).slice(2, 7));
      // Matches among the view's first 20 finished rows: a lower bound of every match.
      expect(early.total).toBeGreaterThanOrEqual(7);
      expect(early.total).toBeLessThan(counted.total);

      const again = q.rowsFirst(filter, 2, 5);
      expect(again).toMatchObject({ counted: true, total: counted.total, counts: counted.counts });
      expect(idsOf(again.rows)).toEqual(idsOf(early.rows));
      // 26 Annabels, 5 of them in progress.
      expect(counted.counts).toEqual({ finished: 21, in_progress: 5, preview: 0 });
      // Its counts known, the same search in another order or status is counted at once.
      const other = { sort: sort === 'asc' ? 'desc' : 'asc', status: 'in_progress' } as const;
      expect(q.rowsFirst(view(other), 0, 5)).toMatchObject({ counted: true, total: 5 });
    }
  });

  it('counts a search answered early without reading the whole order of its view', () => {
    const ran: string[] = [];
    const reader = new Database(db.name, { verbose: (sql) => ran.push(String(sql)) });
    try {
      const q = new SubmissionQuery(reader, options);
      const wholeOrders = () =>
        ran.filter((sql) => /^SELECT s\.id FROM submissions s .*LIMIT -1(\.0)?$/s.test(sql)).length;
      expect(q.rowsFirst(view({}), 0, 5).counted).toBe(false);
      expect(q.rowsFirst(view({}), 0, 5).counted).toBe(true);
      expect(wholeOrders()).toBe(0);
      // Past the rows found early: its 26 matches are sorted from their rowids.
      expect(idsOf(q.rowsFirst(view({}), 16, 5).rows)).toEqual(
        idsOf(new SubmissionQuery(db).window(view({}), 16, 5).rows),
      );
      expect(wholeOrders()).toBe(0);
    } finally {
      reader.close();
    }
  });

  it('counts at once in a small cache, and a rare word, answer filters, a short search and windows past the first rows', () => {
    const small = new SubmissionQuery(db, { ...options, rowsFirstFrom: 61 });
    expect(small.rowsFirst(view({}), 0, 5).counted).toBe(true);
    for (const [filter, offset] of [
      // Three matches among the view's first 20 rows: too few for a window of 5.
      [view({ search: 'zed' }), 0],
      [view({ answers: [{ key: 'name', op: 'isNotEmpty' }] }), 0],
      [view({ search: 'an' }), 0],
      [view({}), 18],
    ] as const) {
      expect(new SubmissionQuery(db, options).rowsFirst(filter, offset, 5).counted).toBe(true);
    }
  });

  it('looks further down the view for a word its first screen of rows lacks', () => {
    // The first 2 rows hold no Zed; the first 40 hold six.
    const early = new SubmissionQuery(db, { prefixRows: 2, rowsFirstFrom: 40 }).rowsFirst(
      view({ search: 'zed' }),
      0,
      2,
    );
    expect(early).toMatchObject({ counted: false, total: 6 });
    expect(idsOf(early.rows)).toEqual(['r03', 'r10']);
  });

  it('counts at once a view whose first rows are scattered through the file', () => {
    // Rows of another form between each of this form's new rows: its first rows sit far apart.
    store.transaction(() => {
      for (let i = 0; i < 40; i++) {
        const filler = Array.from({ length: 70 }, (_, k) =>
          toSubmissionRow(submission(`x${i}-${k}`, 0, { name: 'Annabel' }), 'finished'),
        );
        store.upsert('f2', filler, 't');
        store.upsert(
          'f1',
          [toSubmissionRow(submission(`n${i}`, 100 + i, { name: 'Annabel' }), 'finished')],
          't',
        );
      }
    });
    const q = new SubmissionQuery(db, options);
    const newest = q.rowsFirst(view({ sort: 'desc' }), 0, 5);
    expect(newest.counted).toBe(true);
    expect(idsOf(newest.rows)).toEqual(['n39', 'n38', 'n37', 'n36', 'n35']);
    // Oldest first, the view begins with the rows stored together: they are found early.
    const oldest = new SubmissionQuery(db, options).rowsFirst(view({}), 0, 5);
    expect(oldest.counted).toBe(false);
    expect(idsOf(oldest.rows)).toEqual(['r00', 'r02', 'r06', 'r08', 'r12']);
  });
});

// What the counts should be: the answers as the index groups them (letter case aside).
const anew = () =>
  db
    .prepare(
      `SELECT s.status, f.field_key, lower(a.value_text) AS text, count(*) AS n
         FROM answers a JOIN submissions s ON s.id = a.submission_rowid
           JOIN fields f ON f.id = a.field
         WHERE f.field_key <> 'email'
         GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
    )
    .all();
const kept = () =>
  db
    .prepare(
      `SELECT status, field_key, lower(value_text) AS text, n FROM answer_counts
         WHERE field_key <> 'email' ORDER BY 1, 2, 3`,
    )
    .all();
const totals = () =>
  db.prepare(`SELECT status, field_key, n FROM answer_totals WHERE n > 0 ORDER BY 1, 2`).all();
const totalsAnew = () =>
  db
    .prepare(
      `SELECT s.status, f.field_key, count(*) AS n
         FROM answers a JOIN submissions s ON s.id = a.submission_rowid
           JOIN fields f ON f.id = a.field
         GROUP BY 1, 2 ORDER BY 1, 2`,
    )
    .all();

describe('SubmissionQuery, what it remembers', () => {
  it("keeps a view's whole order while the short orders of many searches come and go", () => {
    put(Array.from({ length: 30 }, (_, i) => submission(`s${i}`, i, { name: `name ${i % 10}` })));
    const ran: string[] = [];
    const reader = new Database(db.name, { verbose: (sql) => ran.push(String(sql)) });
    addCacheFunctions(reader);
    try {
      const watched = new SubmissionQuery(reader, { prefixRows: 5 });
      const view = SubmissionFilter.parse({ formId: 'f1' });
      const wholeOrders = () => ran.filter((sql) => /LIMIT -1(\.0)?$/.test(sql)).length;
      expect(watched.window(view, 20, 5).rows).toHaveLength(5);
      expect(wholeOrders()).toBe(1);
      // More searches than the orders it keeps by count alone; each holds three rows.
      for (let n = 0; n < 10; n++) {
        const search = SubmissionFilter.parse({ formId: 'f1', search: `name ${n}` });
        expect(watched.window(search, 0, 10).total).toBe(3);
      }
      expect(watched.window(view, 25, 5).rows).toHaveLength(5);
      expect(wholeOrders()).toBe(1);
    } finally {
      reader.close();
    }
  });

  it('keeps a view read through syncs that find nothing new and writes to other forms, and reads it again when its form changes', () => {
    put([submission('s1', 1), submission('s2', 2, { age: 3 })]);
    // A second connection, as the host's reads and the sync's writes may be: what it runs is logged.
    const ran: string[] = [];
    const reader = new Database(db.name, { verbose: (sql) => ran.push(String(sql)) });
    try {
      const watched = new SubmissionQuery(reader);
      const view = SubmissionFilter.parse({
        formId: 'f1',
        answers: [{ key: 'age', op: 'isNotEmpty' }],
      });
      // The order and counts of the view; each window's rows, transaction and form version aside.
      const reads = () =>
        ran.filter((sql) => !/json_each\(|form_changes|^(BEGIN|COMMIT)$/.test(sql)).length;
      const shown = () => watched.window(view, 0, 10).rows.map((r) => r.submissionId);

      expect(shown()).toEqual(['s2']);
      const first = reads();
      expect(first).toBeGreaterThan(0);

      put([submission('s1', 1), submission('s2', 2, { age: 3 })]);
      store.transaction(() =>
        store.upsert('f2', [toSubmissionRow(submission('x1', 1, { age: 9 }), 'finished')], 't'),
      );
      expect(shown()).toEqual(['s2']);
      expect(reads()).toBe(first);

      put([submission('s3', 3, { age: 4 })]);
      expect(shown()).toEqual(['s2', 's3']);
      expect(reads()).toBeGreaterThan(first);
      const second = reads();

      put([submission('s1', 1, { age: 1 })]);
      expect(shown()).toEqual(['s1', 's2', 's3']);
      store.delete('f1', 's2');
      expect(shown()).toEqual(['s1', 's3']);
      expect(watched.window(view, 0, 10).total).toBe(2);
      expect(reads()).toBeGreaterThan(second);
    } finally {
      reader.close();
    }
  });

  it('keeps the count of each answer equal to the answers counted anew, through every write', () => {
    const withEmail = (s: Submission, email: string): Submission => ({
      ...s,
      questions: [
        ...s.questions,
        { id: 'email', name: 'E-mail', type: 'EmailInput', value: email },
      ],
    });

    put([
      withEmail(submission('a', 1, { name: 'Ann', tags: ['x', 'y'], age: 3 }), 'a@x.test'),
      withEmail(submission('b', 2, { name: 'ann', tags: ['x'], age: 3 }), 'b@x.test'),
    ]);
    put([submission('c', 3, { name: 'Ann', age: 4 })], 'in_progress');
    expect(kept()).toEqual(anew());
    expect(kept()).toContainEqual({ status: 'finished', field_key: 'name', text: 'ann', n: 2 });
    // One-per-person answers count in the totals alone.
    expect(
      db.prepare(`SELECT count(*) FROM answer_counts WHERE field_key = 'email'`).pluck().get(),
    ).toBe(0);
    expect(totals()).toEqual(totalsAnew());

    // An answer edited, a response finished (its status moves), a row removed.
    put([submission('a', 1, { name: 'Bea', tags: ['y'], age: 3 })]);
    put([submission('c', 3, { name: 'Ann', age: 5 })], 'finished');
    store.delete('f1', 'b');
    expect(kept()).toEqual(anew());
    expect(totals()).toEqual(totalsAnew());
    // Each count's sample gave that answer.
    const samples = db
      .prepare(
        `SELECT count(*) FROM answer_counts c
           WHERE NOT EXISTS (SELECT 1 FROM answers a JOIN fields f ON f.id = a.field
                              WHERE a.submission_rowid = c.sample AND f.form_id = c.form_id
                                AND f.field_key = c.field_key AND a.value_text = c.value_text)`,
      )
      .pluck()
      .get();
    expect(samples).toBe(0);
  });

  it('counts nothing of a page that failed to store, nor twice at the next page', () => {
    const [ann, bo] = [submission('a', 1, { name: 'Ann' }), submission('b', 2, { name: 'Bo' })].map(
      (s) => toSubmissionRow(s, 'finished'),
    );
    // A row the table refuses (no time) after one it took: the page's transaction rolls back.
    const broken = { ...bo!, submissionTime: null as unknown as string };
    expect(() => store.upsert('f1', [ann!, broken], 't')).toThrow();
    put([submission('c', 3, { name: 'Cy' })]);
    expect(kept()).toEqual(anew());
    expect(totals()).toEqual(totalsAnew());
  });

  it('keeps the counts of rows stored, changed and removed within one transaction', () => {
    const rows = (subs: Submission[], status: 'finished' | 'in_progress' = 'finished') =>
      store.upsert(
        'f1',
        subs.map((s) => toSubmissionRow(s, status)),
        't',
      );
    put([submission('old', 1, { name: 'Ann' })]);
    store.transaction(() => {
      rows(
        [submission('a', 2, { name: 'Ann', tags: ['x'] }), submission('b', 3, { name: 'Bo' })],
        'in_progress',
      );
      // A later page of the same transaction finds a row changed: finished, its answers edited.
      rows([submission('a', 2, { name: 'Cy', tags: ['y'] }), submission('c', 4, { name: 'ann' })]);
      store.delete('f1', 'b');
      store.delete('f1', 'old');
      rows([submission('d', 5, { name: 'Di', age: 7 })]);
    });
    expect(kept()).toEqual(anew());
    expect(totals()).toEqual(totalsAnew());
    expect(kept()).toContainEqual({ status: 'finished', field_key: 'name', text: 'ann', n: 1 });

    // A transaction that fails after its rows rolls them back, counts and all.
    expect(() =>
      store.transaction(() => {
        rows([submission('e', 6, { name: 'Ann' })]);
        throw new Error('cut');
      }),
    ).toThrow('cut');
    put([submission('f', 7, { name: 'Fay' })]);
    expect(kept()).toEqual(anew());
    expect(totals()).toEqual(totalsAnew());
  });

  it('keeps the answers and counts of a row that one page lists twice, edited in between', () => {
    const page = [
      submission('a', 1, { name: 'Ann', tags: ['x'] }),
      submission('b', 2, { name: 'Bo' }),
      submission('a', 1, { name: 'Cy', tags: ['y'] }),
    ].map((s) => toSubmissionRow(s, 'finished'));
    store.upsert('f1', page, 't');
    store.transaction(() => store.upsert('f1', page, 't'));
    expect(kept()).toEqual(anew());
    expect(totals()).toEqual(totalsAnew());
    expect(
      db
        .prepare(
          `SELECT a.value_text FROM answers a JOIN fields f ON f.id = a.field
             WHERE f.field_key = 'name' ORDER BY 1`,
        )
        .pluck()
        .all(),
    ).toEqual(['Bo', 'Cy']);
  });
});
