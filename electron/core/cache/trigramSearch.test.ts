import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Submission } from '../../shared/api/submission';
import { SubmissionFilter } from '../../shared/contract/submissions';
import { openTempCache, type TempCache } from '../operations/testing/tempCache';
import { searchPeople } from '../people/peopleSearch';
import { QueryStatements } from './queryStatements';
import { searchedAmong } from './searchedAmong';
import { toSubmissionRow } from './submissionRow';
import { SubmissionQuery } from './submissionQuery';
import { SubmissionStore } from './submissionStore';
import { searchStatement, trigramsOf, trigramStatement } from './viewConditions';

/** Texts whose searches the index of word endings cannot answer: they cross words. */
const NOTES: Record<string, string> = {
  s1: 'Membership: co-op, since March',
  // Every trigram of "co-op" ("co-", "o-o", "-op"), none of them next to the others.
  s2: 'Co-owner, re-opened the shop',
  s3: 'Café Zürich',
  s4: 'Cafe Zurich',
  s5: 'He said "ok" twice',
};

let cache: TempCache;
beforeEach(() => {
  cache = openTempCache('trigram-search');
  const store = new SubmissionStore(cache.db);
  const rows = Object.entries(NOTES).map(([id, note], minute) => {
    const at = new Date(Date.UTC(2026, 0, 1, 0, minute)).toISOString();
    const submission: Submission = {
      submissionId: id,
      submissionTime: at,
      lastUpdatedAt: at,
      questions: [{ id: 'note', name: 'Note', type: 'LongAnswer', value: note }],
    };
    return toSubmissionRow(submission, 'finished');
  });
  store.transaction(() => store.upsert('f1', rows, '2026-01-02T00:00:00.000Z'));
});
afterEach(() => cache.close());

/** The rows a view searched for `search` lists, as the table asks for them. */
const found = (search: string) =>
  new SubmissionQuery(cache.db)
    .window(SubmissionFilter.parse({ formId: 'f1', search }), 0, 100)
    .rows.map((row) => row.submissionId);

/** The submission ids of the rowids a statement of the search text lists. */
const listed = (sql: string, params: (string | number)[]) =>
  cache.db
    .prepare(`SELECT submission_id FROM submissions WHERE id IN (${sql}) ORDER BY submission_id`)
    .pluck()
    .all(...params);

const people = (query: string) =>
  searchPeople(cache.db, query)
    .groups.flatMap((group) => group.matches.map((match) => match.submissionId))
    .sort();

describe('a search through the trigram index', () => {
  it('does not find a row that holds every trigram of the search apart', () => {
    // The index alone finds both rows: the row with the trigrams apart is left out by its text.
    expect(
      listed('SELECT rowid FROM submission_search WHERE submission_search MATCH ?', [
        trigramsOf('co-op'),
      ]),
    ).toEqual(['s1', 's2']);
    expect(searchStatement('co-op').sql).toContain('submission_search');
    expect(found('co-op')).toEqual(['s1']);
    expect(found('CO-OP')).toEqual(['s1']);
    expect(people('co-op')).toEqual(['s1']);
  });

  it('finds text across words in any case, letters beyond ASCII too', () => {
    expect(found('É ZÜR')).toEqual(['s3']);
    expect(found('fé zürich')).toEqual(['s3']);
    expect(found('e zur')).toEqual(['s4']);
    expect(people('É ZÜR')).toEqual(['s3']);
    // A quote is a character of the text like any other.
    expect(found('"OK" tw')).toEqual(['s5']);
    expect(found('d "ok"')).toEqual(['s5']);
  });

  it('finds a search of three characters by its one trigram, with no text to check', () => {
    expect(trigramStatement('é z')).toEqual({
      sql: 'SELECT rowid FROM submission_search WHERE submission_search MATCH ?',
      params: ['"é z"'],
    });
    expect(found('É Z')).toEqual(['s3']);
    expect(found('-op')).toEqual(['s1', 's2']);
    expect(found('"ok')).toEqual(['s5']);
    expect(found('ok"')).toEqual(['s5']);
  });

  it("checks the text of each row when it looks among a view's first rows", () => {
    const rowids = cache.db
      .prepare('SELECT id FROM submissions ORDER BY id')
      .pluck()
      .all() as number[];
    const ids = searchedAmong(new QueryStatements(cache.db), 'co-op', rowids);
    expect(listed(`SELECT value FROM json_each(?)`, [JSON.stringify(ids)])).toEqual(['s1']);
  });
});
