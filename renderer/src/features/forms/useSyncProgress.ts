import { useState } from 'react';
import { useAppEvent } from '../../bridge';
import type { SyncProgress } from './syncProgress';

/** The latest `sync.progress` of each form of the workspace, while this screen is open. */
export function useSyncProgress(workspaceId: string | null): ReadonlyMap<string, SyncProgress> {
  const [byForm, setByForm] = useState<ReadonlyMap<string, SyncProgress>>(new Map());
  useAppEvent('sync.progress', (event) => {
    if (event.workspaceId !== workspaceId) return;
    setByForm((previous) => new Map(previous).set(event.formId, event));
  });
  return byForm;
}
