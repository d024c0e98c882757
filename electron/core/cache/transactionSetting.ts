import type Database from 'better-sqlite3';

/**
 * Runs `transaction` (one whole transaction, begun and ended inside it) with the connection's
 * `pragma` set to `value`, and gives the connection its own setting back afterwards. Inside a
 * transaction already begun, the caller's setting holds: SQLite takes such settings as a
 * transaction begins or commits, and refuses some of them during one.
 */
export function withSetting<T>(
  db: Database.Database,
  pragma: 'synchronous' | 'temp_store',
  value: string,
  transaction: () => T,
): T {
  if (db.inTransaction) return transaction();
  const setting = db.pragma(pragma, { simple: true }) as number;
  db.pragma(`${pragma} = ${value}`);
  try {
    return transaction();
  } finally {
    db.pragma(`${pragma} = ${setting}`);
  }
}
