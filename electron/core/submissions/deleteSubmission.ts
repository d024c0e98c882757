import { type z } from 'zod';
import { type submissionOps } from '../../shared/contract/submissions';
import { AppError, isAppError } from '../../shared/errors';
import { cacheStores } from '../cache/cacheStores';
import { type WorkspaceSession } from '../context';
import { type ConnectionMonitor } from '../sync/connection';

type Output = z.input<(typeof submissionOps)['submissions.delete']['output']>;

/**
 * Deletes on the server first; only its answer removes the cached row, and a snapshot of what was
 * deleted goes to the activity log. A 404 means it was already gone there: the cache follows.
 */
export async function deleteSubmission(
  session: WorkspaceSession,
  connection: ConnectionMonitor,
  input: { formId: string; submissionId: string },
): Promise<Output> {
  const stores = cacheStores(session.db);
  const { formId, submissionId } = input;
  let alreadyGone: boolean;
  try {
    const result = await connection.track(() =>
      session.api.deleteSubmission(formId, submissionId, { priority: 'interactive', signal: session.signal }),
    );
    alreadyGone = result.alreadyDeleted;
  } catch (error) {
    if (!isAppError(error)) throw error;
    if (error.code === 'NOT_FOUND') {
      alreadyGone = true;
    } else if (error.outcomeUnknown) {
      throw new AppError('NETWORK', 'The connection dropped before the server answered: the submission may or may not be deleted. Sync, then check.', {
        retryable: true,
        outcomeUnknown: true,
      });
    } else if (['NETWORK', 'TIMEOUT', 'OFFLINE'].includes(error.code)) {
      throw new AppError('OFFLINE', 'You are offline; nothing was deleted.', { retryable: true });
    } else {
      throw error;
    }
  }
  const snapshot = stores.db.transaction(() => {
    const removed = stores.submissions.delete(formId, submissionId);
    stores.activity.record({
      at: new Date().toISOString(),
      workspaceId: session.workspace.id,
      kind: 'submission.deleted',
      formId,
      submissionId,
      summary: alreadyGone
        ? `Submission ${submissionId} was already deleted on the server; removed from the cache.`
        : `Deleted submission ${submissionId}.`,
      snapshot: removed,
    });
    return removed;
  })();
  return {
    deleted: true,
    alreadyGone,
    message: alreadyGone
      ? 'This submission was already deleted on the server; it has been removed here too.'
      : snapshot
        ? 'Submission deleted. A copy is kept in the activity log.'
        : 'Submission deleted.',
  };
}
