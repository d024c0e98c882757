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

const isLoopback = (hostname: string) =>
  ['localhost', '[::1]'].includes(hostname) || /^127(\.\d{1,3}){3}$/.test(hostname);

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
  if (url.protocol === 'http:' && !isLoopback(url.hostname)) {
    return 'The address must start with https:// so your API key is never sent unencrypted.';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return 'The address must start with https://.';
  }
  if (url.search || url.hash)
    return 'Leave out the query (?…) and fragment (#…); the base URL ends at /v1/api.';
  return null;
}
