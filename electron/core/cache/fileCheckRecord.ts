import type Database from 'better-sqlite3';

/**
 * How often the whole file is read again. Damage comes from disks and other programs, rarely; a
 * read of a large cache holds a core for seconds and, on a machine of few cores, slows every call
 * and window while it runs: once a day finds damage within a day of use, without every start of the
 * app paying for it.
 */
export const CHECK_EVERY_MS = 24 * 60 * 60_000;

/** Whether the whole file is due for a check: never found sound, or not for `CHECK_EVERY_MS`. */
export function fileCheckDue(db: Database.Database, now: Date): boolean {
  const row = db.prepare<[], { sound_at: string }>('SELECT sound_at FROM file_checks').get();
  return row === undefined || now.getTime() - Date.parse(row.sound_at) >= CHECK_EVERY_MS;
}

/** Records that the whole file was read and found sound at `at`. */
export function recordSoundFile(db: Database.Database, at: Date): void {
  db.prepare(
    `INSERT INTO file_checks (id, sound_at) VALUES (1, ?)
       ON CONFLICT (id) DO UPDATE SET sound_at = excluded.sound_at`,
  ).run(at.toISOString());
}
