import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient, type FetchLike } from '../core/api';
import { createLogger } from '../core/logging/log';
import { MemoryKeyVault } from '../core/workspaces/memoryVault';
import { startLocalApi, type LocalApi } from '../local-api';
import { refusingPort } from '../local-api/testing/refusingPort';
import { type Result } from '../shared/errors';
import { startCoreThreads, type CoreThreads } from './coreThreads';
import { answerShellFetch, shellFetch } from './shellFetch';

// The desktop app hands the core its own fetch (Electron's `net`, with the system's proxy and
// certificates): every request of the core's API clients must go through it, and its failures
// must read as the client's own do.

let dir: string;
let service: LocalApi;
let core: CoreThreads | undefined;
const sent: { url: string; method: string; authorized: boolean }[] = [];

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'formdesk-shell-fetch-'));
  service = await startLocalApi({ port: 0, rateLimit: 0, seed: 3, submissionsPerForm: 20 });
});
afterEach(async () => {
  await core?.close();
  core = undefined;
  await service?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The core's threads, handed a fetch that records each request and sends it on. */
async function startCore(
  shellsFetch: FetchLike = (url, init) => {
    const headers = new Headers(init.headers);
    sent.push({
      url,
      method: init.method ?? 'GET',
      authorized: headers.get('authorization') === `Bearer ${service.apiKey}`,
    });
    return fetch(url, init);
  },
): Promise<void> {
  sent.length = 0;
  core = await startCoreThreads({
    start: { dataDir: dir, remote: null, autoOpenDemo: false, demo: null, rateLimit: null },
    vault: new MemoryKeyVault(),
    deliverExport: () => Promise.reject(new Error('no exports here')),
    log: createLogger({ write: () => {} }),
    emit: () => {},
    fetch: shellsFetch,
  });
}

async function call(op: string, input: unknown): Promise<Result<Record<string, unknown>>> {
  const json = await core!.callForJson(op, input);
  return JSON.parse(new TextDecoder().decode(json)) as Result<Record<string, unknown>>;
}

describe("the core reaching the service through the shell's fetch", () => {
  it('sends every request of a workspace through it, and reads the answers', async () => {
    await startCore();
    const added = await call('workspaces.add', {
      baseUrl: service.baseUrl,
      apiKey: service.apiKey,
    });
    expect(added).toMatchObject({ ok: true });
    const listed = await call('forms.list', {});
    expect(listed.ok && (listed.data.forms as unknown[]).length).toBeGreaterThan(0);

    // The sync the new workspace starts keeps asking meanwhile: a request the shell has sent may
    // not have reached the service yet, so the two lists are compared until they agree.
    await vi.waitFor(
      () => {
        const served = service.admin.requests().map((r) => r.path);
        expect(served.length).toBeGreaterThan(0);
        expect(sent.map((r) => new URL(r.url).pathname.replace(/^\/v1\/api/, ''))).toEqual(served);
      },
      { timeout: 60_000 },
    );
    expect(sent.every((r) => r.authorized)).toBe(true);
  });

  it("tells a write refused by the shell's request was never sent", async () => {
    const port = await refusingPort();
    const client = createApiClient({
      baseUrl: `http://127.0.0.1:${port}/v1/api`,
      apiKey: service.apiKey,
      fetch: shellFetch((request, signal) => answerShellFetch(fetch, request, signal)),
      retry: { maxAttempts: 1 },
      rateLimit: { limit: 100, windowMs: 1000, marginMs: 0 },
    });
    await expect(client.createSubmissions('form1', [{ questions: [] }])).rejects.toMatchObject({
      code: 'NETWORK',
      message: expect.stringContaining('the connection was refused'),
      outcomeUnknown: false,
      details: { reason: 'ECONNREFUSED' },
    });
  });

  it("gives up at the client's own timeout while the shell's request hangs", async () => {
    const silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = silent.address() as AddressInfo;
      const client = createApiClient({
        baseUrl: `http://127.0.0.1:${port}/v1/api`,
        apiKey: service.apiKey,
        fetch: shellFetch((request, signal) => answerShellFetch(fetch, request, signal)),
        retry: { maxAttempts: 1 },
        timeouts: { headersMs: 300 },
        rateLimit: { limit: 100, windowMs: 1000, marginMs: 0 },
      });
      await expect(client.listForms()).rejects.toMatchObject({ code: 'TIMEOUT' });
    } finally {
      silent.closeAllConnections();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  it('aborts in the shell a create the core gave up on, and answers once it has ended there', async () => {
    const closed: string[] = [];
    const silent = createServer((request) => {
      request.socket.once('close', () => closed.push(request.method ?? ''));
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    let shellEnded = false;
    try {
      const { port } = silent.address() as AddressInfo;
      const client = createApiClient({
        baseUrl: `http://127.0.0.1:${port}/v1/api`,
        apiKey: service.apiKey,
        fetch: shellFetch((request, signal) =>
          answerShellFetch(fetch, request, signal).finally(() => (shellEnded = true)),
        ),
        retry: { maxAttempts: 1 },
        timeouts: { headersMs: 300, writeHeadersMs: 300 },
        rateLimit: { limit: 100, windowMs: 1000, marginMs: 0 },
      });
      await expect(client.createSubmissions('form1', [{ questions: [] }])).rejects.toMatchObject({
        code: 'TIMEOUT',
        outcomeUnknown: true,
      });
      expect(shellEnded).toBe(true);
      await vi.waitFor(() => expect(closed).toEqual(['POST']));
    } finally {
      silent.closeAllConnections();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  it("stops the shell's requests for a core that stopped, and answers none of them to the next", async () => {
    let held: AbortSignal | undefined;
    let release: (() => void) | undefined;
    const requested = new Promise<void>((resolve) => (release = resolve));
    // The first request is held until its signal aborts, as a slow network would hold it.
    await startCore((url, init) => {
      if (held) return fetch(url, init);
      held = init.signal ?? undefined;
      release?.();
      return new Promise<Response>((_, reject) =>
        held!.addEventListener('abort', () => reject(held!.reason), { once: true }),
      );
    });
    const adding = call('workspaces.add', { baseUrl: service.baseUrl, apiKey: service.apiKey });
    await requested;
    expect(held?.aborted).toBe(false);
    await core!.crashCore();
    await vi.waitFor(() => expect(held?.aborted).toBe(true));
    expect(await adding).toMatchObject({ ok: false, error: { retryable: true } });
    // The core started again asks afresh; its first ask is answered by its own request.
    const added = await call('workspaces.add', {
      baseUrl: service.baseUrl,
      apiKey: service.apiKey,
    });
    expect(added).toMatchObject({ ok: true });
  });
});
