import { describe, expect, it } from 'vitest';
import { describeProgress, formatEta, type SyncProgress } from './syncProgress';

const base: SyncProgress = {
  type: 'sync.progress',
  workspaceId: 'w',
  formId: 'f',
  phase: 'full',
  pagesDone: 3,
  rowsDone: 450,
  totalExpected: 1800,
  etaMs: 42_000,
  done: false,
};

describe('describeProgress', () => {
  it('gives a percentage and rows left when the total is known', () => {
    const { percent, label } = describeProgress(base);
    expect(percent).toBe(25);
    expect(label).toMatch(/^Downloading all submissions: 450 of 1,800 rows · about 42 s left$/);
  });

  it('shows only a running count when the service has not said how many to expect', () => {
    const { percent, label } = describeProgress({
      ...base,
      totalExpected: null,
      etaMs: null,
      phase: 'incremental',
    });
    expect(percent).toBeNull();
    expect(label).toBe('Fetching new submissions: 450 rows');
  });

  it('says why a sync stopped', () => {
    expect(
      describeProgress({ ...base, done: true, error: 'The service refused the API key.' }).label,
    ).toBe('Sync stopped: The service refused the API key.');
  });
});

describe('formatEta', () => {
  it('rounds to the unit a person reads', () => {
    expect(formatEta(800)).toBe('about 1 s');
    expect(formatEta(150_000)).toBe('about 3 min');
    expect(formatEta(2 * 3_600_000 + 5 * 60_000)).toBe('about 2 h 5 min');
  });
});
