import { type Migration } from '../migrate';

/**
 * `reconcile_due` counts the requests for a walk of a listing instead of flagging one, and a walk
 * records in `pass_due` how many it answers: those made before it opened. One made while it runs
 * (previews asked for, say, after it started without them) outlives it. Flags already set count
 * as one request.
 */
export const walkRequests: Migration = {
  version: 25,
  name: 'walk-requests',
  up(db) {
    db.exec(`ALTER TABLE sync_state ADD COLUMN pass_due INTEGER NOT NULL DEFAULT 0;`);
  },
};
