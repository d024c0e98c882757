import { type CacheDb } from '../core/cache/openCache';
import { type OpenCache } from './protocol';

/**
 * A worker's own connection to the open workspace's cache: opened on the first call about a file,
 * and opened anew when the core opened the file anew (a switch back, a rebuild moving it aside).
 */
export class CacheConnection {
  private opened: { file: string; generation: number; db: CacheDb } | null = null;

  constructor(private readonly connect: (file: string) => CacheDb) {}

  to(cache: OpenCache): CacheDb {
    const { opened } = this;
    if (opened?.file === cache.file && opened.generation === cache.generation) return opened.db;
    this.close();
    const db = this.connect(cache.file);
    this.opened = { file: cache.file, generation: cache.generation, db };
    return db;
  }

  /** The connection opened last, while it is open; never opens one. */
  current(): CacheDb | null {
    return this.opened?.db.open ? this.opened.db : null;
  }

  close(): void {
    if (this.opened?.db.open) this.opened.db.close();
    this.opened = null;
  }
}
