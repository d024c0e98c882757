import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../core/logging/log';
import { startLocalApi } from '../local-api';
import { MEMORY_BACKEND } from '../core/workspaces/memoryVault';
import { startHost, type Host } from './startHost';
import { writeExport } from '../core/submissions/exportFile';
import { UPLOAD_PART_BYTES } from '../shared/contract/imports';
import { MAX_RPC_BODY_BYTES } from './hostServer';

let dir: string;
let host: Host;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'formdesk-host-'));
  const rendererDir = join(dir, 'renderer');
  mkdirSync(join(rendererDir, 'assets'), { recursive: true });
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>Formdesk</title>');
  writeFileSync(join(rendererDir, 'assets', 'app.js'), 'console.log(1)');
  writeFileSync(join(dir, 'secret.txt'), 'outside');
  host = await startHost({
    dataDir: join(dir, 'data'),
    rendererDir,
    autoOpenDemo: false,
    log: createLogger({ write: () => {} }),
    demo: null,
  });
});

afterEach(async () => {
  await host.close();
  rmSync(dir, { recursive: true, force: true });
});

/** An operation called as the page calls it; a string input is sent as the body as it is. */
function rpc(op: string, input: unknown = {}, headers: Record<string, string> = {}) {
  return fetch(`${host.origin}/rpc/${op}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${host.token}`,
      ...headers,
    },
    body: typeof input === 'string' ? input : JSON.stringify(input),
  });
}

/** A raw request, for headers fetch will not let a caller forge (Host). */
function raw(path: string, headers: Record<string, string>): Promise<number> {
  const url = new URL(path, host.origin);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: url.hostname, port: url.port, path: url.pathname + url.search, headers },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

