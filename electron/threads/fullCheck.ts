import { setTimeout as delay } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';
import { backgroundNice } from '../backgroundPriority';
import { isCorruption } from './openCache';

/**
 * The check reads while people work, and no one waits for it: its thread runs below the ones that
 * answer them: at their priority, on a machine of few cores, it slowed every call made while it
 * ran. It only reads (WAL lets the writer commit meanwhile), so however long it is held back, it
 * holds nothing up; the threads that write keep their priority, as one held back would hold
 * SQLite's write lock while it waited for a core.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
// Below the threads that answer the user (Linux: a nice value belongs to one thread).
if (process.platform === 'linux') {
  try { require('node:os').setPriority(workerData.priority); } catch {}
}
const Database = require(workerData.driver);
let db;
try {
  db = new Database(workerData.file, { readonly: true, fileMustExist: true });
  const rows = db.pragma('quick_check');
  parentPort.postMessage({ finding: rows.length > 0 ? rows[0].quick_check : 'no answer from quick_check' });
} catch (error) {
  parentPort.postMessage({ failure: { code: error && error.code, message: String(error && error.message) } });
} finally {
  if (db && db.open) db.close();
}
`;

/**
 * The check waits this long after the workspace opened: reading the file competes with the first
 * screen and the start-up sync for the disk and the cores, and the check can wait.
 */
const AFTER_START_MS = 10_000;

type WorkerAnswer = { finding: string } | { failure: { code: unknown; message: string } };

/**
 * Reads the whole cache file with `PRAGMA quick_check` in a worker thread, on a read-only
 * connection of its own, so the app answers while a large file is read; it starts `delayMs` after
 * the call. Resolves with the first problem SQLite reports, null when the file is sound or
 * `signal` aborts first, and rejects when the check itself could not run (the file's soundness is
 * then unknown).
 */
export async function checkCacheFile(
  file: string,
  signal: AbortSignal,
  { delayMs = AFTER_START_MS }: { delayMs?: number } = {},
): Promise<string | null> {
  try {
    await delay(delayMs, undefined, { signal, ref: false });
  } catch {
    return null;
  }
  return quickCheckInWorker(file, signal);
}

function quickCheckInWorker(file: string, signal: AbortSignal): Promise<string | null> {
  if (signal.aborted) return Promise.resolve(null);
  return new Promise((resolve, reject) => {
    // An eval'd worker resolves bare module names from the working directory, not from this
    // file, so it is handed the driver's path (resolved here: a failure rejects, it never throws).
    const driver = require.resolve('better-sqlite3');
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { file, driver, priority: backgroundNice() },
    });
    // A check still reading when the app quits must not keep the process alive.
    worker.unref();
    // Answered once the thread is gone, its connection with it: the file may be closed or moved
    // next. A read-only connection still open as the app's last one closes leaves the WAL beside
    // the file: answered at the finding, 80–85 checks in 100 left it so with both cores busy.
    let stopped = false;
    let answer: WorkerAnswer | null = null;
    let error: Error | null = null;
    const stop = () => {
      stopped = true;
      void worker.terminate();
    };
    signal.addEventListener('abort', stop, { once: true });
    worker.once('message', (posted: WorkerAnswer) => (answer = posted));
    worker.once('error', (thrown) => (error = thrown));
    worker.once('exit', () => {
      signal.removeEventListener('abort', stop);
      if (stopped) resolve(null);
      else if (error) reject(error);
      else if (!answer) reject(new Error('the cache check stopped without an answer'));
      else if ('finding' in answer) resolve(answer.finding === 'ok' ? null : answer.finding);
      else if (isCorruption(answer.failure)) resolve(answer.failure.message);
      else reject(new Error(`the cache check could not run: ${answer.failure.message}`));
    });
  });
}
