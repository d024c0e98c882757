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

  it("reads the windows of the view's first screens, and no further than its rows", () => {
    const ran: string[] = [];
    const reader = recordingReader(ran);
    try {
      readTableAhead(cacheStores(reader));
      // 20 windows of 100: the first 2,000 of the 2,500 rows.
      expect(rowReads(ran)).toHaveLength(20);

      const { submissions } = cacheStores(cache.db);
      submissions.transaction(() => {
        for (let i = 250; i < 2_500; i++) submissions.delete('f1', `r${i}`);
      });
      ran.length = 0;
      readTableAhead(cacheStores(reader));
      expect(rowReads(ran)).toHaveLength(3);
    } finally {
      reader.close();
    }
  });

  it('reads nothing while no form is cached', () => {
    cacheStores(cache.db).forms.replaceListed([], new Date().toISOString());
    expect(readTableAhead(cacheStores(cache.db))).toBeNull();
  });
});
