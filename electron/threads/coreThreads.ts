import { randomUUID } from 'node:crypto';
import { access } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { MessageChannel } from 'node:worker_threads';
import { type FetchLike } from '../core/api';
import { dispatch } from '../core/operations/dispatch';
import { WriteTurns } from '../core/cache/writeTurns';
import { type DeliverExport, removeExports } from '../core/exports/exportDelivery';
import { type Logger } from '../core/logging/log';
import { type KeyVault } from '../core/workspaces/types';
import { type AppEvent, threadOf } from '../shared/contract';
import { rowsStoredOf, syncedOf } from './eventNotices';
import { type KeyStorage } from '../shared/contract/workspaces';
import { AppError, type Result } from '../shared/errors';
import {
  type CoreStart,
  type ImportStart,
  type OpenCache,
  type ReaderRole,
  type ReaderStart,
  type ShellRequest,
  type ShellServiceName,
} from './protocol';
import { answerShellFetch } from './shellFetch';
import { StartupWatch } from './startupWatch';
import { WindowsReaders } from './windowsReaders';
import {
  type WorkerEntry,
  type WorkerNote,
  WorkerThread,
  type WorkerThreadOptions,
} from './workerThread';
import { WIZARD_THREAD } from './wizardThreadLimits';

export interface CoreThreadsOptions {
  /** How the core starts (its keyring comes from `vault`). */
  start: Omit<CoreStart, 'keyring' | 'restarted' | 'builtDir' | 'shellFetch' | 'turns'>;
  vault: KeyVault;
  deliverExport: DeliverExport;
  log: Logger;
  emit(event: AppEvent): void;
  /**
   * The shell's own way to reach the service, when the core should use it rather than Node's
   * fetch: the desktop app's `netFetch` over Electron's `net`, with the system's proxy and certificates.
   */
  fetch?: FetchLike;
  /** Reader threads; two by default, so a long count never holds up a window. */
  readers?: number;
  /**
   * Where the built worker entries are: beside the built shell's entry (`out/main/`). Without it
   * the workers run from the TypeScript sources, as tests and benchmarks do.
   */
  builtDir?: string;
}

