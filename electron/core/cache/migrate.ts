import type Database from 'better-sqlite3';
import { AppError } from '../../shared/errors';

/** One step of the cache schema. Versions are unique and only ever appended. */
export interface Migration {
  readonly version: number;
  readonly name: string;
  up(db: Database.Database): void;
  /**
   * Tables this migration creates that hold data the server cannot give back (the import journal,
   * the activity log, the webhook registry). A corrupt cache is rebuilt from the server, but these
   * tables are copied into the new file first.
   */
  readonly durableTables?: readonly string[];
}

export interface MigrationReport {
  from: number;
  to: number;
  applied: string[];
}

/**
 * Brings `db` to the newest schema: every pending migration runs in ONE transaction against
 * `PRAGMA user_version`, so a failure leaves the file exactly as it was. A file written by a newer
 * Formdesk is refused rather than guessed at.
 */
export function migrate(db: Database.Database, migrations: readonly Migration[]): MigrationReport {
  assertOrdered(migrations);
  const latest = migrations.at(-1)?.version ?? 0;
  const current = userVersion(db);
  if (current > latest) {
    throw new AppError(
      'DB',
      `This cache was written by a newer version of Formdesk (schema ${current}; this version knows up to ${latest}). Update Formdesk to open it.`,
      { details: { schemaVersion: current, supportedVersion: latest } },
    );
  }
  const pending = migrations.filter((m) => m.version > current);
  if (pending.length === 0) return { from: current, to: current, applied: [] };
  // A step may make a table again (SQLite's own way to change a column's type), which its
  // dependents' foreign keys must not follow; they are checked whole before the commit instead.
  // The setting holds only outside a transaction.
  const enforced = db.pragma('foreign_keys', { simple: true }) === 1;
  db.pragma('foreign_keys = OFF');
  try {
    db.transaction(() => {
      for (const migration of pending) migration.up(db);
      if ((db.pragma('foreign_key_check') as unknown[]).length > 0)
        throw new AppError('DB', 'A schema step left rows pointing at rows that are gone.');
      // user_version cannot take a bound parameter; `latest` is an integer from the registry.
      db.pragma(`user_version = ${latest}`);
    }).immediate();
  } finally {
    if (enforced) db.pragma('foreign_keys = ON');
  }
  return { from: current, to: latest, applied: pending.map((m) => `${m.version}-${m.name}`) };
}

export function userVersion(db: Database.Database): number {
  return db.pragma('user_version', { simple: true }) as number;
}

function assertOrdered(migrations: readonly Migration[]): void {
  let previous = 0;
  for (const m of migrations) {
    if (!Number.isInteger(m.version) || m.version <= previous) {
      throw new AppError('INTERNAL', `Migration registry out of order at ${m.version}-${m.name}.`);
    }
    previous = m.version;
  }
}
