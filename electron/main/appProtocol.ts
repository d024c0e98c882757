import { readFile } from 'node:fs/promises';
import { type Protocol } from 'electron';
import { contentTypeOf, RENDERER_HEADERS, resolveRendererFile } from '../core/files/rendererFiles';
import { APP_HOST, APP_SCHEME } from './appUrl';

/**
 * Must run before the app is ready: gives app:// an origin, a secure context and fetch; CORS
 * support lets the page load its bundle as module scripts (Vite marks them `crossorigin`).
 */
export function registerAppScheme(protocol: Protocol): void {
  protocol.registerSchemesAsPrivileged([
    {
      scheme: APP_SCHEME,
      privileges: { standard: true, secure: true, supportFetchAPI: true, corsEnabled: true },
    },
  ]);
}

/** Serves the built renderer under app://formdesk/ with the app's security headers. */
export function serveRenderer(protocol: Protocol, rendererDir: string): void {
  protocol.handle(APP_SCHEME, async (request) => {
    const url = new URL(request.url);
    const file =
      url.host === APP_HOST && request.method === 'GET'
        ? resolveRendererFile(rendererDir, url.pathname)
        : null;
    const body = file ? await readFile(file).catch(() => null) : null;
    if (!file || !body)
      return new Response('Not Found', { status: 404, headers: RENDERER_HEADERS });
    return new Response(body, {
      headers: { ...RENDERER_HEADERS, 'content-type': contentTypeOf(file) },
    });
  });
}
