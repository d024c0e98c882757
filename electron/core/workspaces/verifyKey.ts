import { apiKeyProblem } from '../../shared/api/apiKey';
import { AppError, isAppError } from '../../shared/errors';
import { type KeyStorage } from '../../shared/contract/workspaces';
import { type ApiClient } from '../api/types';
import { type Logger } from '../logging/log';
import { type KeyVault } from './types';

/** How long adding a workspace waits for the service before calling it unreachable. */
const CHECK_TIMEOUT_MS = 15_000;

/**
 * Proves a base URL and key work together before anything is saved: a key the service's rules
 * refuse is named without sending it, then one `GET /forms`. Each way it can fail gets its own
 * sentence, naming the field the person should fix. Answers the form count.
 */
export async function verifyKey(api: ApiClient, apiKey: string): Promise<number> {
  const problem = apiKeyProblem(apiKey);
  if (problem !== null)
    throw new AppError('INVALID_INPUT', problem, { details: { field: 'apiKey' } });
  const host = new URL(api.baseUrl).host;
  try {
    const forms = await api.listForms({
      priority: 'interactive',
      signal: AbortSignal.timeout(CHECK_TIMEOUT_MS),
    });
    return forms.length;
  } catch (error) {
    throw explain(error, host);
  }
}

/** A client for a key the service has just accepted; refuses `secure` where no keyring is. */
export async function checkedClient(
  options: {
    vault: Pick<KeyVault, 'status'>;
    log: Pick<Logger, 'addSecret'>;
    createApiClient(options: { baseUrl: string; apiKey: string }): ApiClient;
  },
  baseUrl: string,
  apiKey: string,
  keyStorage: KeyStorage,
): Promise<ApiClient> {
  const keyring = options.vault.status();
  if (keyStorage === 'secure' && !keyring.secure) {
    throw new AppError(
      'INVALID_INPUT',
      `This computer offers no secure key storage (${keyring.backend}). Keep the key for this session only, or store it unencrypted on this computer.`,
      { details: { field: 'keyStorage', keyring } },
    );
  }
  options.log.addSecret(apiKey);
  const api = options.createApiClient({ baseUrl, apiKey });
  await verifyKey(api, apiKey);
  return api;
}

/**
 * The same check for an address and key from configuration (browser mode's environment): a
 * wrong address or a refused key stops it with the sentence adding them by hand gives, where
 * otherwise the workspace would open "online" on an address that answers nothing. A service
 * that cannot be reached now does not stop it, so the app still opens on its cache.
 */
export async function verifyConfigured(api: ApiClient, apiKey: string): Promise<void> {
  try {
    await verifyKey(api, apiKey);
  } catch (error) {
    if (!isAppError(error) || !error.retryable) throw error;
  }
}

function explain(error: unknown, host: string): AppError {
  const code = isAppError(error) ? error.code : 'NETWORK';
  switch (code) {
    case 'UNAUTHORIZED':
      return new AppError(
        'UNAUTHORIZED',
        `${host} refused this API key. Check that it was copied whole and that the account lives on this host (US, EU and CA accounts each have their own).`,
        { details: { field: 'apiKey' }, cause: error },
      );
    case 'NETWORK':
    case 'TIMEOUT':
    case 'OFFLINE':
      return new AppError(
        'NETWORK',
        `Could not reach ${host}. Check the address and your connection, then try again.`,
        {
          retryable: true,
          details: { field: 'baseUrl' },
          cause: error,
        },
      );
    case 'NOT_FOUND':
      return new AppError(
        'NOT_FOUND',
        `${host} answered, but not as the form submissions API. Check that the address ends in /v1/api.`,
        { details: { field: 'baseUrl' }, cause: error },
      );
    case 'RATE_LIMITED':
      return new AppError(
        'RATE_LIMITED',
        `${host} is busy (too many requests). Wait a moment and try again.`,
        {
          retryable: true,
          cause: error,
        },
      );
    default:
      return isAppError(error)
        ? error
        : new AppError('REMOTE', `${host} gave an answer Formdesk did not understand.`, {
            cause: error,
          });
  }
}
