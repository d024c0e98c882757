import { type Migration } from '../migrate';

/**
 * The number of cached submissions per form, status and preview flag, kept by triggers on every
 * write. The forms list, the status tabs and a view's "N of M" read these counts on each refresh,
 * several times a second while a sync commits pages; counting the rows each time costs a pass over
 * the form, slow on a large one; a lookup here costs nothing.
 */
export const submissionCounts: Migration = {
  version: 22,
  name: 'submission-counts',
  up(db) {
    db.exec(`
      CREATE TABLE submission_counts (
        form_id TEXT NOT NULL,
        status TEXT NOT NULL,
        is_preview INTEGER NOT NULL,
        n INTEGER NOT NULL,
        PRIMARY KEY (form_id, status, is_preview)
      ) STRICT, WITHOUT ROWID;

      INSERT INTO submission_counts (form_id, status, is_preview, n)
        SELECT form_id, status, is_preview, count(*) FROM submissions GROUP BY form_id, status, is_preview;

      CREATE TRIGGER submission_counts_insert AFTER INSERT ON submissions BEGIN
        INSERT INTO submission_counts (form_id, status, is_preview, n)
          VALUES (new.form_id, new.status, new.is_preview, 1)
          ON CONFLICT (form_id, status, is_preview) DO UPDATE SET n = n + 1;
      END;
      CREATE TRIGGER submission_counts_delete AFTER DELETE ON submissions BEGIN
        UPDATE submission_counts SET n = n - 1
          WHERE form_id = old.form_id AND status = old.status AND is_preview = old.is_preview;
      END;
      CREATE TRIGGER submission_counts_update AFTER UPDATE OF form_id, status, is_preview ON submissions
        WHEN old.form_id IS NOT new.form_id OR old.status IS NOT new.status OR old.is_preview IS NOT new.is_preview
      BEGIN
        UPDATE submission_counts SET n = n - 1
          WHERE form_id = old.form_id AND status = old.status AND is_preview = old.is_preview;
        INSERT INTO submission_counts (form_id, status, is_preview, n)
          VALUES (new.form_id, new.status, new.is_preview, 1)
          ON CONFLICT (form_id, status, is_preview) DO UPDATE SET n = n + 1;
      END;
    `);
  },
};
