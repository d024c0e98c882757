import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Submission } from '../../shared/api/submission';
import {
  FIRST_PERSON_MATCHES,
  MAX_PERSON_MATCHES,
  type PersonSearchResult,
} from '../../shared/contract/people';
import { type Handlers } from '../../shared/contract';
import { cacheStores } from '../cache/cacheStores';
import { toSubmissionRow } from '../cache/submissionRow';
import { openTempCache, type TempCache } from '../operations/testing/tempCache';
import { cacheReadHandlers } from '../operations/cacheReads';
import { dispatch } from '../operations/dispatch';

const NAME = 'Wren Halloway';
/** Listed by name, so the list's order is none of the order the rows were cached in. */
const FORMS = [
  { formId: 'fA', name: 'Orders' },
  { formId: 'fB', name: 'Returns' },
  { formId: 'fC', name: 'Archive' },
];

let cache: TempCache;
let handlers: Handlers;

beforeEach(() => {
  cache = openTempCache('people-first-page');
  cacheStores(cache.db).forms.replaceListed(FORMS, '2026-01-01T00:00:00.000Z');
  handlers = cacheReadHandlers({
    dataDir: cache.dir,
    emit: () => {},
    session: () => ({ workspace: { id: 'w1', name: 'Test' } as never, db: cache.db }),
  }) as Handlers;
});
afterEach(() => cache.close());

/** `count` submissions holding the name, dealt round the forms, each cached at a scattered time. */
function fill(count: number): void {
  const stores = cacheStores(cache.db);
  for (const [f, form] of FORMS.entries()) {
    const rows: Submission[] = [];
    for (let i = f; i < count; i += FORMS.length)
      rows.push({
        submissionId: `${form.formId}-${i}`,
        submissionTime: new Date(
          Date.UTC(2026, 0, 1) + ((i * 7919) % count) * 60_000,
        ).toISOString(),
        questions: [{ id: 'nm', name: 'Name', type: 'ShortAnswer', value: NAME }],
      });
    rows.push({
      submissionId: `${form.formId}-other`,
      submissionTime: '2026-02-01T00:00:00.000Z',
      questions: [{ id: 'nm', name: 'Name', type: 'ShortAnswer', value: 'Somebody Else' }],
    });
    stores.submissions.upsert(
      form.formId,
      rows.map((s) => toSubmissionRow(s, 'finished')),
      '2026-01-01T00:00:00.000Z',
    );
  }
}

async function search(input: { query: string; limit?: number }): Promise<PersonSearchResult> {
  const result = await dispatch(handlers, 'people.search', input);
  if (!result.ok) throw new Error(`people.search failed: ${result.error.message}`);
  return result.data as PersonSearchResult;
}

/** The list as the screen reads it, top to bottom. */
const listed = (result: PersonSearchResult) =>
  result.groups.flatMap((g) => g.matches.map((m) => `${g.formName} ${m.submissionTime}`));

describe('a first page of people found', () => {
  it('is the start of the whole list, and says how long that list is', async () => {
    fill(30);
    const whole = await search({ query: NAME });
    expect(whole).toMatchObject({
      total: 30,
      truncated: false,
      whole: { total: 30, truncated: false },
    });
    expect(whole.groups.map((g) => g.formName)).toEqual(['Archive', 'Orders', 'Returns']);
    const times = whole.groups[0]!.matches.map((m) => m.submissionTime);
    expect(times).toEqual([...times].sort().reverse());

    const page = await search({ query: NAME.toLowerCase(), limit: 12 });
    expect(page).toMatchObject({
      total: 12,
      truncated: true,
      whole: { total: 30, truncated: false },
    });
    expect(listed(page)).toEqual(listed(whole).slice(0, 12));
    expect(page.groups.map((g) => [g.formName, g.matches.length])).toEqual([
      ['Archive', 10],
      ['Orders', 2],
    ]);
    expect(page.groups[0]!.matches[0]!.foundIn).toEqual([
      { key: 'nm', label: 'Name', value: NAME },
    ]);

    // A page as long as the list is the whole list.
    expect(await search({ query: NAME, limit: 30 })).toEqual(whole);
  });

  it('tells at once when the whole list will be cut short', async () => {
    fill(MAX_PERSON_MATCHES + 1);
    const page = await search({ query: NAME, limit: FIRST_PERSON_MATCHES });
    expect(page).toMatchObject({
      total: FIRST_PERSON_MATCHES,
      truncated: true,
      whole: { total: MAX_PERSON_MATCHES, truncated: true },
    });
    const whole = await search({ query: NAME });
    expect(whole).toMatchObject({
      total: MAX_PERSON_MATCHES,
      truncated: true,
      whole: { total: MAX_PERSON_MATCHES, truncated: true },
    });
    expect(listed(page)).toEqual(listed(whole).slice(0, FIRST_PERSON_MATCHES));
  });

  it('is asked for no longer than the whole list', async () => {
    const result = await dispatch(handlers, 'people.search', {
      query: NAME,
      limit: MAX_PERSON_MATCHES + 1,
    });
    expect(result.ok).toBe(false);
  });
});
