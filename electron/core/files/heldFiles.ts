import fs from 'node:fs';

/**
 * How long a file that may still be held open is tried again: up to 1.8 s, 50 ms longer each time.
 * Windows refuses to move or remove a file another handle has open (`EBUSY`, `EPERM`, `EACCES`),
 * and the threads that read a workspace's cache close theirs only once told the core closed it, a
 * moment after the core has. A scan by another program (an antivirus, a backup) holds it the same.
 */
const HELD_FILE_RETRY = { maxRetries: 8, retryDelay: 50 } as const;

const HELD = new Set(['EBUSY', 'EPERM', 'EACCES']);

/** A file removed (with `fs.rmSync`'s own retries), tried again while something holds it. */
export function removeHeld(file: string): void {
  fs.rmSync(file, { recursive: true, force: true, ...HELD_FILE_RETRY });
}

/**
 * `from` renamed to `to`, tried again while something holds it, as `fs.rmSync` retries. Throws the
 * last refusal once the retries are spent, and at once any other error.
 */
export function renameHeld(from: string, to: string): void {
  for (let retry = 1; ; retry++) {
    try {
      fs.renameSync(from, to);
      return;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? '';
      if (!HELD.has(code) || retry > HELD_FILE_RETRY.maxRetries) throw error;
      // Synchronous, as the open it belongs to is: this thread has nothing else to do meanwhile.
      Atomics.wait(
        new Int32Array(new SharedArrayBuffer(4)),
        0,
        0,
        retry * HELD_FILE_RETRY.retryDelay,
      );
    }
  }
}
