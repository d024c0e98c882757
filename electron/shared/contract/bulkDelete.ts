import { z } from 'zod';
import { op } from './define';
import { SubmissionFilter } from './submissions';

const formId = z.string().min(1).max(200);
const submissionId = z.string().min(1).max(200);
const jobId = z.string().min(1).max(200);

/** Submissions one bulk delete may name; a view larger than this is deleted in several jobs. */
export const MAX_BULK_DELETE = 100_000;

/**
 * A bulk delete's life: `waiting` while the service cannot be reached (nothing is sent),
 * `interrupted` when a crash or a closed workspace stopped it (it resumes when the workspace opens).
 */
export const DeleteJobState = z.enum([
  'running',
  'waiting',
  'paused',
  'interrupted',
  'done',
  'cancelled',
]);
export type DeleteJobState = z.infer<typeof DeleteJobState>;

/** `delete` keeps a copy of each row in Activity; `erase` keeps none (a person's request). */
export const DeleteJobKind = z.enum(['delete', 'erase']);
export type DeleteJobKind = z.infer<typeof DeleteJobKind>;

export const DeleteJobSummary = z.object({
  jobId: z.string(),
  kind: DeleteJobKind,
  state: DeleteJobState,
  formIds: z.array(z.string()),
  total: z.number(),
  /** Deleted on the service by this job. */
  deleted: z.number(),
  /** Already gone on the service (deleted elsewhere), removed from the cache. */
  alreadyGone: z.number(),
  /** Left where they are, each with its reason in the journal. */
  failed: z.number(),
  createdAt: z.string(),
  notice: z.string().nullable(),
});
export type DeleteJobSummary = z.infer<typeof DeleteJobSummary>;

const byJob = z.strictObject({ jobId });

export const bulkDeleteOps = {
  /**
   * Deletes the named submissions, or every cached one the view's filter matches, as a job: the
   * rows are journaled before the first request and each is deleted once, at the key's pace.
   */
  'submissions.deleteMany': op(
    z
      .strictObject({
        formId,
        submissionIds: z.array(submissionId).min(1).max(MAX_BULK_DELETE).optional(),
        filter: SubmissionFilter.omit({ formId: true }).optional(),
      })
      .refine((input) => (input.submissionIds === undefined) !== (input.filter === undefined), {
        message: 'name the submissions or give the view, not both',
      }),
    DeleteJobSummary,
  ),
  'deleteJobs.list': op(z.strictObject({}), z.object({ jobs: z.array(DeleteJobSummary) })),
  'deleteJobs.pause': op(byJob, DeleteJobSummary),
  'deleteJobs.resume': op(byJob, DeleteJobSummary),
  'deleteJobs.cancel': op(byJob, DeleteJobSummary),
};
