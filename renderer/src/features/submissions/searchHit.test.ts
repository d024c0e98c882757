import { describe, expect, it } from 'vitest';
import { type Submission } from '../../../../electron/shared/api/submission';
import { catalogOf } from './columnCatalog';
import { searchHit, snippetAround } from './searchHit';

const submission = {
  submissionId: 's1',
  submissionTime: '2026-11-20T10:00:00.000Z',
  lastUpdatedAt: '2026-11-20T10:00:00.000Z',
  questions: [
    { id: 'nm', name: 'Full name', type: 'ShortAnswer', value: 'Ada Lovelace' },
    {
      id: 'cm',
      name: 'Anything else?',
      type: 'LongAnswer',
      value: 'The onboarding was slow and the invoices arrived twice in October, otherwise fine.',
    },
  ],
  calculations: [],
  urlParameters: [{ id: 'u1', name: 'ref', value: 'newsletter-autumn' }],
} as unknown as Submission;
const catalog = catalogOf([], [submission]);

describe('searchHit', () => {
  it('names the first column holding the search, with the text around the match', () => {
    const hit = searchHit(submission, catalog, 'Invoices');
    expect(hit?.column).toBe('Anything else?');
    expect(hit?.snippet.startsWith('…')).toBe(true);
    expect(hit?.snippet.toLowerCase()).toContain('invoices arrived');
    expect(hit?.snippet.indexOf('invoices')).toBeLessThan(40);
  });

  it('finds url parameters, and nothing for a search no column holds', () => {
    expect(searchHit(submission, catalog, 'autumn')?.column).toBe('?ref');
    expect(searchHit(submission, catalog, 'zebra')).toBeNull();
    expect(searchHit(submission, catalog, '  ')).toBeNull();
  });

  it('keeps text whose match is near its start whole', () => {
    expect(snippetAround('Ada Lovelace', 'love')).toBe('Ada Lovelace');
  });
});
