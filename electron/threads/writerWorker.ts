import { workerData } from 'node:worker_threads';
import { cacheStores } from '../core/cache/cacheStores';
import { connectCache } from '../core/cache/openCache';
import { storageError } from '../core/cache/storageError';
import { WriteTurns } from '../core/cache/writeTurns';
import { type PageWriter } from '../core/session/pageWriter';
import { PageShelf, pageWriterOn } from '../core/sync/pageStore';
import { AppError, isAppError, type Result } from '../shared/errors';
import { CacheConnection } from './cacheConnection';
import { CheckpointsAside } from './checkpointsAside';
import { type PageOp, type WriterStart } from './protocol';
import { type CallMessage, WorkerPort } from './workerPort';
import { WorkerThread } from './workerThread';

/**
 * The thread that stores a sync's pages, on a connection of its own to the open workspace's file.
 * A page's transaction holds this thread alone: the core fetches and checks the next pages, and
 * answers every other operation, meanwhile. SQLite lets one writer commit at a time: the core's
 * own writes ask for their turn (`WriteTurns`), and a store of pages that piled up lets them in.
 * When pages pile up, what it commits is copied from the log into the file by a thread of its own
 * (`CheckpointsAside`).
 */
const start = workerData as WriterStart;
const port = new WorkerPort();
const log = port.logger();
const connection = new CacheConnection((file) => connectCache(file, { refetchable: true }));
const checkpoints = new CheckpointsAside(
  () =>
    new WorkerThread({
      entry: 'checkpointWorker',
      builtDir: start.builtDir ?? undefined,
      workerData: () => null,
      onNote: (note) => {
        if (note.kind === 'log') log[note.level](note.text);
      },
      onStopped: (reason) =>
        log.error(`the checkpoint thread stopped (${reason}); starting it again`),
    }),
  connection,
  log,
);
const shelf = new PageShelf();
const turns = new WriteTurns(start.turns);
/** The operations that commit, each with the pages it stores. */
const COMMITS: ReadonlySet<PageOp> = new Set([
  'pages.incremental',
  'pages.reconcile',
  'pages.window',
  'pages.forms',
]);

/** The core's call for a checkpoint of what it committed (`checkpointsElsewhere.ts`). */
const CHECKPOINT = 'wal.checkpoint';

const store = async ({ op, input, cache }: CallMessage): Promise<Result<unknown>> => {
  try {
    if (!cache) throw new AppError('INTERNAL', 'A page came without its workspace.');
    if (op === CHECKPOINT) {
      await checkpoints.others(cache);
      return { ok: true, data: null };
    }
    const db = connection.to(cache);
    const writer = pageWriterOn(cacheStores(db), shelf, turns);
    const write = writer[(op as PageOp).slice('pages.'.length) as keyof PageWriter] as (
      input: unknown,
    ) => Promise<unknown>;
    const started = performance.now();
    const data = COMMITS.has(op as PageOp)
      ? await checkpoints.commit(
          db,
          cache,
          (input as { pages?: number[] }).pages?.length ?? 0,
          // A store with no listing to go on with (a window, the form list) ends a pile too.
          (input as { done?: boolean }).done !== false,
          () => write(input),
        )
      : await write(input);
    log.debug(`${op} took ${Math.round(performance.now() - started)} ms`);
    return { ok: true, data };
  } catch (error) {
    if (isAppError(error)) return { ok: false, error: error.toShape() };
    log.error('storing a page failed', error);
    const failure =
      storageError(error) ??
      new AppError('INTERNAL', 'Sync could not store a page. Details are in the log.');
    return { ok: false, error: failure.toShape() };
  }
};

port.serve(
  (call) => connection.serving(() => store(call)),
  async () => {
    await checkpoints.close();
    connection.close();
  },
  // The core opened another workspace or closed its own: this thread lets go of the file.
  (notice) => {
    if (notice.kind === 'opened') connection.coreOpened(notice.cache);
  },
);
port.post({ kind: 'ready' });
