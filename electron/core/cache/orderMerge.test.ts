import Database from 'better-sqlite3';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Submission } from '../../shared/api/submission';
import { SubmissionFilter } from '../../shared/contract/submissions';
import { type CacheDb } from './openCache';
import { mergeAdded, type SortKey } from './orderMerge';
import { toSubmissionRow } from './submissionRow';
import { SubmissionQuery } from './submissionQuery';
import { SubmissionStore } from './submissionStore';
import { openTempCache, type TempCache } from '../operations/testing/tempCache';

let cache: TempCache;
let db: CacheDb;
let store: SubmissionStore;
beforeEach(() => {
  cache = openTempCache('merge');
  db = cache.db;
  store = new SubmissionStore(db);
});
afterEach(() => cache.close());

/** Values that sort apart only by SQLite's rules: case under NOCASE, code points above U+FFFF. */
const EMAILS = [
  null,
  'ann@x.org',
  'Ann@x.org',
  'ANN@x.org',
  'émile@x.org',
  'zoë@x.org',
  '😀@x.org',
  '\uffee@x.org',
];

interface Drawn {
  minute: number;
  email: number;
  score: number | null;
  amount: number | null;
  finished: boolean;
  preview: boolean;
}

const drawnRow = fc.record({
  // Few minutes: many rows share a time, and ties break on the id.
  minute: fc.integer({ min: 0, max: 20 }),
  email: fc.integer({ min: 0, max: EMAILS.length - 1 }),
  score: fc.option(fc.integer({ min: -5, max: 5 })),
  amount: fc.option(fc.double({ min: 0, max: 100, noNaN: true })),
  finished: fc.boolean(),
  preview: fc.boolean(),
});

let serial = 0;
function add(formId: string, rows: Drawn[]): void {
  store.transaction(() => {
    for (const status of ['finished', 'in_progress'] as const) {
      for (const preview of [false, true]) {
        const picked = rows.filter(
          (r) => (r.finished ? 'finished' : 'in_progress') === status && r.preview === preview,
        );
        const submissions = picked.map((r): Submission => {
          serial += 1;
          const time = new Date(Date.UTC(2026, 0, 1, 0, r.minute)).toISOString();
          return {
            // Ids that do not sort as they were added.
            submissionId: `s${(serial * 7919) % 100_003}`,
            submissionTime: time,
            lastUpdatedAt: r.score === null ? null : time,
            questions: [],
            ...(EMAILS[r.email] ? { login: { email: EMAILS[r.email]! } } : {}),
            ...(r.score === null ? {} : { quiz: { score: r.score, maxScore: 10 } }),
            ...(r.amount === null
              ? {}
              : {
                  payments: [{ id: `p${serial}`, value: { totalAmount: r.amount } }],
                }),
          } as Submission;
        });
        store.upsert(
          formId,
          submissions.map((s) => toSubmissionRow(s, status, preview)),
          't',
        );
      }
    }
  });
}

const VIEWS = (
  ['submissionTime', 'lastUpdatedAt', 'quizScore', 'loginEmail', 'paymentAmount'] as const
).flatMap((sortBy) =>
  (['asc', 'desc'] as const).flatMap((sort) =>
    [
      { status: 'all', includePreview: true },
      { status: 'finished', includePreview: false },
      { status: 'in_progress', includePreview: true, afterDate: '2026-01-01T00:05:00.000Z' },
    ].map((rest) => SubmissionFilter.parse({ formId: 'f1', sortBy, sort, ...rest })),
  ),
);

const shown = (q: SubmissionQuery, view: SubmissionFilter) =>
  q.window(view, 0, 1_000).rows.map((r) => r.submissionId);

/** A view's order as one ORDER BY of the whole table gives it, no index in the way. */
function sortedBySqlite(view: SubmissionFilter): string[] {
  const column = {
    submissionTime: null,
    lastUpdatedAt: 'last_updated_at',
    quizScore: 'quiz_score',
    loginEmail: 'login_email',
    paymentAmount: 'payment_amount',
  }[view.sortBy as Exclude<SubmissionFilter['sortBy'], object>];
  const dir = view.sort === 'desc' ? 'DESC' : 'ASC';
  const keys = [column, 'submission_time', 'submission_id'].filter((c) => c !== null);
  return db
    .prepare<[string, string, number, string], string>(
      `SELECT submission_id FROM submissions NOT INDEXED
       WHERE form_id = 'f1' AND (? = 'all' OR status = ?) AND is_preview <= ? AND submission_time > ?
       ORDER BY ${keys.map((k) => `${k} ${dir}`).join(', ')}`,
    )
    .pluck()
    .all(view.status, view.status, view.includePreview ? 1 : 0, view.afterDate ?? '');
}

