import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Submission } from '../../shared/api/submission';
import { cacheStores } from '../cache/cacheStores';
import { toSubmissionRow } from '../cache/submissionRow';
import { openTempCache, type TempCache } from '../operations/testing/tempCache';
import { searchPeople } from './peopleSearch';

/** One address on two forms (its case as people type it), and look-alikes of it. */
const ROWS = [
  { formId: 'fA', id: 'a1', email: 'Ana.Lima@Mail.Example.com' },
  { formId: 'fB', id: 'b1', email: 'ana.lima@mail.example.com' },
  { formId: 'fA', id: 'a2', email: 'ana.lima@other.example' },
  { formId: 'fB', id: 'b2', email: 'ana.lima2@mail.example.com' },
  { formId: 'fB', id: 'b3', email: 'joana.lima@mail.example.com' },
];

let cache: TempCache;

function submission(id: string, email: string): Submission {
  return {
    submissionId: id,
    submissionTime: '2026-01-01T00:00:00.000Z',
    questions: [{ id: 'em', name: 'Email', type: 'EmailInput', value: email }],
  };
}

beforeEach(() => {
  cache = openTempCache('email-search');
  const stores = cacheStores(cache.db);
  stores.forms.replaceListed(
    [
      { formId: 'fA', name: 'Orders' },
      { formId: 'fB', name: 'Returns' },
    ],
    '2026-01-01T00:00:00.000Z',
  );
  for (const formId of ['fA', 'fB'])
    stores.submissions.upsert(
      formId,
      ROWS.filter((row) => row.formId === formId).map((row) =>
        toSubmissionRow(submission(row.id, row.email), 'finished'),
      ),
      '2026-01-01T00:00:00.000Z',
    );
});
afterEach(() => cache.close());

const found = (query: string) =>
  searchPeople(cache.db, query)
    .groups.flatMap((group) => group.matches.map((match) => match.submissionId))
    .sort();

describe('people search by e-mail', () => {
  it('finds a whole address in any case, on every form, and no look-alike', () => {
    expect(found('ana.lima@mail.example.com')).toEqual(['a1', 'b1', 'b3']);
    expect(found('ANA.LIMA@MAIL.EXAMPLE.COM')).toEqual(['a1', 'b1', 'b3']);
    expect(found('ana.lima@other.example')).toEqual(['a2']);
  });

  it('still finds an address inside a longer one, as any search does', () => {
    expect(found('lima@mail.example.com')).toEqual(['a1', 'b1', 'b3']);
    expect(found('lima2@mail.example.com')).toEqual(['b2']);
  });
});
