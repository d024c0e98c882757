import { BASE_URL_PRESETS } from '../../../../electron/shared/contract';

export type Region = keyof typeof BASE_URL_PRESETS | 'custom';

export const REGION_LABELS: Record<Region, string> = {
  us: 'United States',
  eu: 'Europe',
  ca: 'Canada',
  custom: 'Self-hosted or other',
};

/** The preset a base URL belongs to, or 'custom'. */
export function regionOf(baseUrl: string): Region {
  const normalized = baseUrl.trim().replace(/\/+$/, '');
  const entry = Object.entries(BASE_URL_PRESETS).find(([, url]) => url === normalized);
  return entry ? (entry[0] as Region) : 'custom';
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Why a custom base URL cannot be used, as a sentence, or null when it can. The key travels with
 * every request, so only https is accepted; plain http only to this machine (a local test server).
 */
export function baseUrlProblem(input: string): string | null {
  const value = input.trim();
  if (!value)
    return 'Enter the base URL of your account, for example https://api.example.com/v1/api.';
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'This is not a web address. It should look like https://api.example.com/v1/api.';
  }
  if (url.username || url.password)
    return 'Leave the user name and password out of the address; the API key is enough.';
  if (url.protocol === 'http:' && !LOOPBACK.has(url.hostname)) {
    return 'The address must start with https:// so your API key is never sent unencrypted.';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return 'The address must start with https://.';
  }
  if (!/\/v1\/api\/?$/.test(url.pathname)) {
    return 'The base URL ends in /v1/api, for example https://api.example.com/v1/api.';
  }
  return null;
}
