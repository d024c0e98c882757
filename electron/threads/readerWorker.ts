import Database from 'better-sqlite3';
import { workerData } from 'node:worker_threads';
import { cacheStores } from '../core/cache/cacheStores';
import { windowEnvelopeJson } from '../core/cache/windowJson';
import { cacheReadHandlers } from '../core/cacheReads';
import { AppError } from '../shared/errors';
import { CacheConnection } from './cacheConnection';
import { type OpenCache, type ReaderStart } from './protocol';
import { readAheadBetweenCalls } from './readAheadBetweenCalls';
import { serveOperations } from './serveOperations';
import { WorkerPort } from './workerPort';

/**
 * A reader's thread: the cache's read-only operations on a connection of its own. In WAL mode a
 * reader answers from the last commit while the core's writer commits the next, so a window or a
 * count never waits for a sync's page to be stored.
 */
const start = workerData as ReaderStart;
const port = new WorkerPort();
let cache: OpenCache | null = null;
const connection = new CacheConnection((file) => {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  // A checkpoint's brief lock, or a rebuild moving the file, is waited out rather than failed.
  db.pragma('busy_timeout = 5000');
  return db;
});

const session = () => {
  if (!cache) throw new AppError('NOT_FOUND', 'Open a workspace first.');
  return { workspace: cache.workspace, db: connection.to(cache) };
};

const reads = cacheReadHandlers({
  dataDir: start.dataDir,
  emit: (event) => port.emit(event),
  session,
});

const readAhead = readAheadBetweenCalls(() => {
  // Between calls, on the file the last call read: a step never opens a connection.
  const db = connection.current();
  return db ? cacheStores(db).summaries : null;
}, port.logger());
const handlers: typeof reads = {
  ...reads,
  'submissions.summary': async (filter) => {
    const summary = await reads['submissions.summary'](filter);
    readAhead();
    return summary;
  },
};

serveOperations(
  port,
  handlers,
  (called) => (cache = called),
  () => connection.close(),
  // A window's submissions go out as the cache holds them, never parsed and written again here.
  { 'submissions.query': (input) => windowEnvelopeJson(cacheStores(session().db).query, input) },
);
