import { type Migration } from '../migrate';

/**
 * Rewrites logged past this many a form are let go of at once: a copy of its columns that far
 * behind is read anew rather than patched, which would be slower.
 */
export const REWRITES_LOGGED = 10_000;

/**
 * Which rows each change of a form that was not a plain insert rewrote (`form_rewrites`): the row,
 * at the form's version after the change, and whether the change removed it from the form. A
 * copy of a large form's answer columns kept at version v (`keptColumns.ts`) is brought up to the
 * form by patching the rows logged after v, where it was read anew from every question's index,
 * seconds on a large form, whenever a sync changed a row. `logged_from`: the form's version when
 * its log was last let go of; a copy older than that cannot be patched. The triggers fill it, so
 * every path that changes a row is logged: syncs, sweeps, deletions, erasure.
 */
export const rewriteLog: Migration = {
  version: 51,
  name: 'rewrite-log',
  up(db) {
    // A file that holds the step already (restored under an older version number) is logged anew.
    const logged = db
      .prepare("SELECT 1 FROM pragma_table_info('form_changes') WHERE name = 'logged'")
      .get();
    if (!logged)
      db.exec(`
        ALTER TABLE form_changes ADD COLUMN logged INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE form_changes ADD COLUMN logged_from INTEGER NOT NULL DEFAULT 0;
      `);
    db.exec(`
      DROP TABLE IF EXISTS form_rewrites;
      CREATE TABLE form_rewrites (
        form_id TEXT NOT NULL,
        version INTEGER NOT NULL,
        row INTEGER NOT NULL,
        removed INTEGER NOT NULL,
        PRIMARY KEY (form_id, version)
      ) STRICT, WITHOUT ROWID;
      UPDATE form_changes SET logged = 0, logged_from = version;

      DROP TRIGGER form_changes_delete;
      CREATE TRIGGER form_changes_delete AFTER DELETE ON submissions BEGIN
        INSERT INTO form_changes (form_id, version, rewritten, logged) VALUES (old.form_id, 1, 1, 1)
          ON CONFLICT (form_id) DO UPDATE
            SET version = version + 1, rewritten = version + 1, logged = logged + 1;
        INSERT INTO form_rewrites (form_id, version, row, removed)
          SELECT form_id, version, old.id, 1 FROM form_changes WHERE form_id = old.form_id;
      END;
      DROP TRIGGER form_changes_update;
      CREATE TRIGGER form_changes_update AFTER UPDATE OF
        form_id, submission_id, status, is_preview, submission_time, last_updated_at, quiz_score,
        login_email, payment_amount, raw ON submissions
      BEGIN
        INSERT INTO form_changes (form_id, version, rewritten, logged) VALUES (old.form_id, 1, 1, 1)
          ON CONFLICT (form_id) DO UPDATE
            SET version = version + 1, rewritten = version + 1, logged = logged + 1;
        INSERT INTO form_rewrites (form_id, version, row, removed)
          SELECT form_id, version, old.id, old.form_id IS NOT new.form_id
            FROM form_changes WHERE form_id = old.form_id;
        -- A row moved to another form is added to it where it stood: logged, as no insert is.
        INSERT INTO form_changes (form_id, version, rewritten, logged)
          SELECT new.form_id, 1, 1, 1 WHERE old.form_id IS NOT new.form_id
          ON CONFLICT (form_id) DO UPDATE
            SET version = version + 1, rewritten = version + 1, logged = logged + 1;
        INSERT INTO form_rewrites (form_id, version, row, removed)
          SELECT form_id, version, new.id, 0 FROM form_changes
            WHERE form_id = new.form_id AND old.form_id IS NOT new.form_id;
      END;
      DROP TRIGGER IF EXISTS form_rewrites_let_go;
      CREATE TRIGGER form_rewrites_let_go AFTER UPDATE OF logged ON form_changes
        WHEN new.logged > ${REWRITES_LOGGED}
      BEGIN
        DELETE FROM form_rewrites WHERE form_id = new.form_id;
        UPDATE form_changes SET logged = 0, logged_from = new.version WHERE form_id = new.form_id;
      END;
    `);
  },
};
