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

describe('reading the first table ahead', () => {
  it('reads the order of the view the table opens on, so a deep window reads no order', () => {
    const ran: string[] = [];
    const reader = new Database(cache.file, {
      readonly: true,
      verbose: (sql) => ran.push(String(sql)),
    });
    addCacheFunctions(reader);
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

  it('reads nothing while no form is cached', () => {
    cacheStores(cache.db).forms.replaceListed([], new Date().toISOString());
    expect(readTableAhead(cacheStores(cache.db))).toBeNull();
  });
});
