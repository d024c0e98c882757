import fs from 'node:fs';

/** The log's header, and each frame's before its page (sqlite.org/fileformat2.html#walformat). */
const LOG_HEADER = 32;
const FRAME_HEADER = 24;
const PAGE_SIZE_AT = 8;
const SALTS_AT = 16;
const FRAME_SALTS_AT = 8;

/**
 * Frames of `file`'s write-ahead log written since the log last started over: what a checkpoint
 * would copy, at most. SQLite says how long the log is only as it runs a checkpoint; its index
 * (`-shm`) says it too, but a file SQLite locks must not be opened beside it in the same process,
 * as closing it drops every lock the process holds on it. The log itself is never locked. A log
 * starts over at frame one with new salts, so the frames of the present log are the ones from
 * the first on whose salts match its header's, found by halving. Zero when there is no log.
 */
export function logFrames(file: string): number {
  let fd: number;
  try {
    fd = fs.openSync(`${file}-wal`, 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
  try {
    const header = Buffer.alloc(LOG_HEADER);
    if (fs.readSync(fd, header, 0, LOG_HEADER, 0) < LOG_HEADER) return 0;
    const frameBytes = header.readUInt32BE(PAGE_SIZE_AT) + FRAME_HEADER;
    const salts = header.subarray(SALTS_AT, SALTS_AT + 8);
    const frame = Buffer.alloc(FRAME_HEADER);
    const current = (n: number) =>
      fs.readSync(fd, frame, 0, FRAME_HEADER, LOG_HEADER + (n - 1) * frameBytes) === FRAME_HEADER &&
      frame.subarray(FRAME_SALTS_AT, FRAME_SALTS_AT + 8).equals(salts);
    // Frames 1..low are the present log's; frames past high are not.
    let low = 0;
    let high = Math.floor((fs.fstatSync(fd).size - LOG_HEADER) / frameBytes);
    while (low < high) {
      const mid = Math.ceil((low + high) / 2);
      if (current(mid)) low = mid;
      else high = mid - 1;
    }
    return low;
  } finally {
    fs.closeSync(fd);
  }
}
