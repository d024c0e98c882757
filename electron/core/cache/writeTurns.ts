import { type CacheDb } from './openCache';

/**
 * The threads that write a workspace's file beside the page writer: each asks in a place of its
 * own, which a thread started in place of one that stopped clears.
 */
export type TurnTaker = 'core' | 'importWizard';
const PLACE: Record<TurnTaker, number> = { core: 0, importWizard: 1 };

/**
 * Turns at a cache file's write lock, between the thread that stores a sync's pages and the other
 * writers of the file. SQLite lets one connection write at a time, and one waiting for the lock
 * only sleeps and tries again (`busy_timeout`): it cannot say it waits. When pages pile up, the
 * page writer stores a hundred or more in one transaction (`pagesHeld`, which stores them sooner
 * than a few at a time), which holds the lock for a noticeable time, longer as the form grows; so
 * the other writers say here, in memory the threads share, that they want it, and the page writer,
 * which looks between a few pages, commits what it has and lets them in (`storeInTurns`).
 */
export class WriteTurns {
  private readonly waiting: Int32Array;

  /**
   * `shared` as another thread's `WriteTurns.shared` gave it, a new one when none; `taker`, the
   * thread this one asks for. A thread that stopped while asking left its ask behind, and the page
   * writer would let it in after every few pages for good: the thread started again in its place
   * clears it.
   */
  constructor(
    readonly shared = new SharedArrayBuffer(
      Object.keys(PLACE).length * Int32Array.BYTES_PER_ELEMENT,
    ),
    private readonly taker?: TurnTaker,
  ) {
    this.waiting = new Int32Array(shared);
    if (taker) this.done(PLACE[taker], Atomics.load(this.waiting, PLACE[taker]));
  }

  /** Runs `write`, which takes the write lock, with the page writer asked to let it in. */
  take<T>(write: () => T): T {
    if (!this.taker) throw new Error('only a thread named as a taker asks for the write lock');
    const place = PLACE[this.taker];
    Atomics.add(this.waiting, place, 1);
    try {
      return write();
    } finally {
      this.done(place, 1);
    }
  }

  /** Whether another writer waits for the lock, or holds it after asking. */
  asked(): boolean {
    return this.waiting.some((_, place) => Atomics.load(this.waiting, place) > 0);
  }

  /**
   * Blocks this thread until no other writer waits, at most `ms`: after its commit, so that the
   * lock goes to them and not back to this thread at its next write. Only on a worker's thread.
   */
  letIn(ms: number): void {
    const until = performance.now() + ms;
    for (let place = 0; place < this.waiting.length; place += 1) {
      for (
        let n = Atomics.load(this.waiting, place);
        n > 0;
        n = Atomics.load(this.waiting, place)
      ) {
        const left = until - performance.now();
        if (left <= 0 || Atomics.wait(this.waiting, place, n, left) === 'timed-out') return;
      }
    }
  }

  private done(place: number, asks: number): void {
    Atomics.sub(this.waiting, place, asks);
    Atomics.notify(this.waiting, place);
  }
}

/**
 * `db`, each of whose writes takes its turn (`WriteTurns.take`): a transaction from before it
 * begins to after it ends (begun IMMEDIATE, it waits for the lock as it begins; deferred, at its
 * first write), and a statement that writes outside a transaction (a sync's state between pages,
 * an import's lease and state, a webhook recorded) while it runs. Writes through `exec` and
 * `pragma` (the schema's, as the file opens) wait as before, behind a whole store of pages.
 * `written` is called as each such turn ends, its write committed.
 */
export function takingTurns(db: CacheDb, turns: WriteTurns, written?: () => void): CacheDb {
  const inTurn = <T>(write: () => T): T => {
    try {
      return turns.take(write);
    } finally {
      written?.();
    }
  };
  const transaction = db.transaction.bind(db);
  db.transaction = ((fn: (...args: unknown[]) => unknown) => {
    const run = transaction(fn);
    const turnOf =
      (begin: (...args: unknown[]) => unknown) =>
      (...args: unknown[]) =>
        inTurn(() => begin(...args));
    return Object.assign(turnOf(run), {
      default: turnOf(run.default),
      deferred: turnOf(run.deferred),
      immediate: turnOf(run.immediate),
      exclusive: turnOf(run.exclusive),
    });
  }) as CacheDb['transaction'];
  const prepare = db.prepare.bind(db);
  db.prepare = ((source: string) => {
    const statement = prepare(source);
    if (statement.readonly) return statement;
    for (const method of ['run', 'get', 'all'] as const) {
      const step = statement[method].bind(statement) as (...params: unknown[]) => unknown;
      (statement[method] as (...params: unknown[]) => unknown) = (...params) =>
        db.inTransaction ? step(...params) : inTurn(() => step(...params));
    }
    return statement;
  }) as CacheDb['prepare'];
  return db;
}
