import { describe, expect, it } from 'vitest';
import { formatHash, parseHash } from './location';

describe('app location in the URL hash', () => {
  it('round-trips a section with a selected form, including odd characters in the id', () => {
    const location = { section: 'submissions', formId: 'a b&c' };
    expect(parseHash(formatHash(location), 'forms')).toEqual(location);
  });

  it('falls back to the home section for an empty or malformed hash', () => {
    expect(parseHash('', 'forms')).toEqual({ section: 'forms', formId: null });
    expect(parseHash('#garbage', 'forms')).toEqual({ section: 'forms', formId: null });
  });

  it('reads a section without a form', () => {
    expect(parseHash('#/settings', 'forms')).toEqual({ section: 'settings', formId: null });
  });
});
