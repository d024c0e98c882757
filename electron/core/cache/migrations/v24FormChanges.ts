import { type Migration } from '../migrate';

/**
 * A counter per form that moves whenever what its views show moves: a submission added, removed,
 * or changed in anything a query reads. The query layer remembers a view's order and counts until
 * its form's counter moves. A sync that finds nothing new still marks each row it saw (the sync
 * time, the pass), and a sync of another form writes too: neither moves the counter, so a view
 * scrolled meanwhile stays a slice of what was read, not a new read of the whole form per page.
 */
export const formChanges: Migration = {
  version: 24,
  name: 'form-changes',
  up(db) {
    db.exec(`
      CREATE TABLE form_changes (
        form_id TEXT PRIMARY KEY,
        version INTEGER NOT NULL
      ) STRICT, WITHOUT ROWID;

      CREATE TRIGGER form_changes_insert AFTER INSERT ON submissions BEGIN
        INSERT INTO form_changes (form_id, version) VALUES (new.form_id, 1)
          ON CONFLICT (form_id) DO UPDATE SET version = version + 1;
      END;
      CREATE TRIGGER form_changes_delete AFTER DELETE ON submissions BEGIN
        INSERT INTO form_changes (form_id, version) VALUES (old.form_id, 1)
          ON CONFLICT (form_id) DO UPDATE SET version = version + 1;
      END;
      -- Every column but the sync's own marks (synced_at, seen_pass). Both forms move when a row
      -- changes form, which no write of the app does.
      CREATE TRIGGER form_changes_update AFTER UPDATE OF
        form_id, submission_id, status, is_preview, submission_time, last_updated_at, quiz_score,
        login_email, payment_amount, raw ON submissions
      BEGIN
        INSERT INTO form_changes (form_id, version) VALUES (old.form_id, 1)
          ON CONFLICT (form_id) DO UPDATE SET version = version + 1;
        INSERT INTO form_changes (form_id, version) VALUES (new.form_id, 1)
          ON CONFLICT (form_id) DO UPDATE SET version = version + 1;
      END;
    `);
  },
};
