import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { invalidate, useAppEvent } from '../../bridge';

/**
 * Refetches the queries under `queryKey` when the form's cached rows change: at once, then at
 * most every `intervalMs` while a sync keeps writing. Such queries keep their keys out of the
 * `submissions.` family, which the app-wide invalidation would refetch on every page committed.
 */
export function useBoundedRefresh(formId: string, queryKey: string, intervalMs: number): void {
  const queryClient = useQueryClient();
  const last = useRef(0);
  const pending = useRef<number | null>(null);

  useEffect(
    () => () => {
      if (pending.current !== null) window.clearTimeout(pending.current);
    },
    [],
  );

  useAppEvent('cache.changed', (event) => {
    if (!event.tables.includes('submissions') || (event.formId && event.formId !== formId)) return;
    if (pending.current !== null) return;
    const refresh = () => {
      pending.current = null;
      last.current = Date.now();
      void invalidate(queryClient, (query) => query.queryKey[0] === queryKey);
    };
    const wait = last.current + intervalMs - Date.now();
    if (wait <= 0) refresh();
    else pending.current = window.setTimeout(refresh, wait);
  });
}
