import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Submission } from '../../shared/api/submission';
import { type Workspace } from '../../shared/contract/workspaces';
import { cacheReadHandlers } from '../cacheReads';
import { dispatch } from '../dispatch';
import { cacheStores } from './cacheStores';
import { connectCache, type CacheDb } from './openCache';
import { toSubmissionRow } from './submissionRow';
import { openTempCache, type TempCache } from './testing/tempCache';
import { windowEnvelopeJson } from './windowJson';

const WORKSPACE: Workspace = {
  id: 'w1',
  name: 'Test',
  kind: 'remote',
  baseUrl: 'https://api.example.test/v1/api',
  keyStorage: 'secure',
  keyAvailable: true,
  createdAt: '2026-01-01T00:00:00.000Z',
};

let cache: TempCache;
// Two connections to one file: the bytes and `dispatch` each keep what they remember of a view.
let spliced: CacheDb;
let dispatched: CacheDb;

function submission(n: number): Submission {
  const at = new Date(Date.UTC(2026, 0, 1, 0, n)).toISOString();
  return {
    submissionId: `s${String(n).padStart(3, '0')}`,
    submissionTime: at,
    // Some without the field, as the service sends a submission never edited.
    ...(n % 3 === 0 ? {} : { lastUpdatedAt: at }),
    questions: [
      // Quotes, backslashes, line breaks and characters past ASCII, as people type them.
      { id: 'q1', name: 'Comment', type: 'LongAnswer', value: `"Süß" \\ line\n${n} 🎉` },
      { id: 'q2', name: 'Rating', type: 'StarRating', value: n % 5 },
      { id: 'q3', name: 'Tags', type: 'Checkboxes', value: n % 2 ? ['a', 'b'] : [] },
    ],
    extraFieldTheServiceAdded: { kept: true },
  } as Submission;
}

beforeEach(() => {
  cache = openTempCache('window-json');
  spliced = cache.db;
  const { submissions } = cacheStores(spliced);
  submissions.transaction(() => {
    const rows = Array.from({ length: 60 }, (_, n) => submission(n));
    submissions.upsert(
      'f1',
      rows.slice(0, 40).map((s) => toSubmissionRow(s, 'finished')),
      'now',
    );
    submissions.upsert(
      'f1',
      rows.slice(40, 50).map((s) => toSubmissionRow(s, 'in_progress')),
      'now',
    );
    submissions.upsert(
      'f1',
      rows.slice(50).map((s) => toSubmissionRow(s, 'finished', true)),
      'now',
    );
  });
  dispatched = connectCache(cache.file);
});
afterEach(() => {
  dispatched.close();
  cache.close();
});

const spliceOf = (input: unknown): unknown => {
  const json = windowEnvelopeJson(cacheStores(spliced).query, input);
  return json === null ? null : JSON.parse(new TextDecoder().decode(json));
};

const viaDispatch = (input: unknown) =>
  dispatch(
    cacheReadHandlers({
      dataDir: cache.dir,
      emit: () => {},
      session: () => ({ workspace: WORKSPACE, db: dispatched }),
    }),
    'submissions.query',
    input,
  );

describe('a window answered as JSON bytes', () => {
  it.each([
    ['the first rows', { formId: 'f1', limit: 10 }],
    ['a page further on', { formId: 'f1', offset: 25, limit: 10 }],
    [
      'both statuses and previews',
      { formId: 'f1', status: 'all', includePreview: true, limit: 100 },
    ],
    ['sorted by an answer, newest first', { formId: 'f1', sortBy: { answer: 'q2' }, sort: 'desc' }],
    ['a search', { formId: 'f1', search: 'Süß' }],
    ['a view with no rows', { formId: 'f1', search: 'nowhere to be found' }],
    ['an unknown form', { formId: 'f2' }],
  ])('is the envelope dispatch answers: %s', async (_view, input) => {
    const answer = spliceOf(input);
    expect(answer).not.toBeNull();
    expect(answer).toEqual(await viaDispatch(input));
  });

  it('keeps each submission as the service sent it, fields Formdesk does not know included', () => {
    const answer = spliceOf({ formId: 'f1', limit: 1 }) as {
      data: { rows: { submission: Submission }[] };
    };
    const [row] = answer.data.rows;
    expect(row?.submission).toEqual(submission(0));
  });

  it('leaves input the operation refuses to dispatch, which says what is wrong', async () => {
    const input = { formId: 'f1', limit: 100_000 };
    expect(spliceOf(input)).toBeNull();
    expect(await viaDispatch(input)).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
  });
});
