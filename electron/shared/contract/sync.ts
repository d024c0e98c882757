import { z } from 'zod';
import { op } from './define';
import { StatusCounts } from './submissions';

const formId = z.string().min(1).max(200);

export const SyncMode = z.enum(['incremental', 'full']);
export type SyncMode = z.infer<typeof SyncMode>;

export const ConnectionState = z.enum(['unknown', 'online', 'offline', 'unauthorized']);
export type ConnectionState = z.infer<typeof ConnectionState>;

/** How fresh the cache of one form is, for "synced 3 min ago", "offline", "stale since …". */
export const FormSyncStatus = z.object({
  formId: z.string(),
  name: z.string(),
  state: z.enum(['never', 'syncing', 'synced', 'error']),
  lastSyncedAt: z.string().nullable(),
  lastReconciledAt: z.string().nullable(),
  lastError: z.string().nullable(),
  /** Not synced for a while, or the server cannot be reached: the rows may be out of date. */
  stale: z.boolean(),
  /** A cut sync left a pass half-way; the next sync resumes it. */
  resumable: z.boolean(),
  counts: StatusCounts,
});
export type FormSyncStatus = z.infer<typeof FormSyncStatus>;

export const SyncJob = z.object({
  jobId: z.string(),
  formId: z.string().nullable(),
  mode: SyncMode,
  startedAt: z.string(),
});

export const SyncStatus = z.object({
  connection: z.object({
    state: ConnectionState,
    /** The last answer of any kind from the server. */
    lastContactAt: z.string().nullable(),
    lastError: z.string().nullable(),
  }),
  running: SyncJob.nullable(),
  forms: z.array(FormSyncStatus),
});
export type SyncStatus = z.infer<typeof SyncStatus>;

export const syncOps = {
  /**
   * Starts a background sync (every form when `formId` is absent); progress arrives as events.
   * While a job runs, `job` is that one: `queued` says the request runs after it (it was not
   * already covered by it).
   */
  'sync.start': op(
    z.strictObject({ formId: formId.optional(), mode: SyncMode.default('incremental') }),
    z.object({ started: z.boolean(), queued: z.boolean().optional(), job: SyncJob }),
  ),
  'sync.cancel': op(z.strictObject({}), z.object({ cancelled: z.boolean() })),
  'sync.status': op(z.strictObject({ formId: formId.optional() }), SyncStatus),
};
