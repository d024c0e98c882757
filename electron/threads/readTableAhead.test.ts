import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addCacheFunctions } from '../core/cache/cacheFunctions';
import { cacheStores } from '../core/cache/cacheStores';
import { toSubmissionRow } from '../core/cache/submissionRow';
import { windowJson } from '../core/cache/windowJson';
import { openTempCache, type TempCache } from '../core/operations/testing/tempCache';
import { SubmissionFilter, TABLE_OPENING_VIEW } from '../shared/contract/submissions';
import { readTableAhead } from './readTableAhead';

let cache: TempCache;
beforeEach(() => {
  cache = openTempCache('table-ahead');
  const stores = cacheStores(cache.db);
  stores.forms.replaceListed([{ formId: 'f1', name: 'Feedback' }], new Date().toISOString());
  stores.submissions.transaction(() => {
    for (let i = 0; i < 2_500; i++) {
      const at = new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString();
      const submission = { submissionId: `r${i}`, submissionTime: at, questions: [] };
      stores.submissions.upsert('f1', [toSubmissionRow(submission, 'finished')], at);
    }
  });
});
afterEach(() => cache.close());

/** The reads of a view's order among the statements `ran`. */
const orderReads = (ran: string[]) =>
  ran.filter((sql) => /^SELECT s\.id FROM submissions s .*LIMIT/s.test(sql));

/** The reads of a window's rows among the statements `ran`. */
const rowReads = (ran: string[]) => ran.filter((sql) => sql.includes('FROM json_each('));

/** A reader of the cache that records each statement it runs in `ran`. */
function recordingReader(ran: string[]): Database.Database {
  const reader = new Database(cache.file, {
    readonly: true,
    verbose: (sql) => ran.push(String(sql)),
  });
  addCacheFunctions(reader);
  return reader;
}

describe('reading the first table ahead', () => {
  it('reads the order of the view the table opens on, so a deep window reads no order', () => {
    const ran: string[] = [];
    const reader = recordingReader(ran);
    try {
      const stores = cacheStores(reader);
      const read = readTableAhead(stores);
      expect(read?.rows).toBe(2_500);
      expect(orderReads(ran).length).toBeGreaterThan(0);

      ran.length = 0;
      const opening = SubmissionFilter.parse({ formId: 'f1', ...TABLE_OPENING_VIEW });
      const deep = windowJson(stores.query, opening, 2_000, 100).parse() as {
        rows: { submissionId: string }[];
      };
      expect(deep.rows[0]?.submissionId).toBe('r499');
      expect(orderReads(ran)).toEqual([]);
    } finally {
      reader.close();
    }
  });

  it("reads one window itself, and names the view's next screens for the reader to ask", () => {
    const ran: string[] = [];
    const reader = recordingReader(ran);
    try {
      const { submissions } = cacheStores(cache.db);
      submissions.transaction(() => {
        for (let i = 2_500; i < 6_000; i++) {
          const at = new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString();
          const submission = { submissionId: `r${i}`, submissionTime: at, questions: [] };
          submissions.upsert('f1', [toSubmissionRow(submission, 'finished')], at);
        }
      });
      const read = readTableAhead(cacheStores(reader));
      expect(rowReads(ran)).toHaveLength(1);
      // 50 screens of 100 rows: the first window read, then the next 49.
      expect(read?.screens).toHaveLength(49);
      expect(read?.screens[0]).toEqual({ offset: 100, limit: 100 });
      expect(read?.screens.at(-1)).toEqual({ offset: 4_900, limit: 100 });

      submissions.transaction(() => {
        for (let i = 250; i < 6_000; i++) submissions.delete('f1', `r${i}`);
      });
      expect(readTableAhead(cacheStores(reader))?.screens).toEqual([
        { offset: 100, limit: 100 },
        { offset: 200, limit: 100 },
      ]);
    } finally {
      reader.close();
    }
  });

  it('reads nothing while no form is cached', () => {
    cacheStores(cache.db).forms.replaceListed([], new Date().toISOString());
    expect(readTableAhead(cacheStores(cache.db))).toBeNull();
  });
});
