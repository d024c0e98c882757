import { type z } from 'zod';
import { type submissionOps } from '../../shared/contract/submissions';
import { AppError, isAppError } from '../../shared/errors';
import { cacheStores } from '../cache/cacheStores';
import { type WorkspaceSession } from '../session/context';
import { type ConnectionMonitor } from '../sync/connection';

type Output = z.input<(typeof submissionOps)['submissions.delete']['output']>;

/**
 * Deletes on the server first; only its answer removes the cached row, and a snapshot of what was
 * deleted goes to the activity log. A 404 counts as "already gone" only when the service's own
 * error says the submission (or its form) is not found and a read confirms it: any other 404 (a
 * proxy's page, a wrong address) leaves the row where it is, with a sentence.
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
      session.api.deleteSubmission(formId, submissionId, {
        priority: 'interactive',
        signal: session.signal,
      }),
    );
    alreadyGone = result.alreadyDeleted;
  } catch (error) {
    if (!isAppError(error)) throw error;
    if (error.code === 'NOT_FOUND') {
      if (!saysItemMissing(error)) throw unconfirmed();
      alreadyGone = true;
    } else if (['NETWORK', 'TIMEOUT', 'OFFLINE'].includes(error.code)) {
      // A delete that may have reached the server is safe to send again: a second try answers
      // 404 if the first one did delete, and the cache follows then.
      throw error.outcomeUnknown
        ? new AppError(
            'OFFLINE',
            'The service could not be reached; the deletion could not be confirmed. Nothing was removed here: try again once it answers.',
            {
              retryable: true,
              outcomeUnknown: true,
            },
          )
        : new AppError('OFFLINE', 'The service could not be reached; nothing was deleted.', {
            retryable: true,
          });
    } else {
      throw error;
    }
  }
  if (alreadyGone) await confirmGone(session, formId, submissionId);
  const { snapshot, copyId } = stores.db.transaction(() => {
    const removed = stores.submissions.delete(formId, submissionId);
    const entryId = stores.activity.record({
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
    return { snapshot: removed, copyId: removed ? entryId : null };
  })();
  return {
    deleted: true,
    alreadyGone,
    message: alreadyGone
      ? 'This submission was already deleted on the server; it has been removed here too.'
      : snapshot
        ? 'Submission deleted. A copy is kept in the activity log.'
        : 'Submission deleted.',
    copyId,
  };
}

export const saysItemMissing = (error: AppError) =>
  error.details?.missing === 'submission' || error.details?.missing === 'form';

export function unconfirmed(): AppError {
  return new AppError(
    'REMOTE',
    'The server answered "not found" without saying the submission is gone (an answer from a proxy or a wrong address?). Nothing was removed here: check the workspace address and try again.',
  );
}

/** "Not found" to a delete is believed once a read of the submission says the same. */
async function confirmGone(
  session: WorkspaceSession,
  formId: string,
  submissionId: string,
): Promise<void> {
  try {
    await session.api.getSubmission(
      formId,
      submissionId,
      {},
      { priority: 'interactive', signal: session.signal },
    );
  } catch (error) {
    if (isAppError(error) && error.code === 'NOT_FOUND' && saysItemMissing(error)) return;
    if (isAppError(error) && error.code === 'NOT_FOUND') throw unconfirmed();
    throw new AppError(
      'REMOTE',
      'The server said this submission was not found, but it could not be checked. Nothing was removed here: try again.',
      { retryable: true, cause: error },
    );
  }
  throw new AppError(
    'REMOTE',
    'The server said this submission was not found, yet it still returns it. Nothing was removed here: try again.',
  );
}
