import { constants, getPriority, setPriority } from 'node:os';
import { type Logger } from '../logging/log';

/**
 * The nice value for a thread that runs below the one calling: ten steps lower, as far as the
 * system allows. Relative, so that in a process started with `nice` the thread still runs below
 * the others and never above them.
 */
export function backgroundNice(): number {
  const { PRIORITY_BELOW_NORMAL: below, PRIORITY_LOW: lowest } = constants.priority;
  return Math.min(lowest, getPriority() + below);
}

/**
 * Lowers the calling thread below the threads that answer clicks, where the system keeps a
 * priority per thread (Linux); on macOS and Windows it is the whole process's, and lowering it
 * would slow the window too, so there this does nothing. Only for a thread that only reads
 * (WAL lets the writer commit meanwhile): one that writes, held back, would hold SQLite's write
 * lock while it waited for a core, and every other write behind it (`threads/fullCheck.ts` runs
 * the whole-file check so, for the same reason).
 */
export function readInBackground(log: Pick<Logger, 'warn'>): void {
  if (process.platform !== 'linux') return;
  try {
    setPriority(backgroundNice());
  } catch (error) {
    log.warn('could not lower the priority of a reading thread', error);
  }
}
