import { workerData } from 'node:worker_threads';
import { createApiClient } from '../core/api';
import { openCache } from '../core/operations/workspaceCache';
import { checkpointsElsewhere } from '../core/cache/checkpointsElsewhere';
import { takingTurns, WriteTurns } from '../core/cache/writeTurns';
import { dispatch } from '../core/operations/dispatch';
import { createHandlers } from '../core/operations/handlers';
import { WorkspaceManager } from '../core/workspaces/manager';
import { startLocalApi } from '../local-api';
import { AppError } from '../shared/errors';
import { fullCheckInThread } from './fullCheck';
import { type CoreStart, type OpenCache, type WriterStart } from './protocol';
import { RemoteVault } from './remoteVault';
import { shellFetch } from './shellFetch';
import { threadPageWriter } from './threadPageWriter';
import { type CallMessage, WorkerPort } from './workerPort';
import { WorkerThread } from './workerThread';

/**
 * The core's thread: the workspaces, their API clients, the cache's writer connection, sync,
 * import and webhooks. The shell routes every operation that may write or reach the service here;
 * reads of the cache go to the readers (`readerWorker.ts`).
 */
const start = workerData as CoreStart;
const port = new WorkerPort();
const log = port.logger();
// Storing a sync's page holds a thread for tens of milliseconds: a thread of its own does it, so
// this one keeps answering while the sync goes on. This thread's writes ask it for their turn.
const turns = new WriteTurns(start.turns, 'core');
const writer = new WorkerThread({
  entry: 'writerWorker',
  builtDir: start.builtDir ?? undefined,
  workerData: (): WriterStart => ({ turns: start.turns, builtDir: start.builtDir }),
  onNote: (note) => {
    if (note.kind === 'log') log[note.level](note.text);
  },
  onStopped: (reason) =>
    log.error(`the page writer's thread stopped (${reason}); starting it again`),
});

/** The cache the core opened last (null: none open), as the threads beside it were told. */
let cacheOpen: OpenCache | null = null;

const workspaces = new WorkspaceManager({
  dataDir: start.dataDir,
  vault: new RemoteVault(port, start.keyring),
  log,
  emit: (event) => port.emit(event),
  createApiClient: (options) =>
    createApiClient({
      ...options,
      ...(start.rateLimit ? { rateLimit: start.rateLimit } : {}),
      ...(start.shellFetch
        ? { fetch: shellFetch((request, signal) => port.askCancellable('fetch', signal, request)) }
        : {}),
      // Each answer at debug level: a sync that stops short shows the request it waited for.
      observer: {
        onResponse: ({ method, path, attempt, status, errorCode, durationMs }) =>
          log.debug(
            `${method} ${path}: ${status ?? errorCode} in ${durationMs} ms${attempt > 1 ? ` (attempt ${attempt})` : ''}`,
          ),
      },
    }),
  openCache: (file, hooks) => {
    const db = openCache(file, hooks);
    // The writer's thread copies the log: a copy on this one held answers to clicks.
    const checkpoint = async () =>
      cacheOpen?.file === file && (await writer.call('wal.checkpoint', null, cacheOpen)).ok;
    return takingTurns(db, turns, checkpointsElsewhere(db, checkpoint));
  },
  checkCache: fullCheckInThread(start.builtDir ?? undefined),
  startDemo: ({ store }) =>
    start.demo
      ? startLocalApi({ port: 0, store, ...start.demo })
      : Promise.reject(new AppError('NOT_FOUND', 'No demo workspace runs here.')),
  // Posted now, while this thread is busy: the shell says why the app waits.
  onCacheUpdating: (workspaceName) => port.post({ kind: 'updating', workspaceName }),
  onCacheOpened: (cache) => {
    cacheOpen = cache;
    port.post({ kind: 'cache', cache });
    writer.tell({ kind: 'opened', cache });
  },
  pageWriter: (cache) => threadPageWriter(writer, cache),
});
const handlers = createHandlers(workspaces, (file) => port.ask('deliverExport', file), {
  resumeInterruptedImports: start.restarted,
});

// Calls that come while the workspace opens wait for it: they are about that workspace.
const opened = openAtStart();
const answer = async ({ op, input }: CallMessage) => {
  await opened;
  return dispatch(handlers, op, input, (name, error) =>
    log.error(`operation ${name} failed`, error),
  );
};
port.serve(
  answer,
  async () => {
    await workspaces.close();
    await writer.close();
  },
  // A worker that calls the core (the import wizard's) does so on a line of its own.
  (notice) => {
    if (notice.kind === 'link') new WorkerPort(notice.port).serve(answer, async () => {});
  },
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
