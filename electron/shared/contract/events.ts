import { z } from 'zod';
import { DeleteJobSummary } from './bulkDelete';
import { ImportState } from './imports';

/** Events flow one way, core → renderer; each says what changed so the renderer refetches. */
export const AppEvent = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('sync.progress'),
    workspaceId: z.string(),
    formId: z.string(),
    phase: z.string(),
    pagesDone: z.number(),
    rowsDone: z.number(),
    totalExpected: z.number().nullable(),
    etaMs: z.number().nullable(),
    done: z.boolean(),
    error: z.string().optional(),
  }),
  z.object({
    type: z.literal('import.progress'),
    jobId: z.string(),
    state: ImportState,
    rowsDone: z.number(),
    rowsTotal: z.number(),
    etaMs: z.number().nullable(),
    batchesDone: z.number().optional(),
    batchesTotal: z.number().optional(),
    rowsPerSecond: z.number().nullable().optional(),
    created: z.number().optional(),
    failed: z.number().optional(),
    /** What the last check of an uncertain batch found, for people. */
    notice: z.string().nullable().optional(),
  }),
  /** A bulk delete's counts after each row, and each change of its state. */
  z.object({
    type: z.literal('delete.progress'),
    workspaceId: z.string(),
    job: DeleteJobSummary,
  }),
  z.object({
    type: z.literal('export.progress'),
    workspaceId: z.string(),
    exportId: z.string(),
    formId: z.string(),
    rowsDone: z.number(),
    rowsTotal: z.number(),
    done: z.boolean(),
  }),
  z.object({
    type: z.literal('cache.changed'),
    workspaceId: z.string(),
    tables: z.array(z.string()),
    formId: z.string().optional(),
  }),
  z.object({
    type: z.literal('webhook.delivery'),
    receiverId: z.string(),
    deliveryId: z.string(),
    formId: z.string().nullable(),
    submissionId: z.string().nullable(),
  }),
  z.object({
    type: z.literal('connection.changed'),
    workspaceId: z.string(),
    state: z.enum(['online', 'offline', 'unauthorized']),
  }),
]);
export type AppEvent = z.infer<typeof AppEvent>;
export type AppEventType = AppEvent['type'];
