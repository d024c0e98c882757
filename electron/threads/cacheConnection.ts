import { type CacheDb } from '../core/cache/openCache';
import { type OpenCache } from './protocol';

/**
 * A worker's own connection to the open workspace's cache: opened on the first call about a file,
 * and opened anew when the core opened the file anew (a switch back, a rebuild moving it aside).
 * When the core closes the workspace or opens another, the connection is closed once the calls
 * under way are done, not held until the next call: a removed workspace's file stayed open in
 * every thread that had read it, its space taken until the app quit (and on Windows a file open
 * elsewhere cannot be removed at all).
 */
export class CacheConnection {
  private opened: { file: string; generation: number; db: CacheDb } | null = null;
  private calls = 0;
  /** The core moved on from the file while calls used it: closed as the last of them ends. */
  private stale = false;

  constructor(private readonly connect: (file: string) => CacheDb) {}

  to(cache: OpenCache): CacheDb {
    const { opened } = this;
    if (opened && isOf(opened, cache)) return opened.db;
    this.close();
    const db = this.connect(cache.file);
    this.opened = { file: cache.file, generation: cache.generation, db };
    return db;
  }

  /** The connection opened last, while it is open; never opens one. */
  current(): CacheDb | null {
    return this.opened?.db.open ? this.opened.db : null;
  }

  /** Whether the connection is open on `cache`, and the core has not moved on from it. */
  isOn(cache: OpenCache): boolean {
    const { opened } = this;
    return !!opened?.db.open && !this.stale && isOf(opened, cache);
  }

  /** Runs a call that may use the connection: one the core moved on from meanwhile outlives it. */
  async serving<T>(call: () => Promise<T>): Promise<T> {
    this.calls += 1;
    try {
      return await call();
    } finally {
      this.calls -= 1;
      if (this.calls === 0 && this.stale) this.close();
    }
  }

  /** The workspace the core has open now (null: none): a connection to any other file closes. */
  coreOpened(cache: OpenCache | null): void {
    const { opened } = this;
    if (!opened || (cache && isOf(opened, cache))) return;
    if (this.calls === 0) this.close();
    else this.stale = true;
  }

  close(): void {
    if (this.opened?.db.open) this.opened.db.close();
    this.opened = null;
    this.stale = false;
  }
}

/** Whether a connection opened on `opened` is one to `cache` as the core opened it last. */
function isOf(opened: { file: string; generation: number }, cache: OpenCache): boolean {
  return opened.file === cache.file && opened.generation === cache.generation;
}
