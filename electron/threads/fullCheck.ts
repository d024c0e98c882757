import { setTimeout as delay } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';
import { workerScript } from './workerThread';

/**
 * The check waits this long after the workspace opened: reading the file competes with the first
 * screen and the start-up sync for the disk and the cores, and the check can wait.
 */
const AFTER_START_MS = 10_000;

export interface FullCheckStart {
  file: string;
}

export type FullCheckAnswer = { finding: string | null } | { failure: string };

/**
 * The whole-file check, read on a thread of its own (`fullCheckWorker.ts`) below the threads that
 * answer the user, so the app answers while a large file is read; it starts `delayMs` after the
 * call. Resolves with the first problem SQLite reports, null when the file is sound or `signal`
 * aborts first, and rejects when the check itself could not run (the file's soundness is then
 * unknown). `builtDir`: where the built thread entries are, as for the other threads.
 */
export function fullCheckInThread(builtDir: string | undefined) {
  return async (
    file: string,
    signal: AbortSignal,
    { delayMs = AFTER_START_MS }: { delayMs?: number } = {},
  ): Promise<string | null> => {
    try {
      await delay(delayMs, undefined, { signal, ref: false });
    } catch {
      return null;
    }
    return checkInWorker(builtDir, file, signal);
  };
}

function checkInWorker(
  builtDir: string | undefined,
  file: string,
  signal: AbortSignal,
): Promise<string | null> {
  if (signal.aborted) return Promise.resolve(null);
  return new Promise((resolve, reject) => {
    const [script, options] = workerScript('fullCheckWorker', builtDir, {
      file,
    } satisfies FullCheckStart);
    const worker = new Worker(script, options);
    // A check still reading when the app quits must not keep the process alive.
    worker.unref();
    // Answered once the thread is gone, its connection with it: the file may be closed or moved
    // next, and a connection left open would keep the WAL beside it.
    let stopped = false;
    let answer: FullCheckAnswer | null = null;
    let error: Error | null = null;
    const stop = () => {
      stopped = true;
      void worker.terminate();
    };
    signal.addEventListener('abort', stop, { once: true });
    worker.once('message', (posted: FullCheckAnswer) => (answer = posted));
    worker.once('error', (thrown) => (error = thrown));
    worker.once('exit', () => {
      signal.removeEventListener('abort', stop);
      if (stopped) resolve(null);
      else if (error) reject(error);
      else if (!answer) reject(new Error('the cache check stopped without an answer'));
      else if ('finding' in answer) resolve(answer.finding);
      else reject(new Error(`the cache check could not run: ${answer.failure}`));
    });
  });
}
