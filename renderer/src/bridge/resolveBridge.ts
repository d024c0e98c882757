import type { Bridge } from './bridge';
import { createHttpBridge } from './httpBridge';
import { createIpcBridge } from './ipcBridge';
import { takeSessionToken } from './sessionToken';

/** The preload's bridge inside Electron; in a browser, the HTTP bridge to the host that served us. */
export function resolveBridge(): Bridge {
  if (window.formdesk) return createIpcBridge(window.formdesk);
  const token = takeSessionToken(window.location, window.sessionStorage, window.history) ?? '';
  return createHttpBridge({ origin: window.location.origin, token });
}
