/**
 * The renderer is served from `app://formdesk/` (a privileged standard scheme), so it has a real
 * origin to check senders and navigations against. During development electron-vite's dev server
 * (ELECTRON_RENDERER_URL) is the only other origin trusted.
 */
export const APP_SCHEME = 'app';
export const APP_HOST = 'formdesk';
export const APP_URL = `${APP_SCHEME}://${APP_HOST}/index.html`;

export function isAppUrl(
  raw: string,
  devServerUrl: string | undefined = process.env.ELECTRON_RENDERER_URL,
): boolean {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return false;
  }
  // Node's URL gives non-special schemes an opaque origin ("null"): compare scheme and host.
  if (url.protocol === `${APP_SCHEME}:` && url.host === APP_HOST) return true;
  if (!devServerUrl) return false;
  return url.origin === new URL(devServerUrl).origin;
}

/** Links the app may hand to the OS browser: https only (no file:, smb:, javascript: or custom schemes). */
export function externalUrl(raw: string): string | null {
  try {
    const url = new URL(raw);
    return url.protocol === 'https:' && !url.username && !url.password ? url.toString() : null;
  } catch {
    return null;
  }
}
