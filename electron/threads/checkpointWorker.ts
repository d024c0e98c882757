import { connectCache } from '../core/cache/openCache';
import { AppError } from '../shared/errors';
import { WorkerPort } from './workerPort';

/**
 * The thread that checkpoints the cache file for the page writer: it copies what the writer
 * committed to the write-ahead log into the file itself, on a connection of its own, while the
 * writer goes on reading the next pages (`checkpointsAside.ts`).
 */
const port = new WorkerPort();
const log = port.logger();

port.serve(
  async ({ cache }) => {
    try {
      if (!cache) throw new Error('a checkpoint came without its workspace');
      // A connection of its own for each checkpoint: opening and closing it costs little beside the
      // checkpoint, and it is never left open on a file the core has moved on from (a removed
      // workspace's, whose space it would keep taken).
      const db = connectCache(cache.file, { refetchable: true });
      try {
        // PASSIVE: copies what no reader still reads, and never waits for one.
        db.pragma('wal_checkpoint(PASSIVE)');
      } finally {
        db.close();
      }
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
  async () => {},
);
port.post({ kind: 'ready' });
