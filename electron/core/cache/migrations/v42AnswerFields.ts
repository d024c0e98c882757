import { type Migration } from '../migrate';

/**
 * Each answer names its question by a number (`fields`) rather than by its form's id and the
 * question's key. Every answer and every entry of its three indexes held both texts, a third of
 * the table and of the index by text. That index takes a large form's answers all over it, so
 * each store of a sync rewrites most of its pages: the smaller it is, the less a sync writes.
 *
 * The answer counts keep the form and key as text: they hold one row per distinct answer, not
 * per answer, and the Summary reads them by form. The triggers that keep them are made anew
 * over the new table; a field's number never changes once given, so readers may keep it.
 */
export const answerFields: Migration = {
  version: 42,
  name: 'answer-fields',
  up(db) {
    // A file marked older than its schema runs the step again over its own work: left as it is.
    const numbered = db
      .prepare(`SELECT 1 FROM pragma_table_info('answers') WHERE name = 'field'`)
      .get();
    if (numbered) return;
    db.exec(`
      DROP TRIGGER answer_counts_delete;
      DROP TRIGGER answer_counts_move;
      DROP TRIGGER answer_counts_remove;

      CREATE TABLE fields (
        id INTEGER PRIMARY KEY,
        form_id TEXT NOT NULL,
        -- A question id, or 'calculation:<id>' / 'urlParameter:<id>' for the other value lists.
        field_key TEXT NOT NULL,
        UNIQUE (form_id, field_key)
      ) STRICT;
      INSERT INTO fields (form_id, field_key) SELECT DISTINCT form_id, field_key FROM answers;

      CREATE TABLE answers_by_field (
        submission_rowid INTEGER NOT NULL REFERENCES submissions (id) ON DELETE CASCADE,
        field INTEGER NOT NULL,
        value_text TEXT COLLATE NOCASE,
        -- Numbers as they are, dates as epoch milliseconds: one column serves both ranges.
        value_num REAL,
        -- Arrays of choices (Checkboxes, MultiSelect…) as JSON, for "choice is".
        value_json TEXT,
        PRIMARY KEY (submission_rowid, field)
      ) STRICT, WITHOUT ROWID;
      INSERT INTO answers_by_field (submission_rowid, field, value_text, value_num, value_json)
        SELECT a.submission_rowid, f.id, a.value_text, a.value_num, a.value_json
          FROM answers a CROSS JOIN fields f ON f.form_id = a.form_id AND f.field_key = a.field_key
          -- In the table's own order, so the copy only appends: read through the index by text,
          -- each answer was looked up in the table and written to a page of its own.
          ORDER BY a.submission_rowid;
      DROP TABLE answers;
      ALTER TABLE answers_by_field RENAME TO answers;
      CREATE INDEX answers_by_text ON answers (field, value_text);
      CREATE INDEX answers_by_num ON answers (field, value_num) WHERE value_num IS NOT NULL;
      CREATE INDEX answers_listed ON answers (field) WHERE value_json IS NOT NULL;

      CREATE TRIGGER answer_counts_delete AFTER DELETE ON answers BEGIN
        UPDATE answer_counts SET n = n - 1
          WHERE form_id = (SELECT form_id FROM fields WHERE id = old.field)
            AND status = (SELECT status FROM submissions WHERE id = old.submission_rowid)
            AND is_preview = (SELECT is_preview FROM submissions WHERE id = old.submission_rowid)
            AND field_key = (SELECT field_key FROM fields WHERE id = old.field)
            AND value_text = ifnull(old.value_text, '');
        UPDATE answer_totals SET n = n - 1
          WHERE form_id = (SELECT form_id FROM fields WHERE id = old.field)
            AND status = (SELECT status FROM submissions WHERE id = old.submission_rowid)
            AND is_preview = (SELECT is_preview FROM submissions WHERE id = old.submission_rowid)
            AND field_key = (SELECT field_key FROM fields WHERE id = old.field);
        DELETE FROM answer_counts
          WHERE form_id = (SELECT form_id FROM fields WHERE id = old.field)
            AND status = (SELECT status FROM submissions WHERE id = old.submission_rowid)
            AND is_preview = (SELECT is_preview FROM submissions WHERE id = old.submission_rowid)
            AND field_key = (SELECT field_key FROM fields WHERE id = old.field)
            AND value_text = ifnull(old.value_text, '') AND n = 0;
        -- Another submission that gave the same answer stands for it, whatever its status.
        UPDATE answer_counts SET sample = (
            SELECT min(submission_rowid) FROM answers
              WHERE field = old.field AND value_text IS old.value_text)
          WHERE form_id = (SELECT form_id FROM fields WHERE id = old.field)
            AND status IN ('finished', 'in_progress') AND is_preview IN (0, 1)
            AND field_key = (SELECT field_key FROM fields WHERE id = old.field)
            AND value_text = ifnull(old.value_text, '') AND sample = old.submission_rowid;
      END;

      CREATE TRIGGER answer_counts_move AFTER UPDATE OF status, is_preview ON submissions
        WHEN old.status IS NOT new.status OR old.is_preview IS NOT new.is_preview
      BEGIN
        UPDATE answer_counts SET n = n - 1
          WHERE form_id = old.form_id AND status = old.status AND is_preview = old.is_preview
            AND (field_key, value_text) IN (
              SELECT f.field_key, ifnull(a.value_text, '')
                FROM answers a JOIN fields f ON f.id = a.field WHERE a.submission_rowid = old.id);
        UPDATE answer_totals SET n = n - 1
          WHERE form_id = old.form_id AND status = old.status AND is_preview = old.is_preview
            AND field_key IN (
              SELECT f.field_key
                FROM answers a JOIN fields f ON f.id = a.field WHERE a.submission_rowid = old.id);
        DELETE FROM answer_counts
          WHERE form_id = old.form_id AND status = old.status AND is_preview = old.is_preview
            AND (field_key, value_text) IN (
              SELECT f.field_key, ifnull(a.value_text, '')
                FROM answers a JOIN fields f ON f.id = a.field WHERE a.submission_rowid = old.id)
            AND n = 0;
        INSERT INTO answer_counts (form_id, status, is_preview, field_key, value_text, n, sample)
          SELECT new.form_id, new.status, new.is_preview, f.field_key, ifnull(a.value_text, ''), 1,
                 new.id
            FROM answers a JOIN fields f ON f.id = a.field WHERE a.submission_rowid = new.id
          ON CONFLICT DO UPDATE SET n = n + 1;
        INSERT INTO answer_totals (form_id, status, is_preview, field_key, n)
          SELECT new.form_id, new.status, new.is_preview, f.field_key, 1
            FROM answers a JOIN fields f ON f.id = a.field WHERE a.submission_rowid = new.id
          ON CONFLICT DO UPDATE SET n = n + 1;
      END;

      CREATE TRIGGER answer_counts_remove BEFORE DELETE ON submissions BEGIN
        DELETE FROM answers WHERE submission_rowid = old.id;
      END;
    `);
  },
};
