import { type Migration } from '../migrate';

/**
 * How many rows of each form, status and preview flag gave each answer, and how many answered
 * each question. The Summary tab of a whole form reads these few rows: grouping the form's
 * answers on each read walked every answer in the index, slow on a large form.
 *
 * A sync's pages add their answers' counts in one write per distinct answer of the pages stored
 * together (`AnswerCounter`): storing rows takes little longer than without counts, where a
 * trigger on each inserted answer made it markedly slower.
 * What else changes an answer is rare and left to triggers: a removed answer takes its count
 * back, a row whose status or flag changes moves its answers' counts with it, and a removed row
 * removes its answers first (a cascade's deletes could no longer see the row's status).
 *
 * A count row keeps one submission that gave its answer (`sample`): the summary reads a value's
 * number, list or matrix from it.
 */
export const answerCounts: Migration = {
  version: 29,
  name: 'answer-counts',
  up(db) {
    db.exec(`
      CREATE TABLE answer_counts (
        form_id TEXT NOT NULL,
        status TEXT NOT NULL,
        is_preview INTEGER NOT NULL,
        field_key TEXT NOT NULL,
        -- As the answers index groups it (NOCASE); an answer without text counts under ''.
        value_text TEXT NOT NULL COLLATE NOCASE,
        n INTEGER NOT NULL,
        sample INTEGER NOT NULL,
        PRIMARY KEY (form_id, status, is_preview, field_key, value_text)
      ) STRICT, WITHOUT ROWID;
      CREATE TABLE answer_totals (
        form_id TEXT NOT NULL,
        status TEXT NOT NULL,
        is_preview INTEGER NOT NULL,
        field_key TEXT NOT NULL,
        n INTEGER NOT NULL,
        PRIMARY KEY (form_id, status, is_preview, field_key)
      ) STRICT, WITHOUT ROWID;

      INSERT INTO answer_counts (form_id, status, is_preview, field_key, value_text, n, sample)
        SELECT a.form_id, s.status, s.is_preview, a.field_key, ifnull(a.value_text, ''), count(*),
               min(a.submission_rowid)
          FROM answers a JOIN submissions s ON s.id = a.submission_rowid
          GROUP BY a.form_id, s.status, s.is_preview, a.field_key, ifnull(a.value_text, '') COLLATE NOCASE;
      INSERT INTO answer_totals (form_id, status, is_preview, field_key, n)
        SELECT form_id, status, is_preview, field_key, sum(n) FROM answer_counts
          GROUP BY form_id, status, is_preview, field_key;

      CREATE TRIGGER answer_counts_delete AFTER DELETE ON answers BEGIN
        UPDATE answer_counts SET n = n - 1
          WHERE form_id = old.form_id
            AND status = (SELECT status FROM submissions WHERE id = old.submission_rowid)
            AND is_preview = (SELECT is_preview FROM submissions WHERE id = old.submission_rowid)
            AND field_key = old.field_key AND value_text = ifnull(old.value_text, '');
        UPDATE answer_totals SET n = n - 1
          WHERE form_id = old.form_id
            AND status = (SELECT status FROM submissions WHERE id = old.submission_rowid)
            AND is_preview = (SELECT is_preview FROM submissions WHERE id = old.submission_rowid)
            AND field_key = old.field_key;
        DELETE FROM answer_counts
          WHERE form_id = old.form_id
            AND status = (SELECT status FROM submissions WHERE id = old.submission_rowid)
            AND is_preview = (SELECT is_preview FROM submissions WHERE id = old.submission_rowid)
            AND field_key = old.field_key AND value_text = ifnull(old.value_text, '') AND n = 0;
        -- Another submission that gave the same answer stands for it, whatever its status.
        UPDATE answer_counts SET sample = (
            SELECT min(submission_rowid) FROM answers
              WHERE form_id = old.form_id AND field_key = old.field_key
                AND value_text IS old.value_text)
          WHERE form_id = old.form_id AND status IN ('finished', 'in_progress')
            AND is_preview IN (0, 1) AND field_key = old.field_key
            AND value_text = ifnull(old.value_text, '') AND sample = old.submission_rowid;
      END;

      CREATE TRIGGER answer_counts_move AFTER UPDATE OF status, is_preview ON submissions
        WHEN old.status IS NOT new.status OR old.is_preview IS NOT new.is_preview
      BEGIN
        UPDATE answer_counts SET n = n - 1
          WHERE form_id = old.form_id AND status = old.status AND is_preview = old.is_preview
            AND (field_key, value_text) IN (
              SELECT field_key, ifnull(value_text, '') FROM answers WHERE submission_rowid = old.id);
        UPDATE answer_totals SET n = n - 1
          WHERE form_id = old.form_id AND status = old.status AND is_preview = old.is_preview
            AND field_key IN (SELECT field_key FROM answers WHERE submission_rowid = old.id);
        DELETE FROM answer_counts
          WHERE form_id = old.form_id AND status = old.status AND is_preview = old.is_preview
            AND (field_key, value_text) IN (
              SELECT field_key, ifnull(value_text, '') FROM answers WHERE submission_rowid = old.id)
            AND n = 0;
        INSERT INTO answer_counts (form_id, status, is_preview, field_key, value_text, n, sample)
          SELECT new.form_id, new.status, new.is_preview, field_key, ifnull(value_text, ''), 1, new.id
            FROM answers WHERE submission_rowid = new.id
          ON CONFLICT DO UPDATE SET n = n + 1;
        INSERT INTO answer_totals (form_id, status, is_preview, field_key, n)
          SELECT new.form_id, new.status, new.is_preview, field_key, 1
            FROM answers WHERE submission_rowid = new.id
          ON CONFLICT DO UPDATE SET n = n + 1;
      END;

      CREATE TRIGGER answer_counts_remove BEFORE DELETE ON submissions BEGIN
        DELETE FROM answers WHERE submission_rowid = old.id;
      END;
    `);
  },
};
