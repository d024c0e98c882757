import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Submission } from '../../shared/api/submission';
import { contract, WrittenJson } from '../../shared/contract';
import { type Workspace } from '../../shared/contract/workspaces';
import { cacheReadHandlers } from '../operations/cacheReads';
import { dispatch } from '../operations/dispatch';
import { cacheStores } from './cacheStores';
import { connectCache, type CacheDb } from './openCache';
import { toSubmissionRow } from './submissionRow';
import { QueryStatements } from './queryStatements';
import { openTempCache, type TempCache } from '../operations/testing/tempCache';

const QUERY = contract['submissions.query'];

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
// Two connections to one file: the bytes and the objects each keep what they remember of a view.
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
  vi.restoreAllMocks();
  dispatched.close();
  cache.close();
});

/** The operation's answer as a reader's port gets it, its window's bytes not read yet. */
const answered = (input: unknown) =>
  dispatch(
    cacheReadHandlers({
      dataDir: cache.dir,
      emit: () => {},
      session: () => ({ workspace: WORKSPACE, db: spliced }),
    }),
    'submissions.query',
    input,
  );

const read = (result: Awaited<ReturnType<typeof answered>>) =>
  result.ok && result.data instanceof WrittenJson
    ? { ok: true, data: result.data.parse() }
    : result;

const viaDispatch = async (input: unknown) => read(await answered(input));

/** The same window read as objects, each submission parsed, and checked by the contract. */
const asObjects = (input: unknown) => {
  const { offset, limit, ...filter } = QUERY.input.parse(input);
  const window = cacheStores(dispatched).query.rowsFirst(filter, offset, limit);
  return { ok: true, data: QUERY.output.parse({ ...window, offset }) };
};

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
  ])('is the window read as objects and checked by the contract: %s', async (_view, input) => {
    expect(await viaDispatch(input)).toEqual(asObjects(input));
  });

  it('keeps each submission as the service sent it, fields Formdesk does not know included', async () => {
    const answer = (await viaDispatch({ formId: 'f1', limit: 1 })) as {
      data: { rows: { submission: Submission }[] };
    };
    const [row] = answer.data.rows;
    expect(row?.submission).toEqual(submission(0));
  });

  it('holds rows whose JSON is many times what the cache stores of them', async () => {
    const { submissions } = cacheStores(spliced);
    const repetitive = Array.from({ length: 30 }, (_, n) => {
      const row = submission(n);
      return { ...row, questions: [{ ...row.questions[0]!, value: `la ${n} `.repeat(20_000) }] };
    });
    submissions.upsert(
      'f3',
      repetitive.map((s) => toSubmissionRow(s as Submission, 'finished')),
      'now',
    );
    const input = { formId: 'f3', limit: 30 };
    const answer = await viaDispatch(input);
    expect(answer).toEqual(asObjects(input));
    expect((answer as { data: { rows: unknown[] } }).data.rows).toHaveLength(30);
  });

  it('leaves each answer as it was while the windows after it are written', async () => {
    const inputs = [
      { formId: 'f1', limit: 10 },
      { formId: 'f1', status: 'all', includePreview: true, limit: 100 },
      { formId: 'f1', offset: 25, limit: 10 },
    ];
    const answers = [];
    for (const input of inputs) answers.push(await answered(input));
    answers.forEach((answer, at) => expect(read(answer)).toEqual(asObjects(inputs[at])));
  });

  it('reads a window from one commit while another connection deletes its rows', async () => {
    const input = { formId: 'f1', limit: 10 };
    const before = await viaDispatch(input);
    // The row goes between the window's first read and the rest, as a sync's delete may commit.
    const version = QueryStatements.prototype.version;
    vi.spyOn(QueryStatements.prototype, 'version').mockImplementationOnce(function (
      this: QueryStatements,
      formId,
    ) {
      const read = version.call(this, formId);
      dispatched.prepare(`DELETE FROM submissions WHERE submission_id = 's039'`).run();
      return read;
    });
    expect(await viaDispatch(input)).toEqual(before);
    const after = (await viaDispatch(input)) as { data: { total: number; rows: unknown[] } };
    expect(after.data.total).toBe(39);
    expect(after).toEqual(asObjects(input));
  });

  it('refuses input the operation does not take, saying what is wrong', async () => {
    expect(await viaDispatch({ formId: 'f1', limit: 100_000 })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_INPUT' },
    });
  });
});
