import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ensureBuilt } from '../../scripts/ensureBuilt.mjs';

const hostBundle = join(resolve(__dirname, '../..'), 'out/main/host.js');
let dataDir: string;
let child: ChildProcessWithoutNullStreams | null = null;

beforeAll(() => ensureBuilt(), 120_000);
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'formdesk-serve-'));
});
afterEach(() => {
  child?.kill('SIGKILL');
  child = null;
  rmSync(dataDir, { recursive: true, force: true });
});

function serve(args: string[], env: NodeJS.ProcessEnv = {}): ChildProcessWithoutNullStreams {
  // Only what the test sets: never an account configured in the developer's own shell.
  const { FORMDESK_API_URL: _url, FORMDESK_API_KEY: _key, ...inherited } = process.env;
  child = spawn(process.execPath, [hostBundle, '--data-dir', dataDir, ...args], {
    env: { ...inherited, ...env },
  });
  return child;
}

/** The address the host prints, read from its output (bounded by the test's timeout). */
async function printedUrl(process: ChildProcessWithoutNullStreams): Promise<URL> {
  let printed = '';
  for await (const chunk of process.stdout) {
    printed += String(chunk);
    const found = /http:\/\/127\.0\.0\.1:\d+\/\?token=[\w-]+/.exec(printed);
    if (found) return new URL(found[0]);
  }
  throw new Error(`no address printed: ${printed}`);
}

describe('npm run serve (the built host)', () => {
  it('prints its address, serves the app and its operations, and stops cleanly', async () => {
    const host = serve(['--no-demo']);
    const url = await printedUrl(host);
    const page = await fetch(url);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(await page.text()).toContain('<div id="root">');

    const answer = await fetch(new URL('/rpc/workspaces.list', url), {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${url.searchParams.get('token')}`,
      },
      body: '{}',
    });
    expect(await answer.json()).toMatchObject({
      ok: true,
      data: { workspaces: [], currentId: null },
    });

    host.kill('SIGTERM');
    const [code] = (await once(host, 'exit')) as [number | null];
    expect(code).toBe(0);
  });

  it('refuses half a configuration: a URL without a key', async () => {
    const host = serve([], { FORMDESK_API_URL: 'https://api.fillout.com/v1/api' });
    let errors = '';
    host.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    const [code] = (await once(host, 'exit')) as [number | null];
    expect(code).toBe(1);
    expect(errors).toContain('Set both FORMDESK_API_URL and FORMDESK_API_KEY');
  });
});
