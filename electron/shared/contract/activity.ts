import { z } from 'zod';
import { op } from './define';

export const ActivityEntry = z.object({
  id: z.number(),
  at: z.string(),
  workspaceId: z.string(),
  /** What happened, e.g. `submission.deleted`. */
  kind: z.string(),
  formId: z.string().nullable(),
  submissionId: z.string().nullable(),
  summary: z.string(),
  /** What was removed, whole, when there was a copy of it. */
  snapshot: z.unknown(),
});
export type ActivityEntry = z.infer<typeof ActivityEntry>;

export const activityOps = {
  /** The local audit log, newest first; pass the last id as `beforeId` for the next page. */
  'activity.list': op(
    z.strictObject({ limit: z.number().int().min(1).max(500).default(100), beforeId: z.number().int().optional() }),
    z.object({ entries: z.array(ActivityEntry), nextBeforeId: z.number().nullable() }),
  ),
  /** The whole log as a JSON file under the data dir's exports. */
  'activity.export': op(
    z.strictObject({}),
    z.object({ exportId: z.string(), fileName: z.string(), entries: z.number(), bytes: z.number() }),
  ),
};
