import { createReadStream } from 'node:fs';
import { isUtf8 } from 'node:buffer';
import { stat } from 'node:fs/promises';
import { type IncomingMessage, type ServerResponse } from 'node:http';
import { AppError, type Result } from '../shared/errors';
import { type Logger } from '../core/logging/log';
import { JsonInput } from '../threads/jsonInput';
import { contentTypeOf, RENDERER_HEADERS, resolveRendererFile } from '../core/files/rendererFiles';
import { DOWNLOAD_PATH, type Downloads } from './downloads';
import { type EventStream } from './eventStream';
import {
  allowedAuthorities,
  bearerToken,
  BodyTooLargeError,
  isAllowedHost,
  isAllowedOrigin,
  isJsonContentType,
  readBody,
  tokenMatches,
} from './requestGuard';

/**
 * The largest request: an operation's input is small but for a part of a file being uploaded, a
 * third larger as base64 (`UPLOAD_PART_BYTES`), and a body is held whole on the thread that
 * answers clicks.
 */
export const MAX_RPC_BODY_BYTES = 1024 * 1024;

export interface HostServerOptions {
  port: number;
  token: string;
  /**
   * Runs an operation in the core and answers its envelope as UTF-8 JSON (`CoreThreads.callForJson`);
   * its input is the request's body, JSON the core's thread parses.
   */
  call(op: string, input: JsonInput): Promise<Uint8Array>;
  events: EventStream;
  downloads: Downloads;
  rendererDir: string;
  log: Logger;
}

/**
 * Browser mode's one request handler: `POST /rpc/<op>` runs an operation through the same router as
 * Electron's IPC (its body the input's JSON), `GET /events` streams app events,
 * `GET /download?ticket=…` hands over an export, anything else is a file of the built renderer.
 * Requests for another Host or from another Origin are refused first (DNS rebinding, other sites).
 */
export function createRequestHandler(options: HostServerOptions) {
  const authorities = allowedAuthorities(options.port);

  return async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    try {
      if (!isAllowedHost(request, authorities) || !isAllowedOrigin(request, authorities)) {
        return plain(response, 403, 'Forbidden');
      }
      const url = new URL(request.url ?? '/', 'http://host');
      if (url.pathname === '/rpc' || url.pathname.startsWith(RPC_PATH))
        return await rpc(request, response, url.pathname);
      if (url.pathname === '/events') return events(request, response, url);
      if (url.pathname === DOWNLOAD_PATH && request.method === 'GET') {
        if (!(await options.downloads.serve(url.searchParams.get('ticket'), response)))
          plain(response, 404, 'Not Found');
        return;
      }
      if (request.method !== 'GET' && request.method !== 'HEAD')
        return plain(response, 405, 'Method Not Allowed');
      return await file(request, response, url.pathname);
    } catch (error) {
      options.log.error('browser-mode request failed', error);
      if (!response.headersSent) plain(response, 500, 'Internal Server Error');
      else response.destroy();
    }
  };

  async function rpc(
    request: IncomingMessage,
    response: ServerResponse,
    pathname: string,
  ): Promise<void> {
    const received = performance.now();
    if (request.method !== 'POST') return plain(response, 405, 'Method Not Allowed');
    if (!tokenMatches(bearerToken(request), options.token))
      return plain(response, 401, 'Unauthorized');
    if (!isJsonContentType(request.headers['content-type'])) {
      return plain(response, 415, 'Unsupported Media Type');
    }
    const op = pathname.slice(RPC_PATH.length);
    if (!OP_NAME.test(op)) {
      return json(response, 404, refusal('The request names no operation: POST /rpc/<operation>.'));
    }
    let body: Uint8Array;
    try {
      body = await readBody(request, MAX_RPC_BODY_BYTES);
    } catch (error) {
      if (error instanceof BodyTooLargeError) {
        response.setHeader('connection', 'close');
        return json(
          response,
          413,
          refusal(
            `This request is larger than the ${MAX_RPC_BODY_BYTES / 1024 / 1024} MB Formdesk takes in one call; nothing was changed.`,
          ),
        );
      }
      throw error;
    }
    // Checked here, without decoding, so that the worker never reads replacement characters for
    // bytes the page did not send.
    if (!isUtf8(body)) {
      return json(
        response,
        400,
        refusal(
          'This request is not UTF-8 text, so Formdesk did not read it; nothing was changed. Send its JSON encoded as UTF-8.',
        ),
      );
    }
    // Each call at debug level, on its way in and out: a page waiting on a call names it.
    options.log.debug(`call ${op} received`);
    const answer = await options.call(op, new JsonInput(body));
    const took = performance.now() - received;
    options.log.debug(`call ${op} answered in ${Math.round(took)} ms`);
    // The host's part of a call, from its request to its answer (the body read, the router, the
    // core's threads): the browser's developer tools show it beside the whole call, and a
    // benchmark tells the app's time from the browser's and the machine's.
    response.setHeader('server-timing', `app;dur=${took.toFixed(2)}`);
    return jsonBody(response, 200, answer);
  }

  function events(request: IncomingMessage, response: ServerResponse, url: URL): void {
    if (request.method !== 'GET') return plain(response, 405, 'Method Not Allowed');
    // EventSource cannot send headers, so the page passes its token in the query.
    if (!tokenMatches(url.searchParams.get('token'), options.token))
      return plain(response, 401, 'Unauthorized');
    options.events.attach(response);
    // A page that loses its stream misses the events sent meanwhile: the log shows when.
    options.log.debug(`a page's event stream opened (${options.events.size} open)`);
    response.once('close', () =>
      options.log.debug(`a page's event stream closed (${options.events.size} open)`),
    );
  }

  async function file(
    request: IncomingMessage,
    response: ServerResponse,
    pathname: string,
  ): Promise<void> {
    const path = resolveRendererFile(options.rendererDir, pathname);
    const info = path ? await stat(path).catch(() => null) : null;
    if (!path || !info?.isFile()) return plain(response, 404, 'Not Found');
    response.writeHead(200, {
      ...RENDERER_HEADERS,
      'content-type': contentTypeOf(path),
      'content-length': info.size,
      // The page's URL carries the token: never cache the page, only the hashed assets.
      'cache-control': pathname.startsWith('/assets/')
        ? 'public, max-age=31536000, immutable'
        : 'no-store',
    });
    if (request.method === 'HEAD') {
      response.end();
      return;
    }
    createReadStream(path).pipe(response);
  }
}

const RPC_PATH = '/rpc/';
/** An operation's name as the contract spells them (`submissions.query`); the core knows which. */
const OP_NAME = /^[a-z][A-Za-z]*(\.[a-z][A-Za-z]*){1,3}$/;

function refusal(message: string): Result<never> {
  return { ok: false, error: new AppError('INVALID_INPUT', message).toShape() };
}

function json(response: ServerResponse, status: number, body: unknown): void {
  jsonBody(response, status, JSON.stringify(body));
}

function jsonBody(response: ServerResponse, status: number, body: string | Uint8Array): void {
  response.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength,
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
  });
  response.end(body);
}

function plain(response: ServerResponse, status: number, text: string): void {
  response.writeHead(status, {
    'content-type': 'text/plain; charset=utf-8',
    'cache-control': 'no-store',
  });
  response.end(text);
}