describe('browser-mode host', () => {
  it('prints a loopback URL that carries its token', () => {
    expect(host.url).toBe(`${host.origin}/?token=${host.token}`);
    expect(host.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(host.token.length).toBeGreaterThanOrEqual(40);
  });

  it('serves the renderer with its security policy, and nothing outside it', async () => {
    const page = await fetch(`${host.origin}/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(await page.text()).toContain('<title>Formdesk</title>');
    expect((await fetch(`${host.origin}/assets/app.js`)).headers.get('content-type')).toMatch(
      /javascript/,
    );
    expect(await raw('/../secret.txt', { host: new URL(host.origin).host })).toBe(404);
    expect((await fetch(`${host.origin}/%2e%2e/secret.txt`)).status).toBe(404);
  });

  it('runs operations through the router for the token holder only', async () => {
    const ok = await rpc('workspaces.list', {});
    // The host's own part of the call, as the browser's tools and the benchmarks read it.
    expect(ok.headers.get('server-timing')).toMatch(/^app;dur=\d+\.\d\d$/);
    expect(await ok.json()).toEqual({
      ok: true,
      data: { workspaces: [], currentId: null, keyring: { secure: true, backend: MEMORY_BACKEND } },
    });
    expect((await rpc('workspaces.list', {}, { authorization: 'Bearer wrong' })).status).toBe(401);
    expect((await rpc('workspaces.list', {}, { authorization: '' })).status).toBe(401);
  });

  it('answers unknown operations, bad input and non-JSON with an envelope, never a throw', async () => {
    expect(await (await rpc('nope.run', {})).json()).toMatchObject({
      ok: false,
      error: { code: 'INVALID_INPUT' },
    });
    expect(await (await rpc('workspaces.select', { id: 42 })).json()).toMatchObject({
      ok: false,
      error: { code: 'INVALID_INPUT', message: expect.stringContaining('(id)') },
    });
    expect(await (await rpc('workspaces.select', { id: 'missing' })).json()).toMatchObject({
      ok: false,
      error: { code: 'NOT_FOUND' },
    });
    // The body is read by the core's thread, which answers text that is not JSON itself.
    expect(await (await rpc('workspaces.list', '{not json')).json()).toMatchObject({
      ok: false,
      error: { code: 'INVALID_INPUT', message: expect.stringContaining('was not JSON') },
    });
    expect((await rpc('workspaces.list', {}, { 'content-type': 'text/plain' })).status).toBe(415);
  });

  it('takes only the media type application/json, with parameters or none', async () => {
    for (const type of [
      'application/json',
      'Application/JSON; charset=UTF-8',
      'application/json;charset="utf-8"',
    ])
      expect((await rpc('workspaces.list', {}, { 'content-type': type })).status).toBe(200);
    for (const type of [
      'application/json-evil',
      'application/jsonp',
      'application/json; charset=latin1',
      'text/json',
    ])
      expect((await rpc('workspaces.list', {}, { 'content-type': type })).status).toBe(415);
  });

  it('refuses a body that is not UTF-8 with a sentence, rather than reading replacement characters', async () => {
    const body = Buffer.concat([
      Buffer.from('{"id":"'),
      Buffer.from([0xc3, 0x28, 0xff]),
      Buffer.from('"}'),
    ]);
    const refused = await fetch(`${host.origin}/rpc/workspaces.select`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${host.token}` },
      body,
    });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      ok: false,
      error: {
        code: 'INVALID_INPUT',
        message:
          'This request is not UTF-8 text, so Formdesk did not read it; nothing was changed. Send its JSON encoded as UTF-8.',
      },
    });
  });

  it('refuses other origins, rebound host names and oversize bodies', async () => {
    expect((await rpc('workspaces.list', {}, { origin: 'https://evil.example' })).status).toBe(403);
    expect(await raw('/', { host: `evil.example:${new URL(host.origin).port}` })).toBe(403);
    expect(await raw('/', { host: 'localhost:1' })).toBe(403);
    expect(await raw('/', { host: `localhost:${new URL(host.origin).port}` })).toBe(200);
    const refused = await rpc('workspaces.list', { pad: 'x'.repeat(MAX_RPC_BODY_BYTES) });
    expect(refused.status).toBe(413);
    // An envelope, so the page shows what happened rather than an unexpected answer.
    expect(await refused.json()).toMatchObject({
      ok: false,
      error: { code: 'INVALID_INPUT', message: expect.stringContaining('larger than the 1 MB') },
    });
  });

  it("takes a file in the wizard's largest parts, and names the limit of a part beyond them", async () => {
    const part = (bytes: number) => Buffer.alloc(bytes, 'a,b\n').toString('base64');
    const upload = async (input: object) => (await rpc('imports.upload', input)).json();
    const first = await upload({
      fileName: 'big.csv',
      chunkBase64: part(UPLOAD_PART_BYTES),
      final: false,
    });
    expect(first).toMatchObject({ ok: true, data: { receivedBytes: UPLOAD_PART_BYTES } });
    const { uploadId } = (first as { data: { uploadId: string } }).data;
    expect(
      await upload({
        uploadId,
        fileName: 'big.csv',
        chunkBase64: part(UPLOAD_PART_BYTES),
        final: true,
      }),
    ).toMatchObject({ ok: true, data: { receivedBytes: 2 * UPLOAD_PART_BYTES } });

    expect(
      await upload({ fileName: 'big.csv', chunkBase64: part(UPLOAD_PART_BYTES + 3), final: true }),
    ).toMatchObject({
      ok: false,
      error: {
        code: 'INVALID_INPUT',
        message:
          'Invalid input for imports.upload (chunkBase64): must be at most 512 KB of the file, in base64.',
      },
    });
  });

  it('streams app events to pages holding the token', async () => {
    expect((await fetch(`${host.origin}/events?token=wrong`)).status).toBe(401);
    const controller = new AbortController();
    const response = await fetch(`${host.origin}/events?token=${host.token}`, {
      signal: controller.signal,
    });
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    // Connecting an account starts its first sync, which the core announces page by page.
    const service = await startLocalApi({ rateLimit: 0, submissionsPerForm: 5 });
    try {
      const added = await rpc('workspaces.add', {
        baseUrl: service.baseUrl,
        apiKey: service.apiKey,
        keyStorage: 'session',
      });
      expect(await added.json()).toMatchObject({ ok: true });
      let received = '';
      while (!/data: \{"type":"sync\.progress".*\n\n/.test(received)) {
        const { value, done } = await reader.read();
        if (done) break;
        received += value;
      }
      controller.abort();
      expect(received).toMatch(/data: \{"type":"sync\.progress","workspaceId":"[\w-]+"/);
    } finally {
      await service.close();
    }
  });

  it('offers an export as a one-time download link', async () => {
    const written = await writeExport(join(dir, 'data'), 'Customer feedback', 'csv', [
      'name,score\n',
      'Ada,5\n',
    ]);
    const answer = (await (
      await rpc('files.saveExport', { exportId: written.exportId })
    ).json()) as {
      ok: true;
      data: { delivery: string; fileName: string; url: string };
    };
    expect(answer.data).toMatchObject({ delivery: 'download', fileName: written.fileName });
    expect(answer.data.url).not.toContain(host.token);
    const download = await fetch(new URL(answer.data.url, host.origin));
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toContain(`filename="${written.fileName}"`);
    expect(await download.text()).toBe('name,score\nAda,5\n');
    // Delivered, the file with respondents' answers leaves the data folder.
    await vi.waitFor(() => expect(existsSync(written.filePath)).toBe(false));
    expect((await fetch(new URL(answer.data.url, host.origin))).status).toBe(404);
    expect((await fetch(`${host.origin}/download?ticket=guess`)).status).toBe(404);

    // A workbook goes as one, under the name a person reads.
    const workbook = await writeExport(join(dir, 'data'), 'Customer feedback', 'xlsx', ['PK'], {
      day: '2026-11-28',
    });
    const offered = (await (
      await rpc('files.saveExport', { exportId: workbook.exportId })
    ).json()) as { data: { url: string } };
    const got = await fetch(new URL(offered.data.url, host.origin));
    expect(got.headers.get('content-type')).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(got.headers.get('content-disposition')).toContain(
      'filename="Customer feedback - 2026-11-28.xlsx"',
    );
    await got.arrayBuffer();
  });
});
