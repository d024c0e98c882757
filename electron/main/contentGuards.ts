import { type App, type Session, type Shell, type WebContents } from 'electron';
import { type Logger } from '../core/logging/log';
import { externalUrl, isAppUrl } from './appUrl';

/**
 * Session-wide rules: every response carries the app's policy (app:// responses already do; this
 * covers the dev server), and every permission (camera, notifications, geolocation…) is refused
 * but the app page's clipboard writes.
 */
export function hardenSession(session: Session): void {
  session.webRequest.onHeadersReceived((details, callback) => {
    callback({
      responseHeaders: {
        ...details.responseHeaders,
        // Written out so the security scan can read it; a glue test keeps it equal to CONTENT_SECURITY_POLICY.
        'Content-Security-Policy': [
          "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'none'",
        ],
      },
    });
  });
  session.setPermissionRequestHandler((_contents, permission, callback, details) =>
    callback(isGranted(permission, details.requestingUrl)),
  );
  session.setPermissionCheckHandler((_contents, permission, requestingOrigin) =>
    isGranted(permission, requestingOrigin),
  );
}

/** The one permission the app uses: writing text to the clipboard (copy an id), from its own page. */
function isGranted(permission: string, requester: string): boolean {
  return permission === 'clipboard-sanitized-write' && isAppUrl(requester);
}

/**
 * Every web contents stays on the app: navigation away and new windows are refused, https links
 * go to the OS browser, webviews are never attached.
 */
export function guardWebContents(app: App, shell: Shell, log: Logger): void {
  app.on('web-contents-created', (_event, contents: WebContents) => {
    const stayOnApp = (event: { preventDefault(): void }, url: string) => {
      if (isAppUrl(url)) return;
      event.preventDefault();
      openOutside(shell, url, log);
    };
    contents.on('will-navigate', stayOnApp);
    contents.on('will-redirect', stayOnApp);
    contents.on('will-attach-webview', (event) => event.preventDefault());
    contents.setWindowOpenHandler(({ url }) => {
      openOutside(shell, url, log);
      return { action: 'deny' };
    });
  });
}

function openOutside(shell: Shell, url: string, log: Logger): void {
  const safe = externalUrl(url);
  if (safe === null) {
    log.warn(`refused to open a non-https link (${url.slice(0, 40)})`);
    return;
  }
  shell
    .openExternal(safe)
    .catch((error: unknown) => log.warn('the OS could not open a link', error));
}
