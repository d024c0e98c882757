import { describe, expect, it } from 'vitest';
import { matchesSearch } from './matchesSearch';

const form = { formId: 'kT9xQ2', name: 'Café feedback survey' };

describe('matchesSearch', () => {
  it('matches every word anywhere in the name, ignoring case and accents', () => {
    expect(matchesSearch(form, 'cafe SURVEY')).toBe(true);
    expect(matchesSearch(form, 'survey cafe')).toBe(true);
    expect(matchesSearch(form, 'cafe order')).toBe(false);
  });

  it('finds a form by its id', () => {
    expect(matchesSearch(form, 'kt9x')).toBe(true);
  });

  it('shows everything for a blank query', () => {
    expect(matchesSearch(form, '   ')).toBe(true);
  });
});