/** The core as the shell sees it: an operation in, an envelope out, events out. */
export interface CoreThreads {
  /**
   * The envelope as the worker wrote it, UTF-8 JSON: each shell sends it on as it came (browser
   * mode's HTTP, Electron's IPC to the preload, which parses it), so no shell thread parses it.
   */
  callForJson(op: unknown, input: unknown): Promise<Uint8Array>;
  /**
   * Resolves once the core has opened its workspace at start (`startCoreThreads` does not wait
   * for it: a cache from an earlier Formdesk can take minutes to bring up to date, and the window
   * says so meanwhile). Calls sent before wait for it on the core's thread.
   */
  opened: Promise<void>;
  /** Stops the core's worker as a crash would (fault drills). */
  crashCore(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The boundary between the thread that answers the user and the core. The core runs in a worker
 * of its own (workspaces, API clients, sync, import runs, webhooks; a sync's pages are stored by a
 * writer thread it starts); the cache's reads run in reader workers, each with a read-only
 * connection that WAL lets answer while the writer commits, summaries in one of their own; the
 * import wizard's reading and checking of files runs in a worker of its own. The shell's thread
 * only routes: it never waits for SQLite or the service, so a click is answered within a frame
 * whatever a sync, an import or a count is doing.
 */
export async function startCoreThreads(options: CoreThreadsOptions): Promise<CoreThreads> {
  // libuv's pool of threads for file work is the process's, and its threads take the priority of
  // the thread that first has work for it: started from here, it never runs at the lowered
  // priority of the exports' reader or the whole-file check, whichever needed it first.
  await access(options.start.dataDir).catch(() => {});
  let cache: OpenCache | null = null;
  const keyring = options.vault.status();
  // Kept here, across restarts of the threads that write: one started again clears its own ask.
  const turns = new WriteTurns().shared;

  const startup = new StartupWatch();
  const onNote = (thread: () => WorkerThread) => (note: WorkerNote) => {
    startup.noted(note);
    switch (note.kind) {
      case 'event': {
        // Rows stored: the windows readers catch their views of the form up between calls, not
        // in the next window; the summaries' reader drops a copy of its columns they outdate,
        // and keeps a large form's columns once its sync ends.
        const formId = rowsStoredOf(note.event);
        if (formId) {
          windows.changed(formId);
          summarizer.tell({ kind: 'changed', formId });
        }
        const synced = syncedOf(note.event);
        if (synced) summarizer.tell({ kind: 'synced', formId: synced });
        return options.emit(note.event);
      }
      case 'log':
        return options.log[note.level](note.text);
      case 'cache':
        cache = note.cache;
        windows.opened(cache);
        for (const other of [summarizer, ...exporter.started(), ...importer.started()])
          other.tell({ kind: 'opened', cache });
        return;
      case 'warmed':
        return windows.warmed(thread(), note.generation);
      case 'updating':
        return options.log.info(`bringing the cache of ${note.workspaceName} up to date`);
    }
  };

  const serve = async (
    service: ShellServiceName,
    args: unknown[],
    signal: AbortSignal,
  ): Promise<Result<unknown>> => {
    try {
      return { ok: true, data: await shellService(service, args, signal) };
    } catch (error) {
      options.log.error(`the shell could not answer ${service}`, error);
      const shaped =
        error instanceof AppError
          ? error
          : new AppError(
              'INTERNAL',
              'Something went wrong inside Formdesk. Details are in the log.',
            );
      return { ok: false, error: shaped.toShape() };
    }
  };

  const shellService = (
    service: ShellServiceName,
    args: unknown[],
    signal: AbortSignal,
  ): Promise<unknown> => {
    const [first, second, third] = args as [string, string, KeyStorage];
    switch (service) {
      case 'vault.put':
        return options.vault.put(first, second, third);
      case 'vault.get':
        return options.vault.get(first);
      case 'vault.remove':
        return options.vault.remove(first);
      case 'deliverExport':
        return options.deliverExport(args[0] as Parameters<DeliverExport>[0]);
      case 'fetch':
        if (!options.fetch) throw new AppError('INTERNAL', 'This shell makes no requests.');
        return answerShellFetch(options.fetch, args[0] as ShellRequest, signal);
    }
  };

  /** One of the core's threads: started again, the log told, whenever it stops unasked. */
  const startThread = (
    name: string,
    entry: WorkerEntry,
    workerData: (restarted: boolean) => unknown,
    limits: Pick<WorkerThreadOptions, 'resourceLimits' | 'stoppedError' | 'onRestarted'> = {},
  ): WorkerThread => {
    const thread: WorkerThread = new WorkerThread({
      ...limits,
      entry,
      builtDir: options.builtDir,
      workerData,
      onNote: onNote(() => thread),
      serveAsk: serve,
      onStopped: (reason) => {
        options.log.error(`${name} stopped (${reason}); starting it again`);
        windows.stopped(thread);
      },
    });
    return thread;
  };
  // The import wizard calls the core on a line of its own, not through this thread: both ends
  // are handed over again whenever either thread is started again.
  const link = () => {
    const wizard = importer.started()[0];
    if (!wizard) return;
    const { port1, port2 } = new MessageChannel();
    core.link(port1);
    wizard.link(port2);
  };
  // A stopped core is started again; readers go on with the file it had open meanwhile, and the
  // new core announces it again.
  const core = startThread(
    "the core's thread",
    'coreWorker',
    (restarted) =>
      ({
        ...options.start,
        keyring,
        restarted,
        builtDir: options.builtDir ?? null,
        shellFetch: options.fetch !== undefined,
        turns,
      }) satisfies CoreStart,
    { onRestarted: link },
  );
  const readerThread = (name: string, role: ReaderRole): WorkerThread =>
    startThread(
      name,
      'readerWorker',
      () => ({ dataDir: options.start.dataDir, role }) satisfies ReaderStart,
    );
  const readerCount = options.readers ?? Math.max(2, Math.min(4, availableParallelism() - 1));
  const readers = Array.from({ length: readerCount }, () =>
    readerThread('a reader thread', 'windows'),
  );
  const windows = new WindowsReaders(readers);
  // Summaries have a reader of their own: it keeps a form's answer columns and reads them ahead
  // between calls (seconds on a large form), so no window waits behind that reading, and the
  // columns are read once, not once per reader.
  const summarizer = readerThread("the summaries' reader thread", 'summaries');
  const cacheReaders = [...readers, summarizer];

  // Exports and the import wizard have threads of their own, started by their first call rather
  // than with the app: each thread loads its code as it starts and holds its memory, and most
  // sessions neither export nor import (two threads fewer at start open a workspace sooner and
  // hold markedly less memory). A call sent as its thread starts is read once the thread listens.
  // Exports run at a lower priority: an export of a large form keeps a windows reader busy for
  // seconds, and the windows and clicks around it would wait on cores.
  const exporter = onFirstCall(options.log, "the exports' reader thread", (name) =>
    readerThread(name, 'exports'),
  );
  // The wizard's thread started again after a crash keeps the launch: the page may still start
  // the draft it validated before.
  const launch = randomUUID();
  const importer = onFirstCall(
    options.log,
    "the import wizard's thread",
    (name) =>
      startThread(name, 'importWorker', () => ({ launch, turns }) satisfies ImportStart, {
        ...WIZARD_THREAD,
        onRestarted: link,
      }),
    link,
  );

  await Promise.all(cacheReaders.map((thread) => thread.ready()));

  const callForJson = (op: unknown, input: unknown): Promise<Uint8Array> => {
    // The import screen lists the imports as it opens, seconds before a file is dropped: the
    // wizard's thread starts then, so its start takes no core from the windows around the upload.
    if (op === 'imports.list') importer.thread();
    switch (threadOf(op)) {
      case 'windows':
        return windows.callForJson(String(op), input, cache);
      case 'summaries':
        return summarizer.callForJson(String(op), input, cache);
      case 'exports':
        return exporter.thread().callForJson(String(op), input, cache);
      case 'wizard':
        return importer.thread().callForJson(String(op), input, cache);
      case 'core':
        return core.callForJson(String(op), input);
      case 'shell':
        return dispatch(startup.handlers, op, input).then((result) =>
          utf8.encode(JSON.stringify(result)),
        );
    }
  };

  return {
    callForJson,
    opened: core.ready(),
    crashCore: () => core.crash(),
    close: async () => {
      // The core's thread closes last (its page writer's connection after its own): the last
      // connection to a file in WAL mode folds the WAL into the file and removes it, unless it is
      // read-only, as the readers' are. A WAL left beside the file answers for the pages it holds
      // at the next open, so a file damaged meanwhile could open as sound (and Activity never said
      // it was rebuilt).
      const others = [...cacheReaders, ...exporter.started(), ...importer.started()];
      await Promise.all(others.map((thread) => thread.close()));
      await core.close();
      await removeExports(options.start.dataDir);
    },
  };
}

const utf8 = new TextEncoder();

/** A thread started by the first call that needs it, and the thread, once it has been. */
function onFirstCall(
  log: Logger,
  name: string,
  start: (name: string) => WorkerThread,
  onStarted: () => void = () => {},
): { thread(): WorkerThread; started(): WorkerThread[] } {
  let started: WorkerThread | null = null;
  return {
    thread: () => {
      if (started) return started;
      log.debug(`starting ${name}`);
      started = start(name);
      onStarted();
      return started;
    },
    started: () => (started ? [started] : []),
  };
}
