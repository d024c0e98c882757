import { describe, expect, it } from 'vitest';
import { formatHash, parseHash } from './location';

describe('app location in the URL hash', () => {
  it('round-trips a section with a selected form, including odd characters in the id', () => {
    const location = { section: 'submissions', formId: 'a b&c', view: {} };
    expect(parseHash(formatHash(location), 'forms')).toEqual(location);
  });

  it('falls back to the home section for an empty or malformed hash', () => {
    expect(parseHash('', 'forms')).toEqual({ section: 'forms', formId: null, view: {} });
    expect(parseHash('#garbage', 'forms')).toEqual({ section: 'forms', formId: null, view: {} });
  });

  it('reads a section without a form', () => {
    expect(parseHash('#/settings', 'forms')).toEqual({
      section: 'settings',
      formId: null,
      view: {},
    });
  });

  it("round-trips a section's view beside the form, leaving out what is empty", () => {
    const location = {
      section: 'activity',
      formId: 'f1',
      view: { q: '100% & more', kind: 'submission.deleted,cache.rebuilt' },
    };
    expect(parseHash(formatHash(location), 'forms')).toEqual(location);
    expect(
      formatHash({ section: 'activity', formId: null, view: { q: '', after: '2026-11-20' } }),
    ).toBe('#/activity?after=2026-11-20');
  });
});
