import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import {
  type SubmissionListRow,
  type StatusCounts,
} from '../../../../electron/shared/contract/submissions';
import { useInvoke } from '../../bridge';
import { type SubmissionQuery } from './queryInput';
import { useBoundedRefresh } from './useBoundedRefresh';
import { planWindows } from './windowPlan';

/** Rows per request: small enough to answer instantly, large enough to scroll a while. */
const WINDOW_SIZE = 200;
/** Windows kept at once: the renderer holds at most this many rows of a form, never all of it. */
const MAX_WINDOWS = 4;
/** While a sync writes the cache many times a second, the table refreshes at most this often. */
const REFRESH_INTERVAL_MS = 2_000;

/**
 * The windows' query key. It deliberately does not start with `submissions.`: the app-wide
 * `cache.changed` invalidation would refetch every loaded window on each page a sync commits,
 * starving scrolling; `useSubmissionWindows` refreshes them itself, at a bounded rate. Writes
 * that change rows (delete) invalidate this family by name.
 */
export const WINDOWS_QUERY = 'submissionWindows';
/** Load the next window this many rows before the edge comes into view. */
const PREFETCH_MARGIN = 60;

export interface SubmissionWindows {
  /** The row at an absolute position in the results, if its window is loaded. */
  rowAt(index: number): SubmissionListRow | undefined;
  /** Where a submission is in the results now, if its window is loaded. */
  indexOf(submissionId: string): number | undefined;
  /** Loaded rows, in order, starting at `start`. */
  rows: SubmissionListRow[];
  start: number;
  total: number;
  /** The total before search, dates and answer filters narrow the view. */
  unnarrowed: number | null;
  counts: StatusCounts | null;
  /** The first rows came before the matches were counted: `total` is the matches found so far. */
  counting: boolean;
  isLoading: boolean;
  isFetching: boolean;
  error: unknown;
  /** Tell the windows which rows are on screen; they load around them. */
  showRange(first: number, last: number): void;
  refetch(): void;
}

/**
 * The results of a cache query as a sliding set of windows (TanStack infinite query, bounded by
 * `maxPages`). Scrolling loads the next or previous window; a jump far away (dragging the
 * scrollbar across a large form) restarts the windows at the place jumped to, so it costs one
 * request rather than every window in between.
 */
export function useSubmissionWindows(query: SubmissionQuery): SubmissionWindows {
  const invoke = useInvoke();
  const queryId = JSON.stringify(query);
  const [anchor, setAnchor] = useState({ queryId, offset: 0 });
  // A new query starts at the top again.
  const anchorOffset = anchor.queryId === queryId ? anchor.offset : 0;

  const result = useInfiniteQuery({
    queryKey: [WINDOWS_QUERY, query, { anchor: anchorOffset }],
    queryFn: ({ pageParam }) =>
      invoke('submissions.query', { ...query, offset: pageParam, limit: WINDOW_SIZE }),
    initialPageParam: anchorOffset,
    getNextPageParam: (last) =>
      last.offset + last.rows.length < last.total ? last.offset + WINDOW_SIZE : undefined,
    getPreviousPageParam: (first) =>
      first.offset > 0 ? Math.max(0, first.offset - WINDOW_SIZE) : undefined,
    maxPages: MAX_WINDOWS,
    placeholderData: keepPreviousData,
  });

  useBoundedRefresh(query.formId, WINDOWS_QUERY, REFRESH_INTERVAL_MS);

  const pages = result.data?.pages;
  const { rows, start } = useMemo(() => {
    if (!pages || pages.length === 0) return { rows: [], start: 0 };
    return { rows: pages.flatMap((page) => page.rows), start: pages[0]?.offset ?? 0 };
  }, [pages]);
  const first = pages?.[0];

  const { hasNextPage, hasPreviousPage, isFetching, fetchNextPage, fetchPreviousPage } = result;
  // A search in a large cache answers with its first rows before it counts its matches; asked
  // again, it counts. Once: a failed count shows its error, not a loop of asking.
  const counting = first?.counted === false;
  const { refetch, error } = result;
  useEffect(() => {
    if (counting && !isFetching && !error) void refetch();
  }, [counting, isFetching, error, refetch]);
  const { isPlaceholderData } = result;
  // One fetch at a time, one step at a time: a fetch started while another runs cancels it (a
  // refresh cancels a next window, or the other way round), and the cancelled one leaves nothing
  // behind to ask again. The table calls again whenever `isFetching` changes, so the next step is
  // planned from what the finished fetch left loaded.
  const showRange = useCallback(
    (firstVisible: number, lastVisible: number) => {
      if (isPlaceholderData || isFetching) return;
      const loaded = {
        start,
        end: start + rows.length,
        hasNext: hasNextPage,
        hasPrevious: hasPreviousPage,
      };
      const [step] = planWindows(firstVisible, lastVisible, loaded, {
        windowSize: WINDOW_SIZE,
        margin: PREFETCH_MARGIN,
      });
      if (step?.kind === 'jump') setAnchor({ queryId, offset: step.offset });
      else if (step?.kind === 'next') void fetchNextPage();
      else if (step?.kind === 'previous') void fetchPreviousPage();
    },
    [
      start,
      rows.length,
      queryId,
      hasNextPage,
      hasPreviousPage,
      isFetching,
      fetchNextPage,
      fetchPreviousPage,
      isPlaceholderData,
    ],
  );

  return {
    rowAt: (index) => rows[index - start],
    indexOf: (submissionId) => {
      const at = rows.findIndex((row) => row.submissionId === submissionId);
      return at === -1 ? undefined : start + at;
    },
    rows,
    start,
    total: first?.total ?? 0,
    unnarrowed: first?.unnarrowed ?? null,
    counts: first?.counts ?? null,
    counting,
    isLoading: result.isLoading,
    isFetching: result.isFetching,
    error: result.error,
    showRange,
    refetch: () => void refetch(),
  };
}
