import { type HandlersOn, MAX_BULK_DELETE } from '../../shared/contract';
import { AppError } from '../../shared/errors';
import { cacheStores } from '../cache/cacheStores';
import { type AppContext } from '../session/context';
import { bulkDeletesFor } from './bulkDeletes';

type BulkDeleteHandlers = Pick<
  HandlersOn<'core'>,
  | 'submissions.deleteMany'
  | 'deleteJobs.list'
  | 'deleteJobs.pause'
  | 'deleteJobs.resume'
  | 'deleteJobs.cancel'
>;

/** Bulk deletes: started from named rows or a view of the cache, then paused, resumed, cancelled. */
export function bulkDeleteHandlers(
  ctx: AppContext,
  options: { retryDelayMs?: number } = {},
): BulkDeleteHandlers {
  const deletes = bulkDeletesFor(ctx, options);
  return {
    'submissions.deleteMany': async ({ formId, submissionIds, filter }) => {
      const ids =
        submissionIds ??
        Array.from(
          cacheStores(ctx.session().db).query.all({ ...filter!, formId }),
          (row) => row.submissionId,
        );
      if (ids.length > MAX_BULK_DELETE)
        throw new AppError(
          'INVALID_INPUT',
          `This view holds ${ids.length} submissions; one bulk delete takes at most ${MAX_BULK_DELETE}. Narrow the view (by dates, say) and delete it in parts.`,
        );
      return deletes.start(
        'delete',
        ids.map((submissionId) => ({ formId, submissionId })),
      );
    },
    'deleteJobs.list': async () => {
      const { journal } = deletes.current();
      return { jobs: journal.jobIds().map((jobId) => journal.summary(jobId)) };
    },
    'deleteJobs.pause': async ({ jobId }) => {
      const { journal, runner } = deletes.current();
      journal.require(jobId);
      await runner.stop(jobId, 'pause');
      return journal.summary(jobId);
    },
    'deleteJobs.resume': async ({ jobId }) => {
      const { journal, runner } = deletes.current();
      const job = journal.require(jobId);
      if (job.state === 'done' || job.state === 'cancelled')
        throw new AppError(
          'CONFLICT',
          `This bulk delete is ${job.state}; there is nothing to resume.`,
        );
      void runner.run(jobId);
      return journal.summary(jobId);
    },
    'deleteJobs.cancel': async ({ jobId }) => {
      const { journal, runner } = deletes.current();
      const job = journal.require(jobId);
      if (job.state === 'done' || job.state === 'cancelled') return journal.summary(jobId);
      // Through the loop, so a row whose answer is awaited is settled before the job ends.
      await runner.run(jobId, 'cancel');
      return journal.summary(jobId);
    },
  };
}
