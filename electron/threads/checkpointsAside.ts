import { type CacheDb } from '../core/cache/openCache';
import { type Logger } from '../core/logging/log';
import { PAGES_HELD_MOST, PAGES_PER_STORE } from '../core/sync/streamSync';
import { type CacheConnection } from './cacheConnection';
import { type OpenCache } from './protocol';
import { type WorkerThread } from './workerThread';

/**
 * Pages of piled-up stores the log holds before a checkpoint copies them: two of the largest
 * stores, whose log then holds about twice what one did.
 */
export const PAGES_BETWEEN_CHECKPOINTS = 2 * PAGES_HELD_MOST;

/**
 * The page writer's checkpoints when a sync's pages pile up (a service with no rate limit): run on
 * a thread of their own (`checkpointWorker.ts`) while the writer reads the next pages. Run by the
 * writer as it committed (SQLite's automatic checkpoint), they took a share of the time its thread
 * stored a first sync in, and such a sync waits on that thread.
 *
 * At the service's pace (`PAGES_PER_STORE` pages a store) the writer checkpoints as it commits: a checkpoint on
 * another thread would run beside the readers' catch-up after each store, and clicks answered
 * meanwhile would wait longer.
 *
 * Such stores are checkpointed a few at a time (`PAGES_BETWEEN_CHECKPOINTS`): a checkpoint copies
 * each page the log holds once, and the index pages one store rewrites, the next rewrites again,
 * so one copy serves several stores where a checkpoint after each copied them each time. The pile
 * ends with its listing, or with a store of pages that did not pile up (the sync caught up): the
 * writer's own checkpoint at that commit would copy all of it on the writer's thread.
 *
 * The writer waits for the last checkpoint before its next write: SQLite starts the log over only at
 * a write that finds all of it copied, and a writer that never waited for a checkpoint on another
 * thread let the log grow without bound over a long sync.
 *
 * A checkpoint on the thread holds the writer's connection open as a call would: closed while the
 * thread's connection closed (the workspace closed mid-sync), each of the two found the other
 * still open, neither copied the log into the file, and it stayed beside the file until the next
 * open.
 */
export class CheckpointsAside {
  private thread: WorkerThread | null = null;
  private last: Promise<void> = Promise.resolve();
  /** Pages of piled-up stores committed to the log since its last checkpoint. */
  private piled = 0;

  /**
   * `start` starts the thread, at the first checkpoint: not with the app, which it would slow.
   * `connection` is the writer's, the one `commit` is given.
   */
  constructor(
    private readonly start: () => WorkerThread,
    private readonly connection: CacheConnection,
    private readonly log: Pick<Logger, 'warn'>,
  ) {}

  /**
   * Runs `write`, a commit of `pages` of a sync's pages (or none) on `db`, the file `cache`'s,
   * after the last checkpoint is done; its checkpoint left to the thread when pages piled up, once
   * enough of them did or when the pile ends (`ends`: the listing's last store).
   */
  async commit<T>(
    db: CacheDb,
    cache: OpenCache,
    pages: number,
    ends: boolean,
    write: () => Promise<T>,
  ): Promise<T> {
    await this.last;
    const piles = pages > PAGES_PER_STORE;
    if (!piles && this.piled === 0) return write();
    const own = db.pragma('wal_autocheckpoint', { simple: true }) as number;
    db.pragma('wal_autocheckpoint = 0');
    try {
      return await write();
    } finally {
      db.pragma(`wal_autocheckpoint = ${own}`);
      this.piled += pages;
      if (!piles || ends || this.piled >= PAGES_BETWEEN_CHECKPOINTS) {
        this.piled = 0;
        this.aside(db, cache);
      }
    }
  }

  /**
   * A checkpoint of what other connections committed (the core's, whose thread answers clicks and
   * never copies the log itself: `checkpointsElsewhere.ts`), after the last one, on the thread.
   */
  async others(cache: OpenCache): Promise<void> {
    await this.last;
    this.aside(this.connection.to(cache), cache);
    await this.last;
  }

  async close(): Promise<void> {
    await this.last;
    await this.thread?.close();
  }

  private aside(db: CacheDb, cache: OpenCache): void {
    this.thread ??= this.start();
    const checkpoint = this.thread.call('wal.checkpoint', null, cache).then((result) => {
      if (result.ok || !db.open) return;
      // The thread stopped (it is started again) or gave up: the log must not grow meanwhile.
      this.log.warn(
        `a checkpoint failed on its thread (${result.error.message}); the page writer made it`,
      );
      db.pragma('wal_checkpoint(PASSIVE)');
    });
    this.last = this.connection.serving(() => checkpoint);
  }
}
