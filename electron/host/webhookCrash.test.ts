import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '../core/logging/log';
import { startLocalApi, type LocalApi } from '../local-api';
import { type Result } from '../shared/errors';
import { startHost, type Host } from './startHost';
import { callHost, okHost } from './testing/callHost';

// The core's worker is stopped as a crash would stop it while a webhook create is out: the service
// has stored the webhook, and its answer never reaches the core.

const FORM = 'cFb7q2LxWm';
const URL_A = 'https://hooks.example.com/a';

let dir: string;
let service: LocalApi;
let proxy: Server;
let host: Host;

afterEach(async () => {
  await host?.close();
  proxy?.closeAllConnections();
  await new Promise((resolve) => proxy?.close(resolve));
  await service?.close();
  rmSync(dir, { recursive: true, force: true });
});

/**
 * Passes every request to the service and its answer back, except a webhook create: that one is
 * passed on, and its answer held for good once the service has given it.
 */
async function holdingCreateAnswers(
  target: string,
): Promise<{ url: string; stored: Promise<void> }> {
  let stored!: () => void;
  const storedAtService = new Promise<void>((resolve) => (stored = resolve));
  const origin = new URL(target).origin;
  proxy = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const headers: Record<string, string> = {};
      for (const name of ['authorization', 'content-type', 'accept']) {
        const value = req.headers[name];
        if (typeof value === 'string') headers[name] = value;
      }
      void fetch(`${origin}${req.url}`, {
        method: req.method,
        headers,
        body: chunks.length > 0 ? Buffer.concat(chunks) : undefined,
      }).then(async (answer) => {
        const body = Buffer.from(await answer.arrayBuffer());
        if (req.method === 'POST' && req.url?.endsWith('/webhook/create')) return stored();
        const kept = [...answer.headers].filter(
          ([name]) =>
            name === 'content-type' || name.startsWith('ratelimit') || name === 'retry-after',
        );
        res.writeHead(answer.status, Object.fromEntries(kept));
        res.end(body);
      });
    });
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const { port } = proxy.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}${new URL(target).pathname}`, stored: storedAtService };
}

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'formdesk-webhook-crash-'));
  service = await startLocalApi({ rateLimit: 0, seed: 7 });
});

function ok<T>(op: string, input: unknown = {}): Promise<T> {
  return okHost<T>(host, op, input);
}

describe('a webhook create cut by a crash of the core', () => {
  it('leaves one webhook at the service and a record that it may exist, and asks before another', async () => {
    const { url, stored } = await holdingCreateAnswers(service.baseUrl);
    host = await startHost({
      dataDir: dir,
      rendererDir: join(dir, 'no-renderer'),
      remote: { baseUrl: url, apiKey: service.apiKey, name: 'Crash drills' },
      log: createLogger({ write: () => {} }),
      rateLimit: { limit: 200, windowMs: 1000, marginMs: 0 },
      demo: null,
    });

    const create = callHost(host, 'webhooks.create', { formId: FORM, url: URL_A });
    await stored;
    await host.core.crashCore();
    const answer: Result<unknown> = await create;
    expect(answer).toMatchObject({ ok: false, error: { retryable: true } });
    expect(service.admin.webhooks()).toEqual([
      expect.objectContaining({ formId: FORM, url: URL_A }),
    ]);

    const listed = await ok<{ webhooks: unknown[]; uncertain: unknown[] }>('webhooks.list');
    expect(listed.webhooks).toEqual([]);
    expect(listed.uncertain).toEqual([
      expect.objectContaining({
        formId: FORM,
        url: URL_A,
        state: 'uncertain',
        cause: 'interrupted',
      }),
    ]);

    // "Try again" asks first: the record counts as a webhook that may already deliver there.
    const again = await ok<{ created: boolean; uncertain: unknown[] }>('webhooks.create', {
      formId: FORM,
      url: URL_A,
    });
    expect(again).toMatchObject({ created: false, uncertain: listed.uncertain });
    expect(service.admin.webhooks()).toHaveLength(1);

    const { entries } = await ok<{ entries: { kind: string }[] }>('activity.list', {
      filter: { kinds: ['webhook.uncertain'] },
    });
    expect(entries).toHaveLength(1);
  }, 60_000);
});
