import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { type OpOutput } from '../../../../electron/shared/contract';
import { invalidate, useInvoke } from '../../bridge';
import { inFamilies } from '../../bridge/invalidation';
import { WINDOWS_QUERY } from '../submissions/useSubmissionWindows';

export type Recreated = OpOutput<'activity.recreate'>;

/** What a copy created again changes: the table and its counts, and Activity. */
export const RECREATE_CHANGES = ['submissions.', WINDOWS_QUERY, 'activity.', 'forms.', 'imports.'];

/**
 * Creates a deleted submission again from its Activity copy. A plain function rather than a
 * mutation, so a notification may call it after the screen that showed it has gone.
 */
export function useRecreateCopy(): (entryId: number) => Promise<Recreated> {
  const invoke = useInvoke();
  const queryClient = useQueryClient();
  return useCallback(
    async (entryId: number) => {
      const result = await invoke('activity.recreate', { entryId });
      await invalidate(queryClient, (query) => inFamilies(query.queryKey, RECREATE_CHANGES));
      return result;
    },
    [invoke, queryClient],
  );
}
