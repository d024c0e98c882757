import { Readable } from 'node:stream';
import type { ClientRequest, ClientRequestConstructorOptions } from 'electron';
import { type FetchLike } from '../core/api';

/** Statuses whose answer has no body, which a `Response` refuses to be built with. */
const NO_BODY = new Set([101, 204, 205, 304]);

/**
 * A fetch over Electron's `net.request`, which applies the system's proxy settings and
 * certificate store. Unlike `net.fetch`, it honours `redirect: 'manual'` as Node's fetch does: the
 * redirect comes back as its 3xx answer, with the address in `location`, and nothing is sent
 * there, so the key never travels to wherever a server points. (`net.fetch` in manual mode only
 * fails with "Redirect was cancelled", without the address: electron/electron#43715.)
 */
export function netFetch(net: {
  request(options: ClientRequestConstructorOptions): ClientRequest;
}): FetchLike {
  return (url, init) =>
    new Promise<Response>((resolve, reject) => {
      const signal = init.signal ?? undefined;
      signal?.throwIfAborted();
      const mode = init.redirect ?? 'follow';
      const method = init.method ?? 'GET';
      const request = net.request({ url, method, redirect: mode });
      // Electron's IncomingMessage is a Readable, though its types say only an emitter.
      let answered: Readable | undefined;
      const onAbort = () => {
        // Failed with the reason before the request stops: Electron ends a stopped request's
        // answer without an error, which would read as a whole, shorter body.
        answered?.destroy(signal?.reason as Error);
        request.abort();
        reject(signal?.reason);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      const settle = () => signal?.removeEventListener('abort', onAbort);

      for (const [name, value] of new Headers(init.headers)) request.setHeader(name, value);
      request.on('redirect', (status, _method, location, headers) => {
        if (mode === 'follow') return request.followRedirect();
        settle();
        request.abort();
        if (mode === 'error') return reject(new TypeError(`Redirected to ${location}`));
        const kept = new Headers();
        for (const [name, values] of Object.entries(headers)) {
          for (const value of values) kept.append(name, value);
        }
        kept.set('location', location);
        resolve(new Response(null, { status, headers: kept }));
      });
      request.on('response', (response) => {
        const body = (answered = response as unknown as Readable);
        const headers = new Headers();
        for (const [name, value] of Object.entries(response.headers)) {
          for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
        }
        const empty = NO_BODY.has(response.statusCode) || method === 'HEAD';
        if (empty) body.resume();
        body.once('end', settle).once('error', settle);
        resolve(
          new Response(empty ? null : (Readable.toWeb(body) as ReadableStream), {
            status: response.statusCode,
            statusText: response.statusMessage,
            headers,
          }),
        );
      });
      request.on('error', (error) => {
        settle();
        reject(error);
      });
      if (typeof init.body === 'string') request.end(init.body);
      else if (init.body === undefined || init.body === null) request.end();
      else {
        settle();
        request.abort();
        reject(new TypeError('Requests through net carry text bodies only.'));
      }
    });
}
