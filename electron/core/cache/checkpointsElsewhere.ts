import { CHECKPOINT_PAGES, type CacheDb } from './openCache';
import { logFrames } from './logFrames';

/**
 * Makes `db`'s commits leave the log's checkpoint to another thread, and answers the call to make
 * after each of its writes (`takingTurns`). A commit that finds the log past `CHECKPOINT_PAGES`
 * copies all of it into the file before it returns (SQLite's automatic checkpoint), and a full
 * log copied into a large cache took several frames' time: on the core's thread, a click asked
 * meanwhile waited for it. So once a write leaves that much in the log, `checkpoint` is asked to
 * copy it elsewhere, once until it settles; `db` copies it itself only if that fails, as the log
 * must not grow without bound.
 */
export function checkpointsElsewhere(db: CacheDb, checkpoint: () => Promise<boolean>): () => void {
  db.pragma('wal_autocheckpoint = 0');
  let asked = false;
  return () => {
    if (asked || !db.open || logFrames(db.name) < CHECKPOINT_PAGES) return;
    asked = true;
    void checkpoint()
      .catch(() => false)
      .then((copied) => {
        asked = false;
        if (!copied && db.open) db.pragma('wal_checkpoint(PASSIVE)');
      });
  };
}
