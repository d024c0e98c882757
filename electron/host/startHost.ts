import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { type AddressInfo } from 'node:net';
import { type RateSchedulerOptions } from '../core/api';
import { createLogger, type Logger } from '../core/logging/log';
import { MemoryKeyVault } from '../core/workspaces/memoryVault';
import { type KeyVault } from '../core/workspaces/types';
import {
  clientTimeoutOptions,
  type ClientTimeouts,
  unfinishedRequests,
} from '../local-api/clientTimeouts';
import { type CoreThreads, startCoreThreads } from '../threads/coreThreads';
import { type DemoServiceOptions } from '../threads/protocol';
import { Downloads } from './downloads';
import { EventStream } from './eventStream';
import { createRequestHandler } from './hostServer';

export interface HostOptions {
  dataDir: string;
  /** The built renderer (`out/renderer`). */
  rendererDir: string;
  /** 0 (the default) picks a free port. */
  port?: number;
  /** The local API behind the demo workspace (its options), or null where none may run. */
  demo?: DemoServiceOptions | null;
  /** A workspace to add from configuration (FORMDESK_API_URL + FORMDESK_API_KEY); its key stays in memory. */
  remote?: { baseUrl: string; apiKey: string; name?: string };
  /** Open the demo workspace when none is configured (default true); false shows the first-run screen. */
  autoOpenDemo?: boolean;
  /** Where keys are kept: this process's memory unless given (tests give a keyring that is not secure). */
  vault?: KeyVault;
  log?: Logger;
  /** The service's rate limit per key, where it is not the public service's (benchmarks). */
  rateLimit?: RateSchedulerOptions;
  /** The built worker entries (`out/main/`); the sources when absent (tests, benchmarks). */
  builtDir?: string;
  /** How long a client may take to send a request (tests shorten it). */
  clientTimeouts?: ClientTimeouts;
}

export interface Host {
  /** The address to open: it carries the per-run token. */
  url: string;
  origin: string;
  token: string;
  /** The core behind the page: its worker threads, for calls and fault drills. */
  core: CoreThreads;
  close(): Promise<void>;
}

/**
 * Browser mode: the app's core and router behind a loopback HTTP server, for `npm run serve` and
 * the end-to-end tests. Keys stay in this process's memory; nothing but the workspace list and
 * the caches is written to `dataDir`.
 */
export async function startHost(options: HostOptions): Promise<Host> {
  const log = options.log ?? createLogger();
  const token = randomBytes(32).toString('base64url');
  log.addSecret(token);
  const events = new EventStream();
  const downloads = new Downloads();
  const server = createServer(clientTimeoutOptions(options.clientTimeouts));
  const arriving = unfinishedRequests(server);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const core = await startCoreThreads({
    start: {
      dataDir: options.dataDir,
      remote: options.remote ?? null,
      autoOpenDemo: options.autoOpenDemo !== false,
      demo: options.demo === undefined ? {} : options.demo,
      rateLimit: options.rateLimit ?? null,
    },
    vault: options.vault ?? new MemoryKeyVault(),
    deliverExport: (file) => downloads.offer(file),
    log,
    emit: (event) => {
      events.send(event);
      // What each page was told and when: a page that shows an old state is told apart from a
      // host that never said the new one.
      log.debug(`event to ${events.size} page(s): ${JSON.stringify(event)}`);
    },
    ...(options.builtDir === undefined ? {} : { builtDir: options.builtDir }),
  });
  // Pages are served once the workspace is open: the host's callers read it at once.
  await core.opened;
  const handle = createRequestHandler({
    port,
    token,
    call: (op, input) => core.callForJson(op, input),
    events,
    downloads,
    rendererDir: options.rendererDir,
    log,
  });
  // Requests still running when the host closes finish before the workspace (and its cache) closes.
  const inFlight = new Set<Promise<void>>();
  server.on('request', (request, response) => {
    const running = handle(request, response);
    inFlight.add(running);
    void running.finally(() => inFlight.delete(running));
  });

  const origin = `http://127.0.0.1:${port}`;
  return {
    url: `${origin}/?token=${token}`,
    origin,
    token,
    core,
    close: async () => {
      events.close();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      arriving.end();
      await Promise.allSettled([...inFlight]);
      server.closeAllConnections();
      await closed;
      await core.close();
    },
  };
}
