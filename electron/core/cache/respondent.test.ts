import { describe, expect, it } from 'vitest';
import { respondentOf } from './respondent';

const kept = (questions: { name: string; type: string; value: unknown }[]) => ({
  submissionId: 's1',
  submissionTime: '2026-11-20T10:00:00.000Z',
  lastUpdatedAt: '2026-11-20T10:00:00.000Z',
  questions: questions.map((q, i) => ({ id: `q${i}`, ...q })),
  calculations: [],
  urlParameters: [],
});

describe('respondentOf', () => {
  it('names the respondent by their name and e-mail from the kept snapshot', () => {
    expect(
      respondentOf(
        kept([
          { name: 'How did you hear about us?', type: 'ShortAnswer', value: 'A friend' },
          { name: 'Full name', type: 'ShortAnswer', value: 'Ada Lovelace' },
          { name: 'Email', type: 'EmailInput', value: 'ada@example.com' },
        ]),
      ),
    ).toBe('Ada Lovelace (ada@example.com)');
  });

  it('uses what there is, and nothing for a snapshot that is not a submission', () => {
    expect(respondentOf(kept([{ name: 'Email', type: 'EmailInput', value: 'x@y.z' }]))).toBe(
      'x@y.z',
    );
    expect(respondentOf(kept([{ name: 'Comment', type: 'LongAnswer', value: 'hi' }]))).toBeNull();
    expect(respondentOf({ id: 40001, url: 'https://hooks.example.com' })).toBeNull();
  });
});
