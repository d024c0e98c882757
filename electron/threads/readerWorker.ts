import Database from 'better-sqlite3';
import { workerData } from 'node:worker_threads';
import { readInBackground } from '../core/priority/backgroundPriority';
import { cacheStores, type CacheStores } from '../core/cache/cacheStores';
import { addCacheFunctions } from '../core/cache/cacheFunctions';
import { cacheReadHandlers } from '../core/operations/cacheReads';
import { AppError } from '../shared/errors';
import { CacheConnection } from './cacheConnection';
import { catchUpBetweenCalls } from './catchUpBetweenCalls';
import { type OpenCache, type ReaderStart } from './protocol';
import { keepAfterSync } from './keepAfterSync';
import { readAheadBetweenCalls } from './readAheadBetweenCalls';
import { readTableAhead, type TableReadAhead } from './readTableAhead';
import { serveOperations } from './serveOperations';
import { WorkerPort } from './workerPort';

/**
 * A reader's thread: the cache's read-only operations on a connection of its own. In WAL mode a
 * reader answers from the last commit while the core's writer commits the next, so a window or a
 * count never waits for a sync's page to be stored.
 */
const start = workerData as ReaderStart;
const port = new WorkerPort();
const log = port.logger();
// An export reads a whole form for seconds; a click is answered first where cores are short.
if (start.role === 'exports') readInBackground(log);
let cache: OpenCache | null = null;
const connection = new CacheConnection((file) => {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  // A checkpoint's brief lock, or a rebuild moving the file, is waited out rather than failed.
  db.pragma('busy_timeout = 5000');
  addCacheFunctions(db);
  return db;
});

const session = () => {
  if (!cache) throw new AppError('NOT_FOUND', 'Open a workspace first.');
  return { workspace: cache.workspace, db: connection.to(cache) };
};

const summaries = () => {
  // Between calls, on the file the last call read: a step never opens a connection.
  const db = connection.current();
  return db ? cacheStores(db).summaries : null;
};
const readAhead = readAheadBetweenCalls(summaries, log);
// The summaries' reader: a large form's columns are kept once its sync ends.
const keep = keepAfterSync(summaries, readAhead, log);
// Windows readers: the shell tells them of rows stored.
const catchUp = catchUpBetweenCalls(() => {
  const db = connection.current();
  return db ? cacheStores(db).query : null;
}, log);
const reads = cacheReadHandlers({
  dataDir: start.dataDir,
  emit: (event) => port.emit(event),
  session,
  asked: (view) => catchUp.asked(view),
});
const handlers: typeof reads = {
  ...reads,
  'submissions.summary': async (filter) => {
    const summary = await reads['submissions.summary'](filter);
    readAhead();
    return summary;
  },
};

/**
 * A workspace the core has just opened: the connection is opened now, and a windows reader reads
 * the first form's table as it first shows (its first window, then its whole order and counts), so
 * its statements are prepared, its code compiled and the view read before the first click (a cold
 * reader is slow over its first windows), then asks itself the view's next screens. The shell
 * sends a windows reader reads once it says it is done (`windowsReaders.ts`).
 */
const opened = (openedCache: OpenCache) => {
  cache = openedCache;
  let read: TableReadAhead | null = null;
  try {
    const stores = cacheStores(connection.to(openedCache));
    if (start.role === 'windows') read = readFirstTableAhead(stores);
  } catch (error) {
    // The first call opens it again, and says what is wrong.
    log.debug('a reader could not read a workspace ahead of its first call', error);
  }
  if (start.role === 'windows') void rehearseScreens(openedCache, read);
};

function readFirstTableAhead(stores: CacheStores): TableReadAhead | null {
  const started = performance.now();
  const read = readTableAhead(stores);
  if (!read) return null;
  catchUp.asked(read.view);
  const took = Math.round(performance.now() - started);
  log.debug(`read the first form's table ahead: ${read.rows} rows in ${took} ms`);
  return read;
}

/**
 * The table's next screens, each asked as the shell asks a window, one a turn of the thread's
 * loop so that a call sent meanwhile is answered between them; then the shell is told. Stops
 * when the core has moved on from the workspace: it would open the file again.
 */
async function rehearseScreens(openedCache: OpenCache, read: TableReadAhead | null): Promise<void> {
  try {
    for (const screen of read?.screens ?? []) {
      await new Promise(setImmediate);
      if (!connection.isOn(openedCache)) return;
      await port.rehearse('submissions.query', { ...read?.view, ...screen }, openedCache);
    }
  } catch (error) {
    // A click asks the window again, and says what is wrong; the reader answers all the same.
    log.debug("a reader could not ask a table's first screens ahead", error);
  }
  port.post({ kind: 'warmed', generation: openedCache.generation });
}

serveOperations(port, {
  handlers,
  onCache: (called) => (cache = called),
  opened,
  changed: (formId) => (start.role === 'summaries' ? keep : catchUp).changed(formId),
  synced: (formId) => keep.synced(formId),
  connection,
});