describe('views in order', () => {
  it("reads every view in the order of SQLite's own sort, its first rows and past them", () => {
    fc.assert(
      fc.property(fc.array(drawnRow, { maxLength: 60 }), (rows) => {
        db.exec('DELETE FROM submissions');
        add('f1', rows);
        add('f2', rows.slice(0, 5));
        for (const view of VIEWS) {
          const expected = sortedBySqlite(view);
          expect(shown(new SubmissionQuery(db), view)).toEqual(expected);
          // Windows within a short first read, and across the end of it.
          const short = new SubmissionQuery(db, { prefixRows: 4 });
          for (const [offset, limit] of [
            [0, 3],
            [2, 5],
            [7, 20],
          ] as const)
            expect(short.window(view, offset, limit).rows.map((r) => r.submissionId)).toEqual(
              expected.slice(offset, offset + limit),
            );
        }
      }),
      { numRuns: 40 },
    );
  });
});

describe('orders kept across added rows', () => {
  it('shows every view as a fresh read does, page after page of added rows', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(drawnRow, { maxLength: 25 }), { minLength: 1, maxLength: 6 }),
        (pages) => {
          db.exec('DELETE FROM submissions');
          const kept = new SubmissionQuery(db);
          for (const page of pages) {
            add('f1', page);
            // Another form's rows between: rowids this form's views never hold.
            add('f2', page.slice(0, 3));
            for (const view of VIEWS)
              expect(shown(kept, view)).toEqual(shown(new SubmissionQuery(db), view));
          }
        },
      ),
      { numRuns: 40 },
    );
  });

  it('merges a page into a deep view without reading its order again, and reads it again after a delete', () => {
    add(
      'f1',
      Array.from({ length: 300 }, (_, i) => ({
        minute: i % 20,
        email: i % EMAILS.length,
        score: null,
        amount: null,
        finished: true,
        preview: false,
      })),
    );
    const ran: string[] = [];
    const reader = new Database(db.name, { verbose: (sql) => ran.push(String(sql)) });
    try {
      const kept = new SubmissionQuery(reader, { prefixRows: 10 });
      const view = SubmissionFilter.parse({ formId: 'f1', sort: 'desc' });
      const wholeOrders = () => ran.filter((sql) => /LIMIT -1(\.0)?$/.test(sql)).length;
      expect(kept.window(view, 200, 10).rows).toHaveLength(10);
      expect(wholeOrders()).toBe(1);

      add(
        'f1',
        Array.from({ length: 150 }, (_, i) => ({
          minute: (i * 7) % 20,
          email: 0,
          score: null,
          amount: null,
          finished: true,
          preview: false,
        })),
      );
      const deep = kept.window(view, 400, 10);
      expect(wholeOrders()).toBe(1);
      expect(deep.total).toBe(450);
      expect(deep.rows.map((r) => r.submissionId)).toEqual(
        new SubmissionQuery(db).window(view, 400, 10).rows.map((r) => r.submissionId),
      );

      store.delete('f1', deep.rows[0]!.submissionId);
      expect(kept.window(view, 400, 10).rows[0]!.submissionId).toBe(deep.rows[1]!.submissionId);
      expect(wholeOrders()).toBe(2);
    } finally {
      reader.close();
    }
  });

  it('merges a store of many pages of the newest rows into a large view without reading it again', () => {
    const finished = (count: number, minute: number) =>
      Array.from({ length: count }, () => ({
        minute,
        email: 1,
        score: null,
        amount: null,
        finished: true,
        preview: false,
      }));
    add('f1', finished(6_000, 1));
    const ran: string[] = [];
    const reader = new Database(db.name, { verbose: (sql) => ran.push(String(sql)) });
    try {
      const kept = new SubmissionQuery(reader, { prefixRows: 10 });
      const wholeOrders = () => ran.filter((sql) => /LIMIT -1(\.0)?$/.test(sql)).length;
      for (const sort of ['asc', 'desc'] as const) {
        const view = SubmissionFilter.parse({ formId: 'f1', status: 'finished', sort });
        kept.window(view, 3_000, 10);
      }
      expect(wholeOrders()).toBe(2);

      // Ten pages at once, more than a page's worth of rows, all newer than the rows kept.
      add('f1', finished(1_500, 2));
      for (const sort of ['asc', 'desc'] as const) {
        const view = SubmissionFilter.parse({ formId: 'f1', status: 'finished', sort });
        expect(kept.window(view, 5_990, 20).rows.map((r) => r.submissionId)).toEqual(
          new SubmissionQuery(db).window(view, 5_990, 20).rows.map((r) => r.submissionId),
        );
      }
      expect(wholeOrders()).toBe(2);
    } finally {
      reader.close();
    }
  });

  it('catches a view kept whole up with a page added, so its next window reads only its rows', () => {
    const finishedRows = (count: number, minute: (i: number) => number) =>
      Array.from({ length: count }, (_, i) => ({
        minute: minute(i),
        email: 0,
        score: null,
        amount: null,
        finished: true,
        preview: false,
      }));
    add(
      'f1',
      finishedRows(300, (i) => i % 20),
    );
    const ran: string[] = [];
    const reader = new Database(db.name, { verbose: (sql) => ran.push(String(sql)) });
    try {
      const kept = new SubmissionQuery(reader, { prefixRows: 10 });
      const view = SubmissionFilter.parse({ formId: 'f1', sort: 'desc' });
      // Read as far as its first rows: a catch-up would read its whole order, which no window asked.
      kept.window(view, 0, 10);
      expect(kept.catchUp(view)).toBe(false);
      kept.window(view, 200, 10);
      const searched = SubmissionFilter.parse({ formId: 'f1', search: 's1' });
      kept.window(searched, 0, 10);

      add(
        'f1',
        finishedRows(150, (i) => (i * 7) % 20),
      );
      // A search is read from its own index again by its next window, not between calls.
      expect(kept.catchUp(searched)).toBe(false);
      expect(kept.catchUp(view)).toBe(true);
      ran.length = 0;
      const deep = kept.window(view, 400, 10);
      expect(deep.total).toBe(450);
      expect(deep.rows.map((r) => r.submissionId)).toEqual(
        new SubmissionQuery(db).window(view, 400, 10).rows.map((r) => r.submissionId),
      );
      // Neither the rows added nor the counts are read again: the form's version, then the rows.
      expect(ran.filter((sql) => /NOT INDEXED|submission_counts/.test(sql))).toEqual([]);
      expect(ran.some((sql) => sql.includes('json_each'))).toBe(true);
    } finally {
      reader.close();
    }
  });
});

