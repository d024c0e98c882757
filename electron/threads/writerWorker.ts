import { workerData } from 'node:worker_threads';
import { cacheStores } from '../core/cache/cacheStores';
import { connectCache } from '../core/cache/openCache';
import { storageError } from '../core/cache/storageError';
import { WriteTurns } from '../core/cache/writeTurns';
import { PageShelf, pageWriterOn, type PageWriter } from '../core/sync/pageStore';
import { AppError, isAppError, type Result } from '../shared/errors';
import { CacheConnection } from './cacheConnection';
import { type PageOp, type WriterStart } from './protocol';
import { WorkerPort } from './workerPort';

/**
 * The thread that stores a sync's pages, on a connection of its own to the open workspace's file.
 * A page's transaction holds this thread alone: the core fetches and checks the next pages, and
 * answers every other operation, meanwhile. SQLite lets one writer commit at a time: the core's
 * own writes ask for their turn (`WriteTurns`), and a store of pages that piled up lets them in.
 */
const port = new WorkerPort();
const log = port.logger();
const connection = new CacheConnection((file) => connectCache(file, { refetchable: true }));
const shelf = new PageShelf();
const turns = new WriteTurns((workerData as WriterStart).turns);

port.serve(
  async ({ op, input, cache }): Promise<Result<unknown>> => {
    try {
      if (!cache) throw new AppError('INTERNAL', 'A page came without its workspace.');
      const writer = pageWriterOn(cacheStores(connection.to(cache)), shelf, turns);
      const write = writer[(op as PageOp).slice('pages.'.length) as keyof PageWriter] as (
        input: unknown,
      ) => Promise<unknown>;
      const started = performance.now();
      const data = await write(input);
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
  },
  async () => connection.close(),
);
port.post({ kind: 'ready' });
