import { type Submission } from '../../../shared/api/submission';
import { type Migration } from '../migrate';
import { phoneEndings, searchText } from '../submissionRow';

/** Rows rewritten per read: the statement reading them is done before their rows change. */
const ROWS_PER_STEP = 1_000;

/**
 * The digits of phone answers move from the search text to a table of their own. Kept in the
 * search text, they made the table's search find "50" in "+1 555 0172", which the service's
 * search does not; the People search finds a number by its ending in the new table instead.
 */
export const phoneEndingsTable: Migration = {
  version: 40,
  name: 'phone-endings',
  up(db) {
    db.exec(`
      CREATE TABLE phone_endings (
        submission_rowid INTEGER NOT NULL REFERENCES submissions (id) ON DELETE CASCADE,
        -- The number's digits, last first: the numbers ending with some digits are a range.
        digits_reversed TEXT NOT NULL,
        PRIMARY KEY (submission_rowid, digits_reversed)
      ) WITHOUT ROWID;
      CREATE INDEX phone_endings_by_digits ON phone_endings (digits_reversed);
    `);
    const read = db.prepare<[number, number], { id: number; raw: string }>(
      `SELECT id, raw FROM submissions
       WHERE id > ? AND raw LIKE '%"type":"PhoneNumber"%'
       ORDER BY id LIMIT ?`,
    );
    const body = db
      .prepare<[number], string>(`SELECT body FROM submission_search WHERE rowid = ?`)
      .pluck();
    const rewrite = db.prepare<[string, number]>(
      `UPDATE submission_search SET body = ? WHERE rowid = ?`,
    );
    const keep = db.prepare<[number, string]>(
      `INSERT INTO phone_endings (submission_rowid, digits_reversed) VALUES (?, ?)`,
    );
    let after = 0;
    let rewritten = 0;
    for (;;) {
      const rows = read.all(after, ROWS_PER_STEP);
      for (const row of rows) {
        const submission = JSON.parse(row.raw) as Submission;
        // Only text that held digits is rewritten: each rewrite takes the row out of the
        // full-text index and puts it back, and a file older than the digits has none.
        const text = searchText(submission);
        if (body.get(row.id) !== text) {
          rewrite.run(text, row.id);
          rewritten++;
        }
        for (const ending of phoneEndings(submission)) keep.run(row.id, ending);
      }
      const last = rows.at(-1);
      if (!last) break;
      after = last.id;
    }
    // Each rewrite leaves the row's old entries deleted in segments of their own, which every
    // search then reads past until merges reach them, and no sync's merges may; merged into one
    // segment, the index answers as quickly as before.
    if (rewritten > 0)
      db.exec(`INSERT INTO submission_search (submission_search) VALUES ('optimize')`);
  },
};
