import { type Migration } from '../migrate';
import { packSubmission } from '../packedSubmission';

/**
 * Submissions are kept deflated (`packedSubmission.ts`): their JSON was most of the file. A strict
 * table's column keeps the type it was made with, so the table is made again, SQLite's way: a new
 * table filled from the old, the old dropped, the new renamed, its indexes and triggers made again
 * as they were. `migrate` holds foreign keys off meanwhile, so the answers, phone numbers and
 * counts that name `submissions` keep naming it and lose no row.
 */
export const packedSubmissions: Migration = {
  version: 48,
  name: 'packed-submissions',
  up(db) {
    const table = db
      .prepare<[], string>(
        `SELECT sql FROM sqlite_schema WHERE type = 'table' AND name = 'submissions'`,
      )
      .pluck()
      .get()!;
    // A file marked older than its schema runs the step again over its own work: left as it is.
    if (!/\braw TEXT NOT NULL\b/.test(table)) return;
    const dependents = db
      .prepare<[], string>(
        `SELECT sql FROM sqlite_schema
         WHERE tbl_name = 'submissions' AND type IN ('index', 'trigger') AND sql IS NOT NULL`,
      )
      .pluck()
      .all();
    const columns = db
      .prepare<[], string>(`SELECT name FROM pragma_table_info('submissions') ORDER BY cid`)
      .pluck()
      .all();
    const copied = columns.map((name) => (name === 'raw' ? 'pack_submission(raw)' : name));
    db.function('pack_submission', { deterministic: true }, (raw) => packSubmission(raw as string));
    db.exec(
      table
        .replace(/^CREATE TABLE submissions\b/, 'CREATE TABLE submissions_packed')
        .replace(/\braw TEXT NOT NULL\b/, 'raw BLOB NOT NULL'),
    );
    db.exec(`
      INSERT INTO submissions_packed (${columns.join(', ')})
        SELECT ${copied.join(', ')} FROM submissions ORDER BY id;
      DROP TABLE submissions;
    `);
    // Triggers on other tables name `submissions`: left as they are, they read the new table.
    db.pragma('legacy_alter_table = ON');
    try {
      db.exec('ALTER TABLE submissions_packed RENAME TO submissions');
    } finally {
      db.pragma('legacy_alter_table = OFF');
    }
    for (const sql of dependents) db.exec(sql);
  },
};
