import { describe, expect, it } from 'vitest';
import { isNarrowed, toActivityFilter, viewFromLocation, viewToLocation } from './activityView';

describe('the Activity view in the URL', () => {
  it('round-trips search, kinds, form and days, and asks for whole days of this zone', () => {
    const params = {
      q: 'Ada',
      kind: 'submission.deleted,webhook.created',
      formFilter: 'f1',
      from: '2026-11-20',
      to: '2026-11-22',
    };
    const view = viewFromLocation(params);
    expect(viewToLocation(view)).toEqual(params);
    expect(toActivityFilter(view)).toEqual({
      search: 'Ada',
      kinds: ['submission.deleted', 'webhook.created'],
      formId: 'f1',
      afterDate: new Date(2026, 10, 20).toISOString(),
      beforeDate: new Date(2026, 10, 23).toISOString(),
    });
  });

  it('counts a preset from now again, and leaves out what makes no sense', () => {
    const view = viewFromLocation({ preset: '7d', kind: 'submission.deleted,nonsense', from: 'x' });
    expect(view.kinds).toEqual(['submission.deleted']);
    expect(view.range.datePreset).toBe('7d');
    expect(Date.parse(view.range.after ?? '')).toBeGreaterThan(Date.now() - 8 * 86_400_000);
    expect(viewToLocation(view)).toMatchObject({ preset: '7d' });
    expect(viewFromLocation({ from: 'not a day' }).range.after).toBeNull();
  });

  it('is not narrowed by an empty or blank search', () => {
    expect(isNarrowed(viewFromLocation({}))).toBe(false);
    expect(isNarrowed(viewFromLocation({ q: '   ' }))).toBe(false);
    expect(isNarrowed(viewFromLocation({ q: 'x' }))).toBe(true);
  });
});
