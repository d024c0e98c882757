import { connectCache } from '../core/cache/openCache';
import { AppError } from '../shared/errors';
import { CacheConnection } from './cacheConnection';
import { WorkerPort } from './workerPort';

/**
 * The thread that checkpoints the cache file for the page writer: it copies what the writer
 * committed to the write-ahead log into the file itself, on a connection of its own, while the
 * writer goes on reading the next pages (`checkpointsAside.ts`).
 */
const port = new WorkerPort();
const log = port.logger();
const connection = new CacheConnection((file) => connectCache(file, { refetchable: true }));

port.serve(
  async ({ cache }) => {
    try {
      if (!cache) throw new Error('a checkpoint came without its workspace');
      // PASSIVE: copies what no reader still reads, and never waits for one.
      connection.to(cache).pragma('wal_checkpoint(PASSIVE)');
      return { ok: true, data: null };
    } catch (error) {
      // The page writer, told it failed, makes the checkpoint itself.
      log.error('a checkpoint failed', error);
      return {
        ok: false,
        error: new AppError('INTERNAL', 'A checkpoint failed. Details are in the log.').toShape(),
      };
    }
  },
  async () => connection.close(),
);
port.post({ kind: 'ready' });
