import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { onTestFailed, vi } from 'vitest';

const projectRoot = path.resolve(import.meta.dirname, '../../../..');
/** Browser mode's host as `npm run serve` runs it (build it first: `ensureBuilt()`). */
export const HOST_BUNDLE = path.join(projectRoot, 'out/main/host.js');

export interface HostProcess {
  child: ChildProcess;
  /** Everything it printed on stdout so far. */
  output(): string;
}

export interface RunningHost extends HostProcess {
  url: string;
  rpc(
    op: string,
    input?: unknown,
  ): Promise<{ ok: boolean; data?: unknown; error?: { code: string; message?: string } }>;
}

/** Spawns `node out/main/host.js` on the data dir, with the account of `server` configured. */
export function spawnHost(
  dir: string,
  server: { baseUrl: string; apiKey: string },
  children: Set<ChildProcess>,
): HostProcess {
  const child = spawn(
    process.execPath,
    [HOST_BUNDLE, '--data-dir', dir, '--port', '0', '--no-demo'],
    {
      env: { ...process.env, FORMDESK_API_URL: server.baseUrl, FORMDESK_API_KEY: server.apiKey },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  children.add(child);
  child.on('exit', () => children.delete(child));
  let out = '';
  let err = '';
  child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString()));
  // Read as it comes: a pipe nobody reads fills, and a host writing its log to it would block.
  child.stderr?.on('data', (chunk: Buffer) => (err += chunk.toString()));
  // A failed test shows what each of its hosts said, the reason it stopped short among it.
  onTestFailed(() => {
    console.error(`host process ${child.pid} printed:\n${out}${err}`);
  });
  return { child, output: () => out };
}

/** Spawns the host and waits for the address it prints; `rpc` calls it with that run's token. */
export async function startHostProcess(
  dir: string,
  server: { baseUrl: string; apiKey: string },
  children: Set<ChildProcess>,
): Promise<RunningHost> {
  const host = spawnHost(dir, server, children);
  const address = await vi.waitFor(
    () => {
      const found =
        /Open this address[^\n]*\n\s*((http:\/\/127\.0\.0\.1:\d+)\/\?token=([\w-]+))/.exec(
          host.output(),
        );
      if (!found) throw new Error('the host has not printed its address yet');
      return { url: found[1]!, origin: found[2]!, token: found[3]! };
    },
    // A start (six worker threads) has taken 16 s beside a full test run: the wait only catches
    // a host that never starts.
    { timeout: 90_000, interval: 50 },
  );
  return {
    ...host,
    url: address.url,
    async rpc(op, input = {}) {
      const response = await fetch(`${address.origin}/rpc/${op}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${address.token}`, 'content-type': 'application/json' },
        body: JSON.stringify(input),
      });
      return (await response.json()) as Awaited<ReturnType<RunningHost['rpc']>>;
    },
  };
}
