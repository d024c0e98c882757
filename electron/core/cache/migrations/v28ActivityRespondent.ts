import { type Migration } from '../migrate';
import { respondentOf } from '../respondent';

/**
 * `respondent`: who a deleted submission came from, read once from its snapshot when the entry is
 * recorded, so that searching the log for a person's name is a LIKE over a column rather than a
 * parse of every snapshot. The entries already kept get theirs from their snapshots.
 */
export const activityRespondent: Migration = {
  version: 28,
  name: 'activity-respondent',
  up(db) {
    db.exec(`ALTER TABLE activity_log ADD COLUMN respondent TEXT`);
    const kept = db.prepare<[], { id: number; snapshot_json: string }>(
      `SELECT id, snapshot_json FROM activity_log WHERE snapshot_json IS NOT NULL`,
    );
    const name = db.prepare<[string | null, number]>(
      `UPDATE activity_log SET respondent = ? WHERE id = ?`,
    );
    for (const row of kept.all()) {
      name.run(respondentOf(JSON.parse(row.snapshot_json) as unknown), row.id);
    }
  },
};
