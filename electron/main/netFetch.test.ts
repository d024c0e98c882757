import { createServer, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import { type Net } from 'electron';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApiClient, type FetchLike } from '../core/api';
import { AppError } from '../shared/errors';
import { startLocalApi, type LocalApi } from '../local-api';
import { refusingPort } from '../local-api/testing/refusingPort';
import { answerShellFetch, shellFetch } from '../threads/shellFetch';
import { createElectronStandIn } from './testing/electronStandIn';
import { netFetch } from './netFetch';

// The desktop app reaches the service through Electron's `net`, whose `fetch` cannot be told not
// to follow a redirect: the key would go wherever a server points. Through the shell's fetch, a
// redirect must read exactly as it does on Node's fetch, and nothing may reach the new address.

const KEY = 'sk_live_redirect_0123456789';

/** A server at another origin (another port) that records what reaches it. */
let elsewhere: Server;
const reachedElsewhere: { url: string; authorization: string | undefined }[] = [];
/** The configured address: it answers every request with `status`, pointing at `elsewhere`. */
let moved: Server;
let status = 301;
let service: LocalApi;

const listen = async (server: Server) => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};
const close = (server: Server) => {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(resolve));
};

let elsewhereUrl: string;
let movedUrl: string;
beforeAll(async () => {
  elsewhere = createServer((request, response) => {
    reachedElsewhere.push({ url: request.url ?? '', authorization: request.headers.authorization });
    response.writeHead(200, { 'content-type': 'application/json' }).end('{"forms":[]}');
  });
  elsewhereUrl = await listen(elsewhere);
  moved = createServer((request, response) => {
    request.resume();
    response.writeHead(status, { location: `${elsewhereUrl}${request.url}` }).end();
  });
  movedUrl = await listen(moved);
  service = await startLocalApi({ port: 0, rateLimit: 0, seed: 5, submissionsPerForm: 3 });
});
afterAll(async () => {
  await close(elsewhere);
  await close(moved);
  await service.close();
});

/** The desktop app's path: the core's shell fetch, answered by `net` (here its stand-in). */
function desktopFetch(): FetchLike {
  const net = createElectronStandIn().electron.net as unknown as Net;
  return shellFetch((request, signal) => answerShellFetch(netFetch(net), request, signal));
}

const clientAt = (baseUrl: string, fetch?: FetchLike) =>
  createApiClient({
    baseUrl: `${baseUrl}/v1/api`,
    apiKey: KEY,
    ...(fetch ? { fetch } : {}),
    retry: { maxAttempts: 1 },
    rateLimit: { limit: 100, windowMs: 1000, marginMs: 0 },
  });

async function failure(call: Promise<unknown>): Promise<AppError> {
  try {
    await call;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('the call succeeded');
}

describe("redirects through the desktop app's network stack", () => {
  it.each([301, 302, 307, 308])(
    'answers a %i to another origin as a move to fix, sending nothing there',
    async (answer) => {
      status = answer;
      reachedElsewhere.length = 0;
      const desktop = await failure(clientAt(movedUrl, desktopFetch()).listForms());
      expect(desktop).toMatchObject({
        code: 'REMOTE',
        message: `The server sent Formdesk to another address (${elsewhereUrl}/v1/api/forms). Check the base URL in the workspace settings.`,
        details: { status: answer, location: `${elsewhereUrl}/v1/api/forms` },
      });
      // A write that a 307 would resend, body and key, is refused the same way.
      const write = await failure(
        clientAt(movedUrl, desktopFetch()).createSubmissions('form1', [{ questions: [] }]),
      );
      expect(write).toMatchObject({ code: 'REMOTE', details: { status: answer } });
      expect(reachedElsewhere).toEqual([]);

      // The same words as on Node's own fetch, which browser mode and the tests use.
      const node = await failure(clientAt(movedUrl).listForms());
      expect(node.toShape()).toEqual(desktop.toShape());
      expect(reachedElsewhere).toEqual([]);
    },
  );

  it('would carry the key there if a redirect were followed, which is what the check above rules out', async () => {
    status = 307;
    reachedElsewhere.length = 0;
    const net = createElectronStandIn().electron.net as unknown as Net;
    const response = await netFetch(net)(`${movedUrl}/v1/api/forms`, {
      headers: { authorization: `Bearer ${KEY}` },
      redirect: 'follow',
    });
    expect(response.status).toBe(200);
    expect(reachedElsewhere).toEqual([{ url: '/v1/api/forms', authorization: `Bearer ${KEY}` }]);
  });

  it('reads an ordinary answer whole, headers and body', async () => {
    const client = clientAt(service.baseUrl.replace(/\/v1\/api$/, ''), desktopFetch());
    const keyed = createApiClient({
      baseUrl: service.baseUrl,
      apiKey: service.apiKey,
      fetch: desktopFetch(),
      retry: { maxAttempts: 1 },
      rateLimit: { limit: 100, windowMs: 1000, marginMs: 0 },
    });
    const forms = await keyed.listForms();
    expect(forms.length).toBeGreaterThan(0);
    expect(await failure(client.listForms())).toMatchObject({ code: 'UNAUTHORIZED' });
  });
});

describe("the desktop app's fetch over net", () => {
  it('tells a write refused a connection was never sent', async () => {
    const port = await refusingPort();
    const write = await failure(
      clientAt(`http://127.0.0.1:${port}`, desktopFetch()).createSubmissions('form1', [
        { questions: [] },
      ]),
    );
    expect(write).toMatchObject({
      code: 'NETWORK',
      message: expect.stringContaining('the connection was refused'),
      outcomeUnknown: false,
    });
  });

  it('stops a create the client gave up on, closing its connection', async () => {
    const closed: string[] = [];
    const silent = createServer((request) => {
      request.socket.once('close', () => closed.push(request.method ?? ''));
    });
    try {
      const client = createApiClient({
        baseUrl: `${await listen(silent)}/v1/api`,
        apiKey: KEY,
        fetch: desktopFetch(),
        retry: { maxAttempts: 1 },
        timeouts: { headersMs: 300, writeHeadersMs: 300 },
        rateLimit: { limit: 100, windowMs: 1000, marginMs: 0 },
      });
      const write = await failure(client.createSubmissions('form1', [{ questions: [] }]));
      expect(write).toMatchObject({ code: 'TIMEOUT', outcomeUnknown: true });
      await vi.waitFor(() => expect(closed).toEqual(['POST']));
    } finally {
      await close(silent);
    }
  });

  it('fails an answer stopped half-way, rather than reading it as a shorter whole', async () => {
    const half = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write('{"forms":[');
    });
    try {
      const net = createElectronStandIn().electron.net as unknown as Net;
      const stop = new AbortController();
      const response = await netFetch(net)(`${await listen(half)}/v1/api/forms`, {
        signal: stop.signal,
      });
      const reader = response.body!.getReader();
      expect(new TextDecoder().decode((await reader.read()).value)).toBe('{"forms":[');
      stop.abort(new Error('stopped'));
      await expect(reader.read()).rejects.toThrow('stopped');
    } finally {
      await close(half);
    }
  });
});
