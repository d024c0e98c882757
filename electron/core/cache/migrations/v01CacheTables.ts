import { type Migration } from '../migrate';

/**
 * The offline cache of the service's data (forms, submissions, what was learnt about questions),
 * the sync bookkeeping, and the local activity log.
 *
 * Per-question values live in `answers`, one row per (submission, field), rather than in generated
 * columns on `submissions`: every form has its own open-ended set of questions, so columns would
 * mean a schema change per form, while one typed row per value gives every question the same two
 * indexes (text and number/date) for filters and sorts.
 */
export const cacheTables: Migration = {
  version: 1,
  name: 'cache-tables',
  durableTables: ['activity_log'],
  up(db) {
    db.exec(`
      CREATE TABLE forms (
        form_id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        position INTEGER NOT NULL DEFAULT 0,
        listed_at TEXT NOT NULL,
        -- The answer of GET /forms/{formId} when the server offers it (beyond the interface).
        metadata_json TEXT
      ) STRICT;

      CREATE TABLE submissions (
        id INTEGER PRIMARY KEY,
        form_id TEXT NOT NULL,
        submission_id TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('finished', 'in_progress')),
        is_preview INTEGER NOT NULL DEFAULT 0,
        submission_time TEXT NOT NULL,
        last_updated_at TEXT,
        quiz_score REAL,
        login_email TEXT COLLATE NOCASE,
        payment_amount REAL,
        -- The submission exactly as the server sent it: unknown fields survive untouched.
        raw TEXT NOT NULL,
        synced_at TEXT NOT NULL,
        -- Which reconcile pass last saw the row; rows a finished pass did not see are swept.
        seen_pass INTEGER NOT NULL DEFAULT 0,
        UNIQUE (form_id, submission_id)
      ) STRICT;
      CREATE INDEX submissions_by_time ON submissions (form_id, status, submission_time, submission_id);
      CREATE INDEX submissions_by_form_time ON submissions (form_id, submission_time, submission_id);
      CREATE INDEX submissions_by_updated ON submissions (form_id, status, last_updated_at, submission_time, submission_id);
      CREATE INDEX submissions_by_quiz ON submissions (form_id, status, quiz_score, submission_time, submission_id);
      CREATE INDEX submissions_by_login ON submissions (form_id, status, login_email, submission_time, submission_id);
      CREATE INDEX submissions_by_payment ON submissions (form_id, status, payment_amount, submission_time, submission_id);

      CREATE TABLE answers (
        submission_rowid INTEGER NOT NULL REFERENCES submissions (id) ON DELETE CASCADE,
        form_id TEXT NOT NULL,
        -- A question id, or 'calculation:<id>' / 'urlParameter:<id>' for the other value lists.
        field_key TEXT NOT NULL,
        value_text TEXT COLLATE NOCASE,
        -- Numbers as they are, dates as epoch milliseconds: one column serves both ranges.
        value_num REAL,
        -- Arrays of choices (Checkboxes, MultiSelect…) as JSON, for "choice is".
        value_json TEXT,
        PRIMARY KEY (submission_rowid, field_key)
      ) STRICT, WITHOUT ROWID;
      CREATE INDEX answers_by_text ON answers (form_id, field_key, value_text);
      CREATE INDEX answers_by_num ON answers (form_id, field_key, value_num);

      -- Trigram tokens make search mean "contains the text", like the service's own filter.
      CREATE VIRTUAL TABLE submission_search USING fts5 (body, tokenize = 'trigram');
      CREATE TRIGGER submissions_search_delete AFTER DELETE ON submissions BEGIN
        DELETE FROM submission_search WHERE rowid = old.id;
      END;

      CREATE TABLE questions (
        form_id TEXT NOT NULL,
        question_id TEXT NOT NULL,
        name TEXT NOT NULL,
        type TEXT NOT NULL,
        -- Order in the form: from metadata when offered, else order of first appearance.
        position INTEGER NOT NULL,
        from_metadata INTEGER NOT NULL DEFAULT 0,
        first_seen_at TEXT,
        last_seen_at TEXT,
        PRIMARY KEY (form_id, question_id)
      ) STRICT;

      CREATE TABLE sync_state (
        form_id TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('finished', 'in_progress')),
        -- 'idle', or the pass under way ('incremental' | 'reconcile'), resumable at next_offset.
        phase TEXT NOT NULL DEFAULT 'idle',
        after_date TEXT,
        next_offset INTEGER NOT NULL DEFAULT 0,
        pass_id INTEGER NOT NULL DEFAULT 0,
        -- The listing's total at the last page of a reconcile; a drop means rows were deleted
        -- mid-walk, offsets shifted, and the walk may have skipped a row: no sweep then.
        pass_total INTEGER,
        pass_disturbed INTEGER NOT NULL DEFAULT 0,
        reconcile_due INTEGER NOT NULL DEFAULT 0,
        last_synced_at TEXT,
        last_reconciled_at TEXT,
        last_attempt_at TEXT,
        last_error TEXT,
        PRIMARY KEY (form_id, status)
      ) STRICT;

      CREATE TABLE activity_log (
        id INTEGER PRIMARY KEY,
        at TEXT NOT NULL,
        workspace_id TEXT NOT NULL,
        kind TEXT NOT NULL,
        form_id TEXT,
        submission_id TEXT,
        summary TEXT NOT NULL,
        -- What was removed, whole, so a deletion can be looked up (and re-created) later.
        snapshot_json TEXT
      ) STRICT;
      CREATE INDEX activity_by_time ON activity_log (at, id);
    `);
  },
};
