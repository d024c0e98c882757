import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Submission } from '../../shared/api/submission';
import { type ActivityFilter, type ActivityKind } from '../../shared/contract/activity';
import { cacheReadHandlers } from '../operations/cacheReads';
import { dispatch } from '../operations/dispatch';
import { ActivityLog } from './activityLog';
import { type CacheDb } from './openCache';
import { openTempCache, type TempCache } from '../operations/testing/tempCache';

let cache: TempCache;
let db: CacheDb;
let log: ActivityLog;
beforeEach(() => {
  cache = openTempCache('activity');
  db = cache.db;
  const listed = db.prepare(`INSERT INTO forms (form_id, name, listed_at) VALUES (?, ?, 't')`);
  listed.run('feedback', 'Customer feedback');
  listed.run('signup', 'Event sign-up');
  log = new ActivityLog(db);
});
afterEach(() => cache.close());

function kept(submissionId: string, name: string, email: string): Submission {
  return {
    submissionId,
    submissionTime: '2026-11-01T10:00:00.000Z',
    lastUpdatedAt: '2026-11-01T10:00:00.000Z',
    questions: [
      { id: 'q1', name: 'Full name', type: 'ShortAnswer', value: name },
      { id: 'q2', name: 'Email', type: 'EmailInput', value: email },
      { id: 'q3', name: 'Comment', type: 'LongAnswer', value: 'Loved the coffee' },
    ],
  };
}

/** One of each kind the log records, over four days, in two forms. */
function recordDay() {
  const entry = (
    at: string,
    kind: ActivityKind,
    formId: string | null,
    submissionId: string | null,
    summary: string,
    snapshot: unknown,
  ) => log.record({ at, workspaceId: 'w1', kind, formId, submissionId, summary, snapshot });
  return {
    ada: entry(
      '2026-11-20T09:00:00.000Z',
      'submission.deleted',
      'feedback',
      's-ada',
      'Deleted submission s-ada.',
      kept('s-ada', 'Ada Lovelace', 'ada@example.com'),
    ),
    hook: entry(
      '2026-11-21T09:00:00.000Z',
      'webhook.created',
      'signup',
      null,
      'Webhook 40001 created for form signup.',
      { id: 40001, url: 'https://hooks.example.com/100%_done' },
    ),
    grace: entry(
      '2026-11-22T09:00:00.000Z',
      'submission.deleted',
      'signup',
      's-grace',
      'Deleted submission s-grace.',
      kept('s-grace', 'Grace Hopper', 'grace@example.com'),
    ),
    rebuilt: entry(
      '2026-11-23T09:00:00.000Z',
      'cache.rebuilt',
      null,
      null,
      'The local cache was damaged and has been rebuilt; 100% of it is fetched again.',
      { reason: 'disk' },
    ),
  };
}

const ids = (filter: ActivityFilter) => log.list(filter, 100).map((entry) => entry.id);

