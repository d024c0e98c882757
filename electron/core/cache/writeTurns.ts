import { type CacheDb } from './openCache';

/**
 * Turns at a cache file's write lock, between the thread that stores a sync's pages and the other
 * writers of the file. SQLite lets one connection write at a time, and one waiting for the lock
 * only sleeps and tries again (`busy_timeout`): it cannot say it waits. When pages pile up, the
 * page writer stores up to twenty-four in one transaction (a first sync of 20k rows with no rate
 * limit took 4.8–5.0 s against 6.6 s three a transaction), which holds the lock for half a second
 * and more, longer as the form grows; so the other writers say here, in memory the threads share,
 * that they want it, and the page writer, which looks between a few pages, commits what it has and
 * lets them in (`storeInTurns`).
 */
export class WriteTurns {
  private readonly waiting: Int32Array;

  /** `shared` as another thread's `WriteTurns.shared` gave it; a new one when none. */
  constructor(readonly shared = new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT)) {
    this.waiting = new Int32Array(shared);
  }

  /** Runs `write`, which takes the write lock, with the page writer asked to let it in. */
  take<T>(write: () => T): T {
    Atomics.add(this.waiting, 0, 1);
    try {
      return write();
    } finally {
      Atomics.sub(this.waiting, 0, 1);
      Atomics.notify(this.waiting, 0);
    }
  }

  /** Whether another writer waits for the lock, or holds it after asking. */
  asked(): boolean {
    return Atomics.load(this.waiting, 0) > 0;
  }

  /**
   * Blocks this thread until no other writer waits, at most `ms`: after its commit, so that the
   * lock goes to them and not back to this thread at its next write. Only on a worker's thread.
   */
  letIn(ms: number): void {
    const until = performance.now() + ms;
    for (let n = Atomics.load(this.waiting, 0); n > 0; n = Atomics.load(this.waiting, 0)) {
      const left = until - performance.now();
      if (left <= 0 || Atomics.wait(this.waiting, 0, n, left) === 'timed-out') return;
    }
  }
}

/**
 * `db`, each of whose transactions takes its turn (`WriteTurns.take`) from before it begins to
 * after it ends: a transaction begun IMMEDIATE waits for the lock as it begins, one begun deferred
 * at its first write. Writes outside a transaction wait as before, behind a whole store of pages.
 */
export function takingTurns(db: CacheDb, turns: WriteTurns): CacheDb {
  const transaction = db.transaction.bind(db);
  db.transaction = ((fn: (...args: unknown[]) => unknown) => {
    const run = transaction(fn);
    const inTurn =
      (begin: (...args: unknown[]) => unknown) =>
      (...args: unknown[]) =>
        turns.take(() => begin(...args));
    return Object.assign(inTurn(run), {
      default: inTurn(run.default),
      deferred: inTurn(run.deferred),
      immediate: inTurn(run.immediate),
      exclusive: inTurn(run.exclusive),
    });
  }) as CacheDb['transaction'];
  return db;
}
