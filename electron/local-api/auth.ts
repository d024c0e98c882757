import { API_KEY_RULES } from '../shared/api/apiKey';
import { ServiceError } from './serviceError';

/**
 * Checks `Authorization: Bearer <key>` the way the service does: every credential failure is a
 * 400, told apart only by its message (README, "Errors"). Returns the accepted key.
 */
export function authenticate(header: string | undefined, keys: ReadonlySet<string>): string {
  const value = header?.trim() ?? '';
  if (value === '' || /^bearer$/i.test(value))
    throw new ServiceError(400, 'API authorization header missing');
  const key = /^Bearer\s+(\S+)$/i.exec(value)?.[1];
  if (key === undefined) throw new ServiceError(400, API_KEY_RULES[0].serviceMessage);
  const broken = API_KEY_RULES.find((rule) => !rule.holds(key));
  if (broken) throw new ServiceError(400, broken.serviceMessage);
  if (!keys.has(key)) throw new ServiceError(400, 'API Key invalid');
  return key;
}

/** The key a request presents, valid or not: rate limits count per key. */
export function presentedKey(header: string | undefined): string {
  return /^Bearer\s+(\S+)/i.exec(header?.trim() ?? '')?.[1] ?? '';
}
