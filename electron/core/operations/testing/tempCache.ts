import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type CacheDb, type OpenCacheOptions } from '../../cache/openCache';
import { openCache } from '../workspaceCache';

export interface TempCache {
  /** The cache's own directory, for what a test keeps beside it (exports, a data dir). */
  readonly dir: string;
  readonly file: string;
  /** The open connection: the first one, or the one `reopen` gave last. */
  readonly db: CacheDb;
  /** Closes the connection if it is still open and opens the file again, as a restart would. */
  reopen(options?: OpenCacheOptions): CacheDb;
  /** Closes the connection if it is still open and removes the directory with all it holds. */
  close(): void;
}

/**
 * A real cache file, migrated, in a directory of its own under the OS temp dir: the stores are
 * tested against SQLite itself, its pragmas and its file, not a stand-in. `close` removes the
 * directory whole (the WAL, a rebuild's copies, what a test wrote beside it), so a run leaves
 * nothing behind; `name` goes into the directory's name, so one that is left says which test
 * made it.
 */
export function openTempCache(name: string): TempCache {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `formdesk-${name}-`));
  const file = path.join(dir, 'cache.sqlite');
  const remove = () => fs.rmSync(dir, { recursive: true, force: true });
  let db: CacheDb;
  try {
    db = openCache(file);
  } catch (error) {
    remove();
    throw error;
  }
  const closeDb = () => {
    if (db.open) db.close();
  };
  return {
    dir,
    file,
    get db() {
      return db;
    },
    reopen(options) {
      closeDb();
      db = openCache(file, options);
      return db;
    },
    close() {
      closeDb();
      remove();
    },
  };
}
