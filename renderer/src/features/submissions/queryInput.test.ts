import { describe, expect, it } from 'vitest';
import {
  SubmissionFilter,
  TABLE_OPENING_VIEW,
} from '../../../../electron/shared/contract/submissions';
import { defaultView } from './browseState';
import { sortOf } from './columnIds';
import { toSubmissionQuery } from './queryInput';

describe('toSubmissionQuery', () => {
  it('asks for the newest finished submissions by default', () => {
    const { filters, layout } = defaultView();
    const query = toSubmissionQuery('f1', filters, layout.sorting);
    expect(query).toEqual({
      formId: 'f1',
      status: 'finished',
      includePreview: false,
      answers: [],
      sortBy: 'submissionTime',
      sort: 'desc',
    });
    // The view a reader reads ahead when a workspace opens.
    expect(SubmissionFilter.parse(query)).toEqual(
      SubmissionFilter.parse({ formId: 'f1', ...TABLE_OPENING_VIEW }),
    );
  });

  it('carries every toolbar option and a question sort the contract accepts', () => {
    const filters = {
      ...defaultView().filters,
      status: 'in_progress' as const,
      after: '2025-01-01T00:00:00.000Z',
      before: '2025-02-01T00:00:00.000Z',
      search: '  refund ',
      includePreview: true,
      answers: [{ key: 'q1', op: 'choiceIs' as const, value: 'Red' }],
    };
    const query = toSubmissionQuery('f1', filters, [{ id: 'q:q1', desc: false }]);
    expect(query).toMatchObject({
      status: 'in_progress',
      afterDate: '2025-01-01T00:00:00.000Z',
      beforeDate: '2025-02-01T00:00:00.000Z',
      search: 'refund',
      includePreview: true,
      answers: [{ key: 'q1', op: 'choiceIs', value: 'Red' }],
      sortBy: { answer: 'q1' },
      sort: 'asc',
    });
    expect(SubmissionFilter.safeParse(query).success).toBe(true);
  });

  it('falls back to submission time when the sorted column cannot be sorted', () => {
    expect(
      toSubmissionQuery('f1', defaultView().filters, [{ id: 'status', desc: false }]),
    ).toMatchObject({
      sortBy: 'submissionTime',
      sort: 'asc',
    });
  });
});

describe('sortOf', () => {
  it('maps columns to the cache sort keys', () => {
    expect(sortOf('payments')).toBe('paymentAmount');
    expect(sortOf('calculation:c1')).toEqual({ answer: 'calculation:c1' });
    expect(sortOf('urlParameter:utm')).toEqual({ answer: 'urlParameter:utm' });
    expect(sortOf('scheduling')).toBeNull();
  });
});
