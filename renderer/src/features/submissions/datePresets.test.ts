import { describe, expect, it } from 'vitest';
import { DATE_PRESETS, presetRange } from './datePresets';
import { BrowseFilters, defaultView } from './browseState';

describe('presetRange', () => {
  const now = new Date('2025-03-15T12:00:00.000Z');

  it('counts back whole days from now and leaves the end open', () => {
    expect(presetRange('24h', now)).toEqual({ after: '2025-03-14T12:00:00.000Z', before: null });
    expect(presetRange('7d', now)).toEqual({ after: '2025-03-08T12:00:00.000Z', before: null });
    expect(presetRange('90d', now).after).toBe('2024-12-15T12:00:00.000Z');
  });

  it('starts "this year" at the first of January in the viewer zone', () => {
    const after = new Date(presetRange('ytd', now).after ?? '');
    expect([after.getFullYear(), after.getMonth(), after.getDate(), after.getHours()]).toEqual([
      2025, 0, 1, 0,
    ]);
  });

  it('has a range for every preset offered', () => {
    for (const preset of DATE_PRESETS) expect(presetRange(preset.id, now).after).not.toBeNull();
  });
});

describe('a view kept with a preset', () => {
  it('is still named by its preset and counts from now when read back', () => {
    const kept = BrowseFilters.parse({
      ...defaultView().filters,
      after: '2020-01-01T00:00:00.000Z',
      datePreset: '90d',
    });
    expect(kept.datePreset).toBe('90d');
    expect(Date.parse(kept.after ?? '')).toBeGreaterThan(Date.now() - 91 * 86_400_000);
  });

  it('keeps dates typed by hand as they are', () => {
    const after = '2020-01-01T00:00:00.000Z';
    expect(BrowseFilters.parse({ ...defaultView().filters, after }).after).toBe(after);
  });
});
