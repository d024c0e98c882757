import { type CacheDb } from '../core/cache/openCache';
import { type Logger } from '../core/log';
import { type OpenCache } from './protocol';
import { type WorkerThread } from './workerThread';

/**
 * Pages stored between two checkpoints. SQLite's own checkpoint (`wal_autocheckpoint`) copied the
 * log into the file once it held 1,000 pages of the file's; a transaction of three of a sync's
 * pages wrote about 900 of them.
 */
const PAGES_PER_CHECKPOINT = 3;

/**
 * The page writer's checkpoints, run on a thread of their own (`checkpointWorker.ts`). Run by the
 * writer as it committed (SQLite's automatic checkpoint), they took 0.35 s of the 4.8 s its
 * thread stored a first sync of 20k rows in, and a sync with no rate limit waits on that thread.
 * The writer still waits for the last checkpoint before its next write: SQLite starts the log over
 * only at a write that finds all of it copied, and a writer that never waited for a checkpoint on
 * another thread grew the log to 3.1 GB over 53k rows.
 */
export class CheckpointsAside {
  private thread: WorkerThread | null = null;
  private last: Promise<void> = Promise.resolve();
  private pagesSince = 0;

  /** `start` starts the thread, at the first checkpoint: not with the app, which it would slow. */
  constructor(
    private readonly start: () => WorkerThread,
    private readonly log: Pick<Logger, 'warn'>,
  ) {}

  /** `db`, the writer's connection, with its own automatic checkpoints off. */
  leftTo(db: CacheDb): CacheDb {
    db.pragma('wal_autocheckpoint = 0');
    return db;
  }

  /** Resolves once the checkpoint asked for last is done: before a write. */
  done(): Promise<void> {
    return this.last;
  }

  /** After `db` committed `pages` pages of a sync to `cache`'s file. */
  committed(db: CacheDb, cache: OpenCache, pages: number): void {
    this.pagesSince += pages;
    if (this.pagesSince < PAGES_PER_CHECKPOINT) return;
    this.pagesSince = 0;
    this.thread ??= this.start();
    this.last = this.thread.call('wal.checkpoint', null, cache).then((result) => {
      if (result.ok || !db.open) return;
      // The thread stopped (it is started again) or gave up: the log must not grow meanwhile.
      this.log.warn(
        `a checkpoint failed on its thread (${result.error.message}); the page writer made it`,
      );
      db.pragma('wal_checkpoint(PASSIVE)');
    });
  }

  async close(): Promise<void> {
    await this.last;
    await this.thread?.close();
  }
}
