import { type Migration } from '../cache/migrate';

/**
 * Which runner may send a job's batches, and until when: a runner holds the lease while it runs
 * and renews it, so a second runner on the same file (another process, another connection) is
 * refused instead of sending the same rows again, and a lease left by a crash simply expires.
 */
export const importRunnerLease: Migration = {
  version: 26,
  name: 'import-runner-lease',
  up(db) {
    db.exec(`
      ALTER TABLE import_jobs ADD COLUMN lease_runner TEXT;
      ALTER TABLE import_jobs ADD COLUMN lease_pid INTEGER;
      -- Milliseconds since the epoch.
      ALTER TABLE import_jobs ADD COLUMN lease_until INTEGER;
    `);
  },
};
