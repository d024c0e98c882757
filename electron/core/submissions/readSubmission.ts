import { type z } from 'zod';
import { type submissionOps } from '../../shared/contract/submissions';
import { AppError, isAppError } from '../../shared/errors';
import { cacheStores } from '../cache/cacheStores';
import { toSubmissionRow } from '../cache/submissionRow';
import { type WorkspaceSession } from '../session/context';
import { type ConnectionMonitor } from '../sync/connection';

type Output = z.input<(typeof submissionOps)['submissions.get']['output']>;

/**
 * One submission: fresh from the server when it answers (the cached row is refreshed with it), the
 * cached copy when it cannot be reached. A 404 means it was deleted elsewhere: the cached row goes.
 */
export async function readSubmission(
  session: WorkspaceSession,
  connection: ConnectionMonitor,
  input: { formId: string; submissionId: string; includeEditLink: boolean },
  onRemoved: () => void,
): Promise<Output> {
  const stores = cacheStores(session.db);
  const { formId, submissionId, includeEditLink } = input;
  const cached = stores.submissions.get(formId, submissionId);
  try {
    const fresh = await connection.track(() =>
      session.api.getSubmission(
        formId,
        submissionId,
        { includeEditLink },
        { priority: 'interactive', signal: session.signal },
      ),
    );
    if (cached) {
      // The single read does not say the status or preview flag: the cached row's stand.
      stores.submissions.transaction(() =>
        stores.submissions.upsert(
          formId,
          [toSubmissionRow(fresh, cached.status, cached.isPreview)],
          new Date().toISOString(),
        ),
      );
    }
    return {
      submission: fresh,
      status: cached?.status ?? null,
      isPreview: cached?.isPreview ?? false,
      source: 'server',
      syncedAt: new Date().toISOString(),
    };
  } catch (error) {
    if (isAppError(error) && error.code === 'NOT_FOUND') {
      if (cached) {
        stores.submissions.delete(formId, submissionId);
        onRemoved();
      }
      throw new AppError(
        'NOT_FOUND',
        'This submission no longer exists on the server (deleted elsewhere).',
        {
          details: { removedFromCache: cached !== null },
        },
      );
    }
    const unreachable =
      isAppError(error) &&
      ['NETWORK', 'TIMEOUT', 'OFFLINE', 'RATE_LIMITED', 'REMOTE'].includes(error.code);
    if (!cached || !unreachable) {
      if (!cached && unreachable) {
        throw new AppError(
          'OFFLINE',
          'The service could not be reached and this submission is not in the cache yet.',
          { retryable: true },
        );
      }
      throw error;
    }
    const when = `synced ${cached.syncedAt}`;
    return {
      submission: cached.submission,
      status: cached.status,
      isPreview: cached.isPreview,
      source: 'cache',
      syncedAt: cached.syncedAt,
      notice: includeEditLink
        ? `The server cannot be reached: showing the cached copy (${when}); the edit link needs a connection.`
        : `The server cannot be reached: showing the cached copy (${when}).`,
    };
  }
}
