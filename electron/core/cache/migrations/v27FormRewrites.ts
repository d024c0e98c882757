import { type Migration } from '../migrate';

/**
 * `rewritten`: the form's version at its last change that was not a plain insert (a row removed,
 * or changed in anything a query reads). A view's order read at version v still holds every row it
 * held, in the same order, while `rewritten <= v`: the rows added since can be merged into it. A
 * first sync adds a page at the service's pace; re-reading a large form's whole order after each
 * would cost every reader many times what merging the page's rows costs.
 */
export const formRewrites: Migration = {
  version: 27,
  name: 'form-rewrites',
  up(db) {
    db.exec(`
      ALTER TABLE form_changes ADD COLUMN rewritten INTEGER NOT NULL DEFAULT 0;
      UPDATE form_changes SET rewritten = version;

      DROP TRIGGER form_changes_delete;
      CREATE TRIGGER form_changes_delete AFTER DELETE ON submissions BEGIN
        INSERT INTO form_changes (form_id, version, rewritten) VALUES (old.form_id, 1, 1)
          ON CONFLICT (form_id) DO UPDATE SET version = version + 1, rewritten = version + 1;
      END;
      DROP TRIGGER form_changes_update;
      CREATE TRIGGER form_changes_update AFTER UPDATE OF
        form_id, submission_id, status, is_preview, submission_time, last_updated_at, quiz_score,
        login_email, payment_amount, raw ON submissions
      BEGIN
        INSERT INTO form_changes (form_id, version, rewritten) VALUES (old.form_id, 1, 1)
          ON CONFLICT (form_id) DO UPDATE SET version = version + 1, rewritten = version + 1;
        INSERT INTO form_changes (form_id, version, rewritten) VALUES (new.form_id, 1, 1)
          ON CONFLICT (form_id) DO UPDATE SET version = version + 1, rewritten = version + 1;
      END;
    `);
  },
};