describe('the activity log', () => {
  it('names who a deleted submission came from, and no one for other entries', () => {
    const day = recordDay();
    const byId = new Map(log.list({}, 100).map((entry) => [entry.id, entry.respondent]));
    expect(byId.get(day.ada)).toBe('Ada Lovelace (ada@example.com)');
    expect(byId.get(day.hook)).toBeNull();
  });

  it('searches the respondent, the form name, the summary and the submission id, in any case', () => {
    const day = recordDay();
    expect(ids({ search: 'ada lovelace' })).toEqual([day.ada]);
    expect(ids({ search: 'GRACE@example' })).toEqual([day.grace]);
    expect(ids({ search: 'customer feedback' })).toEqual([day.ada]);
    expect(ids({ search: 'Event sign' })).toEqual([day.grace, day.hook]);
    expect(ids({ search: 'Webhook 40001' })).toEqual([day.hook]);
    expect(ids({ search: 's-grace' })).toEqual([day.grace]);
    // Answers other than who it was are not what the log shows.
    expect(ids({ search: 'coffee' })).toEqual([]);
  });

  it('takes % and _ in a search as themselves', () => {
    const day = recordDay();
    expect(ids({ search: '100%' })).toEqual([day.rebuilt]);
    expect(ids({ search: '%' })).toEqual([day.rebuilt]);
    expect(ids({ search: 's_ada' })).toEqual([]);
    expect(ids({ search: '_' })).toEqual([]);
    expect(ids({ search: '\\' })).toEqual([]);
  });

  it('filters by one or several kinds, by form, and by a range of days', () => {
    const day = recordDay();
    expect(ids({ kinds: ['submission.deleted'] })).toEqual([day.grace, day.ada]);
    expect(ids({ kinds: ['webhook.created', 'cache.rebuilt'] })).toEqual([day.rebuilt, day.hook]);
    expect(ids({ formId: 'signup' })).toEqual([day.grace, day.hook]);
    // From the start of the 21st to the end of the 22nd: both days whole.
    expect(
      ids({ afterDate: '2026-11-21T00:00:00.000Z', beforeDate: '2026-11-23T00:00:00.000Z' }),
    ).toEqual([day.grace, day.hook]);
    expect(ids({ afterDate: '2026-11-22T09:00:00.000Z' })).toEqual([day.rebuilt, day.grace]);
    expect(ids({ beforeDate: '2026-11-20T09:00:00.000Z' })).toEqual([]);
  });

  it('combines the parts of a filter, each narrowing the others', () => {
    const day = recordDay();
    expect(ids({ kinds: ['submission.deleted'], formId: 'signup' })).toEqual([day.grace]);
    expect(
      ids({ search: 'example.com', kinds: ['submission.deleted'], beforeDate: '2026-11-21' }),
    ).toEqual([day.ada]);
    expect(ids({ search: 'Ada', formId: 'signup' })).toEqual([]);
    expect(log.count({ search: 'example.com' })).toEqual({ total: 2, unnarrowed: 4 });
  });

  it('pages a filtered list newest first, and exports the same entries oldest first', () => {
    const day = recordDay();
    const filter: ActivityFilter = { kinds: ['submission.deleted', 'webhook.created'] };
    const first = log.list(filter, 2);
    expect(first.map((entry) => entry.id)).toEqual([day.grace, day.hook]);
    expect(log.list(filter, 2, first.at(-1)?.id).map((entry) => entry.id)).toEqual([day.ada]);
    expect([...log.all(filter)].map((entry) => entry.id)).toEqual([day.ada, day.hook, day.grace]);
    expect([...log.all()]).toHaveLength(4);
  });
});

describe('activity operations', () => {
  const handlers = () =>
    cacheReadHandlers({
      dataDir: cache.dir,
      emit: () => {},
      session: () => ({
        db,
        workspace: {
          id: 'w1',
          name: 'Demo',
          kind: 'demo',
          baseUrl: 'http://127.0.0.1:1',
          keyStorage: 'plaintext',
          keyAvailable: true,
          createdAt: '2026-11-01T00:00:00.000Z',
        },
      }),
    });

  it('lists a filtered page with how many match of how many there are', async () => {
    const day = recordDay();
    const result = await dispatch(handlers(), 'activity.list', {
      limit: 1,
      filter: { search: 'example.com' },
    });
    expect(result).toMatchObject({
      ok: true,
      data: { total: 2, unnarrowed: 4, nextBeforeId: day.grace },
    });
  });

  it('exports the entries the filter shows, and only those', async () => {
    const day = recordDay();
    const result = await dispatch(handlers(), 'activity.export', {
      filter: { kinds: ['submission.deleted'], search: 'grace' },
    });
    if (!result.ok) throw new Error(result.error.message);
    const { exportId, fileName, entries } = result.data as {
      exportId: string;
      fileName: string;
      entries: number;
    };
    expect(entries).toBe(1);
    const written = path.join(cache.dir, 'exports', exportId, fileName);
    const file = JSON.parse(fs.readFileSync(written, 'utf8')) as {
      id: number;
      respondent: string;
    }[];
    expect(file).toEqual([
      expect.objectContaining({ id: day.grace, respondent: 'Grace Hopper (grace@example.com)' }),
    ]);
  });

  it('refuses a kind the log does not record, and a range that ends before it starts', async () => {
    const kind = await dispatch(handlers(), 'activity.list', {
      filter: { kinds: ['submission.edited'] },
    });
    expect(kind).toMatchObject({
      ok: false,
      error: {
        code: 'INVALID_INPUT',
        message: expect.stringMatching(
          /^Invalid input for activity\.list \(filter\.kinds\.0\): Invalid option: expected one of "submission\.deleted"/,
        ),
      },
    });
    const range = await dispatch(handlers(), 'activity.export', {
      filter: { afterDate: '2026-11-22T00:00:00.000Z', beforeDate: '2026-11-21T00:00:00.000Z' },
    });
    expect(range).toMatchObject({
      ok: false,
      error: {
        code: 'INVALID_INPUT',
        message:
          'Invalid input for activity.export (filter.beforeDate): the range ends before it starts: choose a last day on or after the first.',
      },
    });
  });
});
