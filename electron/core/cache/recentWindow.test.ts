import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Submission } from '../../shared/api/submission';
import { SubmissionFilter } from '../../shared/contract/submissions';
import { daysBefore } from '../../shared/recentDays';
import { importCache } from '../import/cacheAccess';
import { FormStore } from './formStore';
import { SubmissionQuery } from './submissionQuery';
import { openTempCache, type TempCache } from '../operations/testing/tempCache';

let cache: TempCache;
beforeEach(() => {
  cache = openTempCache('recent-window');
});
afterEach(() => cache.close());

const HOUR_MS = 3_600_000;

describe('"the last 30 days"', () => {
  it("counts on a form's card the rows the table's preset shows", () => {
    const now = new Date('2026-11-29T03:00:00.000Z');
    // Rows every 5 hours across 40 days: some fall on either side of the window's edge, within a day.
    const rows: Submission[] = Array.from({ length: 192 }, (_, i) => {
      const at = new Date(now.getTime() - i * 5 * HOUR_MS).toISOString();
      return { submissionId: `s${i}`, submissionTime: at, lastUpdatedAt: at, questions: [] };
    });
    importCache(cache.db).storeCreated('form1', rows);

    const since = daysBefore(now, 30);
    const table = new SubmissionQuery(cache.db).window(
      SubmissionFilter.parse({ formId: 'form1', afterDate: since }),
      0,
      1,
    ).total;
    expect(table).toBe(rows.filter((r) => r.submissionTime > since).length);
    expect(new FormStore(cache.db).finishedSince('form1', since)).toBe(table);
  });
});
