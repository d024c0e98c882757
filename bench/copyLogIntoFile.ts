import { type CacheDb } from '../electron/core/cache/openCache';

/**
 * Copies every page the log holds into the file and empties the log, or throws: a figure read
 * after a copy that another connection held back would count only part of what was written.
 */
export function copyLogIntoFile(db: CacheDb): void {
  const [state] = db.pragma('wal_checkpoint(TRUNCATE)') as { busy: number }[];
  if (state?.busy !== 0) throw new Error('the log could not be copied into the file');
}
