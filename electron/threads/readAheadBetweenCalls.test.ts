import { afterEach, describe, expect, it, vi } from 'vitest';
import { type SubmissionSummaries } from '../core/cache/submissionSummary';
import { readAheadBetweenCalls } from './readAheadBetweenCalls';

// How the steps of reading ahead follow each other: real timers, spied on.

afterEach(() => vi.restoreAllMocks());

/** Runs three steps of reading ahead; each step's duration, and how the next ones were put off. */
async function threeSteps(keepingOnly: boolean) {
  const later = vi.spyOn(globalThis, 'setTimeout');
  const next = vi.spyOn(globalThis, 'setImmediate');
  const took: number[] = [];
  let left = 3;
  const ended = new Promise<void>((resolve) => {
    const summaries = {
      keepingOnly,
      readAhead() {
        const started = performance.now();
        // A step's work: long enough to be measured.
        while (performance.now() - started < 2);
        took.push(performance.now() - started);
        left--;
        if (left === 0) setImmediate(resolve);
        return left > 0;
      },
    } as unknown as SubmissionSummaries;
    readAheadBetweenCalls(() => summaries, { info: () => {}, error: () => {} })();
  });
  await ended;
  return { took, later: later.mock.calls.map(([, ms]) => ms ?? 0), next: next.mock.calls.length };
}

describe('reading ahead between calls', () => {
  it('rests between the steps of a form read only to be kept, as long as each step took', async () => {
    const { took, later } = await threeSteps(true);
    expect(later).toHaveLength(2);
    later.forEach((ms, i) => expect(ms).toBeGreaterThanOrEqual(took[i]!));
  });

  it('goes on at once with a form a summary was asked of', async () => {
    const { later, next } = await threeSteps(false);
    expect(later).toHaveLength(0);
    // The first step, the two after it, and the test's own end.
    expect(next).toBe(4);
  });
});
