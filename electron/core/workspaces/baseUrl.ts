import { BASE_URL_PRESETS } from '../../shared/contract/workspaces';
import { AppError } from '../../shared/errors';

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * The base URL a workspace talks to, checked and normalised: https for any remote host (the key
 * travels in every request), plain http only on this machine's loopback (the local API, a
 * self-hosted server under test). No credentials, query or fragment; no trailing slash.
 */
export function normaliseBaseUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw invalid('That is not a web address. It should look like https://api.fillout.com/v1/api.');
  }
  if (url.protocol === 'http:' && !isLoopback(url.hostname)) {
    throw invalid(
      `The address must start with https:// — over plain http the API key would cross the network unencrypted (${url.host}).`,
    );
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw invalid('The address must start with https://.');
  }
  if (url.username || url.password)
    throw invalid('The address must not contain a user name or password.');
  if (url.search || url.hash)
    throw invalid('The address must not contain a query (?…) or a fragment (#…).');
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

export function isLoopback(hostname: string): boolean {
  return LOOPBACK_HOSTS.has(hostname) || /^127(\.\d{1,3}){3}$/.test(hostname);
}

function invalid(message: string): AppError {
  return new AppError('INVALID_INPUT', message, { details: { field: 'baseUrl' } });
}

const PRESET_NAMES: Record<keyof typeof BASE_URL_PRESETS, string> = {
  us: 'Fillout (United States)',
  eu: 'Fillout (Europe)',
  ca: 'Fillout (Canada)',
};

/** A workspace's name when the person gave none: the region for the service's hosts, else the host. */
export function defaultWorkspaceName(baseUrl: string): string {
  const preset = (Object.keys(BASE_URL_PRESETS) as Array<keyof typeof BASE_URL_PRESETS>).find(
    (region) => BASE_URL_PRESETS[region] === baseUrl,
  );
  return preset ? PRESET_NAMES[preset] : new URL(baseUrl).host;
}
