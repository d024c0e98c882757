import fs from 'node:fs';
import path from 'node:path';
import { createLogger } from '../electron/core/logging/log';
import { startHost, type Host } from '../electron/host/startHost';
import { callHost } from '../electron/host/testing/callHost';

export const RENDERER_DIR = path.resolve(__dirname, '..', 'out', 'renderer');
/** The built worker entries: benchmarks measure the threads as the app runs them. */
const BUILT_MAIN = path.resolve(__dirname, '..', 'out', 'main');

/** Where a benchmark host keeps its data and which service its one workspace talks to. */
export interface BenchHostSetup {
  dataDir: string;
  baseUrl: string;
  apiKey: string;
  /** Lifts the app's own request limit, for a service that sets none. */
  unthrottled?: boolean;
}

/**
 * Browser mode as `npm run serve` starts it with FORMDESK_API_URL and FORMDESK_API_KEY: the
 * configured workspace (the same one again on every start over the same data dir), no demo.
 */
export function startBenchHost(setup: BenchHostSetup): Promise<Host> {
  return startHost({
    dataDir: setup.dataDir,
    rendererDir: RENDERER_DIR,
    builtDir: BUILT_MAIN,
    remote: { baseUrl: setup.baseUrl, apiKey: setup.apiKey, name: 'Benchmark' },
    autoOpenDemo: false,
    log: createLogger({ level: 'error' }),
    demo: null,
    ...(setup.unthrottled ? { rateLimit: UNTHROTTLED } : {}),
  });
}

/** The cache file of each workspace a host has opened in `dataDir`. */
export function workspaceCacheFiles(dataDir: string): string[] {
  const workspaces = path.join(dataDir, 'workspaces');
  return fs
    .readdirSync(workspaces)
    .map((id) => path.join(workspaces, id, 'cache.sqlite'))
    .filter((file) => fs.existsSync(file));
}

/** A limit no benchmark reaches: the host then asks as fast as the service answers. */
const UNTHROTTLED = { limit: 1_000_000 };

/** Calls an operation over the host's `/rpc/<op>`, as the page does; throws on an error envelope. */
export async function rpc(
  host: Pick<Host, 'origin' | 'token'>,
  op: string,
  input: unknown,
): Promise<unknown> {
  const answer = await callHost(host, op, input);
  if (!answer.ok) throw new Error(`${op}: ${answer.error.message}`);
  return answer.data;
}

interface SyncStatusView {
  running: unknown;
  forms: { formId: string; state: string; lastError: string | null }[];
}

/** Resolves once no sync runs and `formId` shows as synced; throws after `timeoutMs`. */
export async function syncSettled(
  host: Pick<Host, 'origin' | 'token'>,
  formId: string,
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const status = (await rpc(host, 'sync.status', {})) as SyncStatusView;
    const form = status.forms.find((f) => f.formId === formId);
    if (form?.state === 'error')
      throw new Error(`the sync failed: ${form.lastError ?? 'no reason given'}`);
    if (status.running === null && form?.state === 'synced') return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`the sync did not finish within ${Math.round(timeoutMs / 1000)} s`);
}
