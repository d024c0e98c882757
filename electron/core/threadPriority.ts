import os from 'node:os';

/**
 * Work no one waits on as it happens (a sync's page stores, the whole-file check, reading an
 * import file) runs below the threads that answer the user. On two cores, a check of a 740 MB
 * cache started ten seconds after opening it put a trivial call's p99 at 82 ms.
 */
export const BACKGROUND_PRIORITY = os.constants.priority.PRIORITY_BELOW_NORMAL;

/**
 * Lowers the calling thread's CPU priority, so that when the cores are busy the threads that
 * answer the user run first; when they are idle it runs as fast as before. Linux only: there a
 * nice value belongs to one thread, where elsewhere it is the whole process's, and lowering it
 * would slow every thread of the app. A system that refuses leaves the thread as it was.
 */
export function runInBackground(): void {
  if (process.platform !== 'linux') return;
  try {
    os.setPriority(BACKGROUND_PRIORITY);
  } catch {
    // Nothing to do: the thread keeps its priority.
  }
}
