import { AppError } from '../../shared/errors';
import { type ApiClient } from '../api/types';

/**
 * The client of a workspace whose key cannot be read (kept for one session only, a reset
 * keyring): the cache stays browsable offline, and every call to the service says what to do.
 */
export function lockedApiClient(baseUrl: string, workspaceName: string): ApiClient {
  const locked = (): Promise<never> =>
    Promise.reject(
      new AppError(
        'UNAUTHORIZED',
        `Formdesk has no API key for "${workspaceName}". Enter it again in Settings to sync.`,
        {
          details: { reason: 'keyMissing' },
        },
      ),
    );
  return {
    baseUrl,
    listForms: locked,
    getFormMetadata: locked,
    listSubmissions: locked,
    listSubmissionsJson: locked,
    getSubmission: locked,
    createSubmissions: locked,
    deleteSubmission: locked,
    createWebhook: locked,
    deleteWebhook: locked,
  };
}
