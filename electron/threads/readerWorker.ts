import { workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { cacheReadHandlers } from '../core/cacheReads';
import { type CacheDb } from '../core/cache/openCache';
import { dispatch } from '../core/dispatch';
import { AppError } from '../shared/errors';
import { type OpenCache, type ReaderStart } from './protocol';
import { WorkerPort } from './workerPort';

/**
 * A reader's thread: the cache's read-only operations on a connection of its own. In WAL mode a
 * reader answers from the last commit while the core's writer commits the next, so a window or a
 * count never waits for a sync's page to be stored.
 */
const start = workerData as ReaderStart;
const port = new WorkerPort();
const log = port.logger();
let cache: OpenCache | null = null;
let opened: { file: string; generation: number; db: CacheDb } | null = null;

const handlers = cacheReadHandlers({
  dataDir: start.dataDir,
  emit: (event) => port.emit(event),
  session: () => {
    if (!cache) throw new AppError('NOT_FOUND', 'Open a workspace first.');
    return { workspace: cache.workspace, db: database(cache) };
  },
});

port.serve(
  (call) => {
    cache = call.cache ?? null;
    return dispatch(handlers, call.op, call.input, (name, error) =>
      log.error(`operation ${name} failed`, error),
    );
  },
  async () => closeDatabase(),
);
port.post({ kind: 'ready' });

/** The open workspace's file, opened read-only; opened anew when the core opened it anew. */
function database(wanted: OpenCache): CacheDb {
  if (opened && opened.file === wanted.file && opened.generation === wanted.generation) {
    return opened.db;
  }
  closeDatabase();
  const db = new Database(wanted.file, { readonly: true, fileMustExist: true });
  // A checkpoint's brief lock, or a rebuild moving the file, is waited out rather than failed.
  db.pragma('busy_timeout = 5000');
  opened = { file: wanted.file, generation: wanted.generation, db };
  return db;
}

function closeDatabase(): void {
  if (opened?.db.open) opened.db.close();
  opened = null;
}
