import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { type SubmissionSummary } from '../../../../electron/shared/contract/summary';
import { useInvoke } from '../../bridge';
import { type SubmissionQuery } from './queryInput';
import { useBoundedRefresh } from './useBoundedRefresh';

/** Outside the `submissions.` family, for the reason `useBoundedRefresh` gives. */
const SUMMARY_QUERY = 'submissionSummary';
/** A summary reads every answer of the view: while a sync writes, it is read again at most this often. */
const REFRESH_INTERVAL_MS = 5_000;

/** The summary of the view the table shows; its sort changes nothing, so it does not ask again. */
export function useSummary(query: SubmissionQuery) {
  const invoke = useInvoke();
  const { sortBy: _sortBy, sort: _sort, ...view } = query;
  const key = JSON.stringify(view);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the view, by its value
  const stable = useMemo(() => view, [key]);
  useBoundedRefresh(query.formId, SUMMARY_QUERY, REFRESH_INTERVAL_MS);
  return useQuery<SubmissionSummary>({
    queryKey: [SUMMARY_QUERY, stable],
    queryFn: () => invoke('submissions.summary', stable),
    // The charts stay while a new filter is read, instead of blinking to a skeleton.
    placeholderData: keepPreviousData,
  });
}
