import { EventEmitter } from 'node:events';
import { type ClientRequest, type IncomingMessage, request as httpRequest } from 'node:http';

type RedirectMode = 'follow' | 'error' | 'manual';

/** Chromium's names for the failures a loopback test can meet. */
const CHROMIUM_CODES: Record<string, string> = {
  ECONNREFUSED: 'ERR_CONNECTION_REFUSED',
  ECONNRESET: 'ERR_CONNECTION_RESET',
  ENOTFOUND: 'ERR_NAME_NOT_RESOLVED',
};

/**
 * Electron's `net.request` in plain Node, over `node:http`, with its redirect modes: `manual`
 * emits `redirect` and cancels the request unless `followRedirect()` is called during it, `error`
 * fails, `follow` follows. A redirect that is followed carries every header the request had,
 * the key too, so a test sees the key arrive wherever a path lets it go.
 */
export function standInNetRequest(sentTo: string[]) {
  return (options: { url: string; method?: string; redirect?: RedirectMode }) =>
    new StandInClientRequest(options, sentTo);
}

class StandInClientRequest extends EventEmitter {
  private readonly headers: Record<string, string> = {};
  private body: string | undefined;
  private current: ClientRequest | undefined;
  private answer: IncomingMessage | undefined;
  private aborted = false;
  private following = false;

  constructor(
    private readonly options: { url: string; method?: string; redirect?: RedirectMode },
    private readonly sentTo: string[],
  ) {
    super();
  }

  setHeader(name: string, value: string): void {
    this.headers[name] = value;
  }

  followRedirect(): void {
    this.following = true;
  }

  /** As Electron's: the answer under way ends without an error, then the request stops. */
  abort(): void {
    if (this.aborted) return;
    this.aborted = true;
    this.answer?.destroy();
    this.current?.destroy();
    process.nextTick(() => this.emit('abort'));
  }

  end(body?: string): void {
    this.body = body;
    this.send(this.options.url, this.options.method ?? 'GET', 0);
  }

  private send(url: string, method: string, hops: number): void {
    this.sentTo.push(url);
    const request = httpRequest(url, { method, headers: this.headers });
    this.current = request;
    request.on('response', (response) => {
      if (this.aborted) return void response.destroy();
      const status = response.statusCode ?? 0;
      const location = response.headers.location;
      if (status < 300 || status >= 400 || !location) {
        this.answer = response;
        return void this.emit('response', response);
      }
      response.resume();
      const next = new URL(location, url).href;
      const nextMethod =
        status === 303 || ((status === 301 || status === 302) && method === 'POST')
          ? 'GET'
          : method;
      const mode = this.options.redirect ?? 'follow';
      if (mode === 'error')
        return this.fail(new Error("Attempted to redirect, but redirect policy was 'error'"));
      if (mode === 'manual') {
        this.following = false;
        this.emit('redirect', status, nextMethod, next, arrays(response));
        if (this.aborted) return;
        if (!this.following) return this.fail(new Error('Redirect was cancelled'));
      }
      if (hops >= 20) return this.fail(new Error('net::ERR_TOO_MANY_REDIRECTS'));
      if (nextMethod === 'GET') this.body = undefined;
      this.send(next, nextMethod, hops + 1);
    });
    request.on('error', (error: NodeJS.ErrnoException) => {
      if (this.aborted) return;
      this.fail(new Error(`net::${CHROMIUM_CODES[error.code ?? ''] ?? 'ERR_FAILED'}`));
    });
    request.end(this.body);
  }

  private fail(error: Error): void {
    this.current?.destroy();
    this.emit('error', error);
  }
}

/** Headers as the `redirect` event hands them: each name's values in a list. */
function arrays(response: IncomingMessage): Record<string, string[]> {
  const headers: Record<string, string[]> = {};
  for (const [name, value] of Object.entries(response.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value : [value];
  }
  return headers;
}
