import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { type AddressInfo } from 'node:net';

/** What reached the secret path: a body to read, or one refused for its size. */
export type IncomingDelivery =
  | { kind: 'body'; text: string; bytes: number; formIdFromPath: string | null }
  | { kind: 'tooLarge'; bytes: number; formIdFromPath: string | null };

export interface ReceiverServer {
  /** `http://127.0.0.1:<port>/hooks/<token>`; webhooks point at it or at `<url>/<formId>`. */
  readonly url: string;
  close(): Promise<void>;
}

export interface ReceiverServerOptions {
  maxBodyBytes: number;
  /** Decides the status code: 200 when the delivery was understood, 400 when it was not. */
  onDelivery(delivery: IncomingDelivery): Promise<200 | 400 | 413>;
}

const PATH_PREFIX = '/hooks/';
const TOKEN_BYTES = 24;

/** Whether a url has the shape of a test receiver's address (this run's or an earlier one's). */
export function isReceiverUrl(url: string): boolean {
  return /^http:\/\/127\.0\.0\.1:\d+\/hooks\/[\w-]{32}(\/|$)/.test(url);
}

/**
 * An HTTP endpoint on loopback for webhook deliveries. The service signs nothing, so the only
 * proof a request is ours is a random token in the path; anything else gets a bare 404 and is not
 * logged (port scanners, other apps).
 */
export async function startReceiverServer(options: ReceiverServerOptions): Promise<ReceiverServer> {
  const token = randomBytes(TOKEN_BYTES).toString('base64url');
  const server = createServer((req, res) => {
    const formIdFromPath = matchPath(req.url ?? '', token);
    if (formIdFromPath === undefined) return finish(res, 404, { error: 'Not found' });
    if (req.method !== 'POST') {
      res.setHeader('allow', 'POST');
      return finish(res, 405, { error: 'Use POST' });
    }
    readBody(req, options.maxBodyBytes, (body) => {
      if (body.tooLarge) {
        void options.onDelivery({ kind: 'tooLarge', bytes: body.bytes, formIdFromPath });
        res.setHeader('connection', 'close');
        return finish(res, 413, { error: 'Payload too large' });
      }
      options.onDelivery({ kind: 'body', text: body.text, bytes: body.bytes, formIdFromPath }).then(
        (status) =>
          finish(
            res,
            status,
            status === 200 ? { received: true } : { error: 'No submission in the body' },
          ),
        () => finish(res, 500, { error: 'The delivery could not be handled' }),
      );
    });
  });
  // A slow or stuck client must not keep the receiver (or the app's shutdown) waiting.
  server.requestTimeout = 15_000;
  server.headersTimeout = 10_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${PATH_PREFIX}${token}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** undefined: not ours; null: ours without a form; otherwise the form id after the token. */
function matchPath(rawUrl: string, token: string): string | null | undefined {
  const path = rawUrl.split('?')[0] ?? '';
  if (!path.startsWith(PATH_PREFIX)) return undefined;
  const [given = '', formId, ...rest] = path.slice(PATH_PREFIX.length).split('/');
  if (rest.length > 0 || !sameToken(given, token)) return undefined;
  if (formId === undefined || formId === '') return null;
  try {
    return decodeURIComponent(formId);
  } catch {
    return undefined;
  }
}

function sameToken(given: string, token: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

function readBody(
  req: IncomingMessage,
  maxBytes: number,
  done: (
    body: { tooLarge: false; text: string; bytes: number } | { tooLarge: true; bytes: number },
  ) => void,
): void {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) {
    req.resume();
    return done({ tooLarge: true, bytes: declared });
  }
  const chunks: Buffer[] = [];
  let bytes = 0;
  let finished = false;
  req.on('data', (chunk: Buffer) => {
    if (finished) return;
    bytes += chunk.length;
    if (bytes > maxBytes) {
      finished = true;
      chunks.length = 0;
      req.resume();
      return done({ tooLarge: true, bytes });
    }
    chunks.push(chunk);
  });
  req.on('end', () => {
    if (finished) return;
    finished = true;
    done({ tooLarge: false, text: Buffer.concat(chunks).toString('utf8'), bytes });
  });
  req.on('error', () => {
    finished = true;
  });
}

function finish(res: ServerResponse, status: number, body: Record<string, unknown>): void {
  res.statusCode = status;
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify(body));
}
