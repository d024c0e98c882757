import { type FormSyncStatus } from '../../shared/contract/sync';
import { type CachedForm } from '../cache/formStore';
import { type SyncState } from '../cache/syncStateStore';

/** One form's freshness from its per-status sync states. */
export function formSyncStatus(
  form: CachedForm,
  states: readonly SyncState[],
  facts: { syncing: boolean; online: boolean; now: Date; staleAfterMs: number },
): FormSyncStatus {
  const synced = states.map((s) => s.lastSyncedAt).filter((t) => t !== null);
  const reconciled = states.map((s) => s.lastReconciledAt).filter((t) => t !== null);
  // The form is only as fresh as its least recently synced status.
  const lastSyncedAt =
    synced.length === states.length && synced.length > 0 ? (synced.sort()[0] ?? null) : null;
  const lastError = states.find((s) => s.lastError !== null)?.lastError ?? null;
  const state = facts.syncing
    ? 'syncing'
    : lastError !== null
      ? 'error'
      : lastSyncedAt === null
        ? 'never'
        : 'synced';
  const old =
    lastSyncedAt === null || facts.now.getTime() - Date.parse(lastSyncedAt) > facts.staleAfterMs;
  return {
    formId: form.formId,
    name: form.name,
    state,
    lastSyncedAt,
    lastReconciledAt:
      reconciled.length === states.length && reconciled.length > 0
        ? (reconciled.sort()[0] ?? null)
        : null,
    lastError,
    stale: old || !facts.online,
    resumable: states.some((s) => s.phase !== 'idle'),
    counts: form.counts,
  };
}
