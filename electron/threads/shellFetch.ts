import { type FetchLike } from '../core/api';
import { networkCode } from '../core/api/errors';
import { type ShellRequest, type ShellResponse } from './protocol';

/** Statuses whose answer has no body, which a `Response` refuses to be built with. */
const NO_BODY = new Set([101, 204, 205, 304]);

/**
 * A fetch for the core's API clients that goes through the shell's network stack: in the desktop
 * app Electron's `net`, which applies the system's proxy settings and certificate store and exists
 * only in the main process. The answer crosses whole (a page is 150 submissions). An abort or a
 * timeout is carried to the shell, which aborts its request there: a create the core gave up on
 * must not be delivered later. It rejects once the shell says the request has ended.
 */
export function shellFetch(
  ask: (request: ShellRequest, signal: AbortSignal | undefined) => Promise<ShellResponse>,
): FetchLike {
  return async (url, init) => {
    const signal = init.signal ?? undefined;
    signal?.throwIfAborted();
    const answer = ask(shellRequest(url, init), signal);
    const answered = await (signal ? endedAfterAbort(answer, signal) : answer);
    if ('failure' in answered) {
      // Shaped as Node's fetch fails, so the client's errors read the code from the cause.
      const cause = Object.assign(new Error(answered.failure), { code: answered.code });
      throw new TypeError('fetch failed', { cause });
    }
    return new Response(NO_BODY.has(answered.status) ? null : answered.body, {
      status: answered.status,
      statusText: answered.statusText,
      headers: answered.headers,
    });
  };
}

/** Answers a request sent through `shellFetch`, with the shell's own fetch, until `cancel`. */
export async function answerShellFetch(
  fetch: FetchLike,
  request: ShellRequest,
  cancel?: AbortSignal,
): Promise<ShellResponse> {
  // A core that stops answering (stuck, not stopped) is bounded too.
  const limit = AbortSignal.timeout(SHELL_FETCH_LIMIT_MS);
  try {
    const response = await fetch(request.url, {
      method: request.method,
      headers: request.headers,
      body: request.body,
      // The core's client judges a redirect itself and never follows one (errors.ts `redirected`).
      redirect: 'manual',
      signal: cancel ? AbortSignal.any([cancel, limit]) : limit,
    });
    return {
      status: response.status,
      statusText: response.statusText,
      headers: [...response.headers],
      body: new Uint8Array(await response.arrayBuffer()),
    };
  } catch (error) {
    return {
      failure: error instanceof Error ? error.message : String(error),
      code: networkCode(error),
    };
  }
}

/** No request the core makes waits longer than this for its whole answer. */
const SHELL_FETCH_LIMIT_MS = 5 * 60_000;

function shellRequest(url: string, init: RequestInit): ShellRequest {
  if (init.body !== undefined && init.body !== null && typeof init.body !== 'string')
    throw new TypeError('Requests through the shell carry text bodies only.');
  return {
    url,
    method: init.method ?? 'GET',
    headers: [...new Headers(init.headers)],
    body: init.body ?? null,
  };
}

/** How long an aborted request may take to end in the shell before the core stops waiting. */
const ABORT_GRACE_MS = 10_000;

/**
 * The answer, or, once `signal` aborts, its reason as soon as the shell has said the request
 * ended (or after a grace, should the shell not say).
 */
function endedAfterAbort<T>(answer: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let grace: NodeJS.Timeout | undefined;
    const onAbort = () => {
      const stop = () => reject(signal.reason);
      answer.then(stop, stop);
      grace = setTimeout(stop, ABORT_GRACE_MS);
    };
    signal.addEventListener('abort', onAbort, { once: true });
    answer
      .then((value) => {
        if (!signal.aborted) resolve(value);
      }, reject)
      .finally(() => {
        clearTimeout(grace);
        signal.removeEventListener('abort', onAbort);
      });
  });
}