describe('merging rows into a kept order', () => {
  /** `mergeAdded` over keys that are the rows' ids, with the keys it read counted. */
  function merged(
    kept: number[],
    added: number[],
    descending: boolean,
    keysAtMost?: number,
  ): { ids: number[] | null; keysRead: number } {
    let keysRead = 0;
    const keyOf = (id: number): SortKey => {
      keysRead++;
      return [id];
    };
    const order = { descending, nocase: [false] };
    const page = added.map((id) => ({ id, key: [id] }));
    return { ids: mergeAdded(kept, page, keyOf, order, keysAtMost), keysRead };
  }
  const upTo = (n: number) => Array.from({ length: n }, (_, i) => i);

  it('reads a handful of keys for a store of the newest rows, at either end of the order', () => {
    const newest = upTo(5_000).map((i) => 10_000 + i);
    const oldestFirst = merged(upTo(10_000), newest, false);
    expect(oldestFirst.ids).toEqual(upTo(15_000));
    const newestFirst = merged(upTo(10_000).reverse(), [...newest].reverse(), true);
    expect(newestFirst.ids).toEqual(upTo(15_000).reverse());
    // A binary search for each row read about fourteen keys a row.
    expect(oldestFirst.keysRead).toBeLessThanOrEqual(2 * Math.log2(10_000) + 2);
    expect(newestFirst.keysRead).toBeLessThanOrEqual(2);
  });

  it('places rows spread over the order where a fresh sort puts them', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 0, max: 5_000 }), { maxLength: 300 }),
        fc.uniqueArray(fc.integer({ min: 0, max: 5_000 }), { maxLength: 100 }),
        fc.boolean(),
        (before, later, descending) => {
          const byId = (a: number, b: number) => (descending ? b - a : a - b);
          const kept = [...before].sort(byId);
          const added = later.filter((id) => !before.includes(id)).sort(byId);
          expect(merged(kept, added, descending).ids).toEqual([...kept, ...added].sort(byId));
        },
      ),
    );
  });

  it('gives up once rows spread all over the order would read more keys than allowed', () => {
    const kept = upTo(10_000).map((i) => 2 * i);
    const spread = upTo(500).map((i) => 40 * i + 1);
    expect(merged(kept, spread, false).ids).toHaveLength(10_500);
    const limited = merged(kept, spread, false, 1_000);
    expect(limited.ids).toBeNull();
    expect(limited.keysRead).toBeLessThanOrEqual(1_000);
  });
});
