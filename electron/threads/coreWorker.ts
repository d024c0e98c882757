import { workerData } from 'node:worker_threads';
import { createApiClient } from '../core/api';
import { checkCacheFile } from '../core/cache/fullCheck';
import { openCache } from '../core/cache/openCache';
import { dispatch } from '../core/dispatch';
import { createHandlers } from '../core/handlers';
import { WorkspaceManager } from '../core/workspaces/manager';
import { startLocalApi } from '../local-api';
import { AppError } from '../shared/errors';
import { type CoreStart } from './protocol';
import { RemoteVault } from './remoteVault';
import { WorkerPort } from './workerPort';

/**
 * The core's thread: the workspaces, their API clients, the cache's writer connection, sync,
 * import and webhooks. The shell routes every operation that may write or reach the service here;
 * reads of the cache go to the readers (`readerWorker.ts`).
 */
const start = workerData as CoreStart;
const port = new WorkerPort();
const log = port.logger();
let generation = 0;

const workspaces = new WorkspaceManager({
  dataDir: start.dataDir,
  vault: new RemoteVault(port, start.keyring),
  log,
  emit: (event) => port.emit(event),
  createApiClient: (options) =>
    createApiClient({ ...options, ...(start.rateLimit ? { rateLimit: start.rateLimit } : {}) }),
  openCache: (file, hooks) => openCache(file, hooks),
  checkCache: checkCacheFile,
  startDemo: ({ store }) =>
    start.demo
      ? startLocalApi({ port: 0, store, ...start.demo })
      : Promise.reject(new AppError('NOT_FOUND', 'No demo workspace runs here.')),
  onCacheOpened: (cache) =>
    port.post({ kind: 'cache', cache: cache && { ...cache, generation: ++generation } }),
});
const handlers = createHandlers(workspaces, (file) => port.ask('deliverExport', file), {
  resumeInterruptedImports: start.restarted,
});

// Calls that come while the workspace opens wait for it: they are about that workspace.
const opened = openAtStart();
port.serve(
  async ({ op, input }) => {
    await opened;
    return dispatch(handlers, op, input, (name, error) =>
      log.error(`operation ${name} failed`, error),
    );
  },
  () => workspaces.close(),
);
void opened.then(() => port.post({ kind: 'ready' }));

/**
 * The workspace the app opens with: the configured one, else the last one open, else the demo on
 * a first run. Started again after a stop, the core reopens the workspace that was open.
 */
async function openAtStart(): Promise<void> {
  try {
    if (start.remote && !start.restarted) await workspaces.configure(start.remote);
    else if (
      !(await workspaces.restore()) &&
      start.autoOpenDemo &&
      !start.restarted &&
      (await workspaces.list()).workspaces.length === 0
    ) {
      await workspaces.openDemo();
    }
  } catch (error) {
    log.warn('no workspace could be opened at start-up', error);
  }
}
