import { type Migration } from '../migrate';

/**
 * `file_checks`: when the whole file was last read and found sound (`threads/fullCheck`). It lives in
 * the file it speaks of: a file rebuilt, replaced or copied in has no record and is checked.
 */
export const fileChecks: Migration = {
  version: 30,
  name: 'file-checks',
  up(db) {
    db.exec(`
      CREATE TABLE file_checks (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        sound_at TEXT NOT NULL
      ) STRICT;
    `);
  },
};
