import { type Migration } from '../cache/migrate';

/**
 * The import journal: jobs, their rows, and each batch written BEFORE it is sent and updated with
 * its outcome after. It holds what the server cannot give back (which rows were sent, which are
 * verified), so it is durable: a rebuilt cache copies it over. The workspace file runs with
 * `synchronous = FULL`, so a batch recorded as about to be sent survives a crash or power cut.
 */
export const importJournalTables: Migration = {
  version: 10,
  name: 'import-journal',
  durableTables: ['import_jobs', 'import_rows', 'import_batches', 'import_mappings'],
  up(db) {
    db.exec(`
      CREATE TABLE import_jobs (
        job_id TEXT PRIMARY KEY,
        form_id TEXT NOT NULL,
        file_name TEXT NOT NULL,
        -- draft | running | paused | interrupted | verifying | done | cancelled
        state TEXT NOT NULL,
        columns_json TEXT NOT NULL,
        mappings_json TEXT NOT NULL,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        started_at TEXT,
        -- What the last verification of an uncertain batch found, for people.
        notice TEXT
      ) STRICT;
      CREATE INDEX import_jobs_by_time ON import_jobs (created_at);

      CREATE TABLE import_rows (
        job_id TEXT NOT NULL REFERENCES import_jobs (job_id) ON DELETE CASCADE,
        row_index INTEGER NOT NULL,
        form_id TEXT NOT NULL,
        line INTEGER NOT NULL,
        -- The row's cells with the user's fixes applied; edited marks a fixed row.
        cells_json TEXT NOT NULL,
        edited INTEGER NOT NULL DEFAULT 0,
        excluded INTEGER NOT NULL DEFAULT 0,
        -- ready | invalid | excluded (draft); pending | sending | created | failed | skipped (run)
        status TEXT NOT NULL,
        issues_json TEXT,
        -- Answers (and a time the file gives) without an assigned time: finds re-imported rows.
        source_key TEXT,
        -- The exact submission body, frozen at start with its submissionTime.
        payload_json TEXT,
        -- Answers plus the sent submissionTime: finds the row on the server after an unknown outcome.
        sent_key TEXT,
        -- A row the server refused inside a batch is retried on its own to find the culprit.
        solo INTEGER NOT NULL DEFAULT 0,
        batch_no INTEGER,
        submission_id TEXT,
        message TEXT,
        PRIMARY KEY (job_id, row_index)
      ) STRICT;
      CREATE INDEX import_rows_by_status ON import_rows (job_id, status, row_index);
      CREATE INDEX import_rows_by_source ON import_rows (form_id, source_key, status);
      CREATE INDEX import_rows_by_submission ON import_rows (form_id, submission_id);

      CREATE TABLE import_batches (
        job_id TEXT NOT NULL REFERENCES import_jobs (job_id) ON DELETE CASCADE,
        batch_no INTEGER NOT NULL,
        -- sending (journaled, outcome not yet known) | created | refused | retry | unknown | verified
        state TEXT NOT NULL,
        row_count INTEGER NOT NULL,
        journaled_at TEXT NOT NULL,
        finished_at TEXT,
        message TEXT,
        PRIMARY KEY (job_id, batch_no)
      ) STRICT;
      CREATE INDEX import_batches_by_state ON import_batches (job_id, state);

      -- Remembered column choices per form, offered the next time a file with that header comes.
      CREATE TABLE import_mappings (
        form_id TEXT NOT NULL,
        column_key TEXT NOT NULL,
        mapping_json TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        PRIMARY KEY (form_id, column_key)
      ) STRICT;
    `);
  },
};

/**
 * Whether the server keeps the `submissionTime` an import sends (learnt from its first answer):
 * verification looks for a row by that time, and by its answers alone when the server does not.
 */
export const importJournalServerTimes: Migration = {
  version: 11,
  name: 'import-journal-server-times',
  up(db) {
    db.exec(`ALTER TABLE import_jobs ADD COLUMN times_kept INTEGER`);
  },
};

/**
 * Indexes only over the rows their queries look for (pending rows, rows of a batch, created
 * rows, linked submissions): a large draft is written without maintaining entries no query will
 * read.
 */
export const importJournalPartialIndexes: Migration = {
  version: 12,
  name: 'import-journal-partial-indexes',
  up(db) {
    db.exec(`
      DROP INDEX import_rows_by_status;
      DROP INDEX import_rows_by_source;
      DROP INDEX import_rows_by_submission;
      CREATE INDEX import_rows_pending ON import_rows (job_id, row_index) WHERE status = 'pending';
      CREATE INDEX import_rows_by_batch ON import_rows (job_id, batch_no) WHERE batch_no IS NOT NULL;
      CREATE INDEX import_rows_created ON import_rows (form_id, source_key) WHERE status = 'created';
      CREATE INDEX import_rows_by_submission ON import_rows (form_id, submission_id)
        WHERE submission_id IS NOT NULL;
    `);
  },
};

/**
 * The milliseconds a job gives as `submissionTime` to rows the file gives none: each job's range
 * is kept apart from every other's on the form, so a row's time is its own.
 */
export const importJournalAssignedTimes: Migration = {
  version: 32,
  name: 'import-journal-assigned-times',
  up(db) {
    db.exec(`
      ALTER TABLE import_jobs ADD COLUMN times_from INTEGER;
      ALTER TABLE import_jobs ADD COLUMN times_to INTEGER;
    `);
  },
};
