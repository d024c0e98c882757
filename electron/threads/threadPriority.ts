import { setPriority } from 'node:os';
import { type Logger } from '../core/log';

/**
 * The nice value of a thread whose work no one waits on from one moment to the next (a sync's page
 * stores, a whole export): under load, the scheduler then gives a core to the threads that answer
 * clicks first.
 */
const BACKGROUND_NICE = 10;

/**
 * Lowers the calling thread's priority where the system keeps one per thread (Linux). On macOS and
 * Windows the priority is the whole process's, and lowering it would slow the window too: there the
 * call does nothing.
 */
export function runInBackground(log: Pick<Logger, 'warn'>): void {
  if (process.platform !== 'linux') return;
  try {
    setPriority(BACKGROUND_NICE);
  } catch (error) {
    log.warn('could not lower the priority of a background thread', error);
  }
}
