import { constants, setPriority } from 'node:os';
import { type Logger } from '../core/log';

/**
 * Lowers the calling thread below the threads that answer clicks, where the system keeps a
 * priority per thread (Linux); on macOS and Windows it is the whole process's, and lowering it
 * would slow the window too, so there this does nothing. Only for a thread that only reads
 * (WAL lets the writer commit meanwhile): one that writes, held back, would hold SQLite's write
 * lock while it waited for a core, and every other write behind it (`fullCheck.ts` says the same
 * of the whole-file check).
 */
export function readInBackground(log: Pick<Logger, 'warn'>): void {
  if (process.platform !== 'linux') return;
  try {
    setPriority(constants.priority.PRIORITY_BELOW_NORMAL);
  } catch (error) {
    log.warn('could not lower the priority of a reading thread', error);
  }
}
