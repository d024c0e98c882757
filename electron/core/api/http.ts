import { AppError } from '../../shared/errors';
import { networkError } from './errors';
import { cancelled } from './retry';

/**
 * The part of `fetch` the client uses: Node's global fetch, or the desktop app's over Electron's
 * `net`. It must hand a redirect back when told `redirect: 'manual'`, never follow it.
 */
export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

export interface Timeouts {
  /** From sending until the status line and headers have arrived. */
  headersMs: number;
  /** From the headers until the whole body has arrived. */
  bodyMs: number;
  /**
   * From sending a write until its headers: a create the service is still committing must not be
   * given up on (and then verified) sooner than the service may take to commit it.
   */
  writeHeadersMs?: number;
}

export const DEFAULT_TIMEOUTS: Required<Timeouts> = {
  headersMs: 30_000,
  bodyMs: 60_000,
  writeHeadersMs: 120_000,
};

/**
 * The largest answer read. A full page of 150 submissions is a few megabytes; past this a server
 * is broken or hostile, and reading on would only fill memory until the body timeout.
 */
export const MAX_ANSWER_BYTES = 32 * 1024 * 1024;

export interface HttpRequest {
  method: 'GET' | 'POST' | 'DELETE';
  url: string;
  headers: Record<string, string>;
  body?: string;
  signal?: AbortSignal;
  /** A write (POST) whose failure after sending leaves its outcome unknown. */
  isWrite: boolean;
  /** Named in messages; never the full URL, which may be long or carry more than it should. */
  host: string;
  /**
   * A 2xx answer's body is returned as its bytes, not decoded or parsed: it is read on the thread
   * that uses it (a sync's page, where it is stored). Other answers are parsed as always, for
   * their errors.
   */
  rawBody?: boolean;
}

export interface HttpAnswer {
  status: number;
  headers: Headers;
  /** Parsed JSON (the bytes themselves for a 2xx answer to a `rawBody` request); undefined for an empty body. */
  body: unknown;
  /** Set when the body could not be used: not JSON (`unparseable`) or cut off (`cut`). */
  bodyProblem?: 'unparseable' | 'cut';
}

/**
 * One HTTP exchange with timeouts on the headers and on the body and cancellation by signal.
 * Transport failures become AppError (NETWORK, TIMEOUT, CANCELLED); a write that may have reached
 * the server is marked `outcomeUnknown`. Statuses are returned, not judged.
 */
export async function sendOnce(
  fetch: FetchLike,
  request: HttpRequest,
  timeouts: Timeouts,
): Promise<HttpAnswer> {
  const { signal, isWrite, host } = request;
  if (signal?.aborted) throw cancelled();
  const controller = new AbortController();
  let timedOut: 'headers' | 'body' | undefined;
  const onAbort = () => controller.abort();
  signal?.addEventListener('abort', onAbort, { once: true });
  const arm = (phase: 'headers' | 'body', ms: number) =>
    setTimeout(() => {
      timedOut = phase;
      controller.abort();
    }, ms);

  // Why the exchange stopped, given that it did not finish.
  const failure = (error: unknown, sent: boolean): AppError => {
    if (signal?.aborted) return cancelled(isWrite && sent);
    if (timedOut) {
      const unknown = isWrite && sent;
      return new AppError(
        'TIMEOUT',
        unknown
          ? `${host} did not answer in time. The change may or may not have been saved.`
          : `${host} did not answer in time. Try again in a moment.`,
        { retryable: true, outcomeUnknown: unknown, details: { phase: timedOut } },
      );
    }
    return networkError(error, host, isWrite).error;
  };

  let timer = arm(
    'headers',
    request.method === 'POST'
      ? (timeouts.writeHeadersMs ?? timeouts.headersMs)
      : timeouts.headersMs,
  );
  try {
    let response: Response;
    try {
      response = await fetch(request.url, {
        method: request.method,
        headers: request.headers,
        body: request.body,
        // Judged by the caller, never followed: see `redirected` in errors.ts.
        redirect: 'manual',
        signal: controller.signal,
      });
    } catch (error) {
      throw failure(error, networkError(error, host, isWrite).sent);
    }
    clearTimeout(timer);
    timer = arm('body', timeouts.bodyMs);
    let bytes: Uint8Array;
    try {
      bytes = await readCapped(response, () => {
        controller.abort();
        return new AppError(
          'REMOTE',
          `${host} sent an answer larger than ${MAX_ANSWER_BYTES / 1024 / 1024} MB; Formdesk stopped reading it.${isWrite ? ' The change may or may not have been saved.' : ''}`,
          { outcomeUnknown: isWrite },
        );
      });
    } catch (error) {
      if (error instanceof AppError) throw error;
      if (signal?.aborted || timedOut) throw failure(error, true);
      return {
        status: response.status,
        headers: response.headers,
        body: undefined,
        bodyProblem: 'cut',
      };
    }
    const raw = request.rawBody === true && response.status >= 200 && response.status < 300;
    return {
      status: response.status,
      headers: response.headers,
      ...(raw ? { body: bytes } : parseBody(new TextDecoder().decode(bytes))),
    };
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
}

/** The body's bytes, refused with `tooLarge()` as soon as they pass MAX_ANSWER_BYTES. */
async function readCapped(response: Response, tooLarge: () => AppError): Promise<Uint8Array> {
  if (Number(response.headers.get('content-length') ?? 0) > MAX_ANSWER_BYTES) throw tooLarge();
  if (!response.body) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of response.body) {
    size += chunk.byteLength;
    if (size > MAX_ANSWER_BYTES) throw tooLarge();
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

function parseBody(text: string): Pick<HttpAnswer, 'body' | 'bodyProblem'> {
  if (text.trim() === '') return { body: undefined };
  try {
    return { body: JSON.parse(text) as unknown };
  } catch {
    return { body: undefined, bodyProblem: 'unparseable' };
  }
}
