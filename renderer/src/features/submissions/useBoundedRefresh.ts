import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { invalidate, useAppEvent } from '../../bridge';
import { createBoundedRefresh } from './boundedRefresh';

/**
 * Refetches the queries under `queryKey` when the form's cached rows change: at once, then at
 * most every `intervalMs` while a sync keeps writing, and at once when the form's sync ends, so
 * the table never lags the form's "Synced". Such queries keep their keys out of the
 * `submissions.` family, which the app-wide invalidation would refetch on every page committed.
 */
export function useBoundedRefresh(formId: string, queryKey: string, intervalMs: number): void {
  const queryClient = useQueryClient();
  const [bounded] = useState(() =>
    createBoundedRefresh(
      () => void invalidate(queryClient, (query) => query.queryKey[0] === queryKey),
      intervalMs,
    ),
  );
  useEffect(() => () => bounded.dispose(), [bounded]);

  useAppEvent('cache.changed', (event) => {
    if (!event.tables.includes('submissions') || (event.formId && event.formId !== formId)) return;
    bounded.changed();
  });
  useAppEvent('sync.progress', (event) => {
    if (event.done && event.formId === formId) bounded.settled();
  });
}
