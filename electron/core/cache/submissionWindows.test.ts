import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type SubmissionStatus } from '../../shared/api/endpoints';
import { type CacheDb } from './openCache';
import { toSubmissionRow } from './submissionRow';
import { SubmissionStore } from './submissionStore';
import { SubmissionWindows, type TimeWindow } from './submissionWindows';
import { openTempCache, type TempCache } from '../operations/testing/tempCache';

let cache: TempCache;
let db: CacheDb;
let store: SubmissionStore;
let windows: SubmissionWindows;

beforeEach(() => {
  cache = openTempCache('windows');
  db = cache.db;
  store = new SubmissionStore(db);
  windows = new SubmissionWindows(db);
});
afterEach(() => cache.close());

const minute = (m: number) => new Date(Date.UTC(2026, 0, 1, 0, m)).toISOString();

/** Rows of `formId` at the given minutes, stored as a sync stores them. */
function put(formId: string, status: SubmissionStatus, minutes: number[], preview = false): void {
  const rows = minutes.map((m) =>
    toSubmissionRow(
      {
        submissionId: `${formId}-${status}-${m}-${preview}`,
        submissionTime: minute(m),
        questions: [],
      },
      status,
      preview,
    ),
  );
  store.transaction(() => store.upsert(formId, rows, minute(1_000)));
}

/** The rows of the listing in `w`, counted one by one. */
function counted(formId: string, status: SubmissionStatus, w: TimeWindow): number {
  return (
    db
      .prepare(
        `SELECT count(*) AS n FROM submissions WHERE form_id = ? AND status = ? AND is_preview = 0
         AND submission_time >= ? AND submission_time < ?`,
      )
      .get(formId, status, w.from ?? '', w.to ?? '~') as { n: number }
  ).n;
}

describe('what the cache holds of a listing, window by window', () => {
  it('counts a window from the first row past the newest as the whole listing, and every other window row by row', () => {
    put('f1', 'finished', [1, 2, 3, 5, 8, 13]);
    put('f1', 'in_progress', [4, 6, 20]);
    // Previews are left out of the listing, also one newer than every row.
    put('f1', 'finished', [7, 30], true);
    put('f2', 'finished', [1, 40]);
    const newestPlusOne = new Date(Date.parse(minute(13)) + 1).toISOString();
    const cases: TimeWindow[] = [
      {},
      { to: newestPlusOne },
      { to: minute(14) },
      // The newest row itself is left out of a window that ends at its time.
      { to: minute(13) },
      { to: minute(5) },
      { from: minute(2) },
      { from: minute(2), to: minute(9) },
      { from: minute(14) },
    ];
    for (const w of cases) {
      expect(windows.count('f1', 'finished', w), JSON.stringify(w)).toBe(
        counted('f1', 'finished', w),
      );
    }
    expect(windows.count('f1', 'finished', { to: newestPlusOne })).toBe(6);
    expect(windows.count('f1', 'finished', { to: minute(13) })).toBe(5);
    expect(windows.count('f1', 'in_progress', {})).toBe(3);
  });

  it('counts a listing with no rows, and follows rows deleted and moved to another status', () => {
    expect(windows.count('f1', 'finished', {})).toBe(0);
    expect(windows.count('f1', 'finished', { to: minute(5) })).toBe(0);
    put('f1', 'in_progress', [1, 2, 3]);
    db.prepare(`DELETE FROM submissions WHERE submission_id = 'f1-in_progress-3-false'`).run();
    db.prepare(
      `UPDATE submissions SET status = 'finished' WHERE submission_id = 'f1-in_progress-1-false'`,
    ).run();
    for (const status of ['finished', 'in_progress'] as const) {
      expect(windows.count('f1', status, {})).toBe(counted('f1', status, {}));
      expect(windows.count('f1', status, { to: minute(60) })).toBe(1);
    }
  });
});
