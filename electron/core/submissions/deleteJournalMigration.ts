import { type Migration } from '../cache/migrate';

/**
 * The bulk delete journal: each job and every row it will delete, written before the first request
 * and each row marked `sending` before its own, so a job stopped by a crash resumes without sending
 * a row's delete twice. Durable, as the import journal is: a rebuilt cache copies it over.
 * `erase_terms` holds a person's search only until their erasure's local copies are removed.
 */
export const deleteJournalTables: Migration = {
  version: 35,
  name: 'delete-journal',
  durableTables: ['delete_jobs', 'delete_rows'],
  up(db) {
    db.exec(`
      CREATE TABLE delete_jobs (
        job_id TEXT PRIMARY KEY,
        -- delete | erase
        kind TEXT NOT NULL,
        -- running | waiting | paused | interrupted | done | cancelled
        state TEXT NOT NULL,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        notice TEXT,
        erase_terms TEXT,
        lease_runner TEXT,
        lease_pid INTEGER,
        lease_until INTEGER
      ) STRICT;

      CREATE TABLE delete_rows (
        job_id TEXT NOT NULL REFERENCES delete_jobs (job_id) ON DELETE CASCADE,
        row_no INTEGER NOT NULL,
        form_id TEXT NOT NULL,
        submission_id TEXT NOT NULL,
        -- pending | sending (asked, answer not yet kept) | deleted | gone | failed | skipped
        status TEXT NOT NULL,
        message TEXT,
        PRIMARY KEY (job_id, row_no)
      ) STRICT;
      CREATE INDEX delete_rows_open ON delete_rows (job_id, status, row_no)
        WHERE status IN ('pending', 'sending');
    `);
  },
};
