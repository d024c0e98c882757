import type Database from 'better-sqlite3';
import { withSetting } from './transactionSetting';

/**
 * Runs `transaction` (one whole transaction, begun and ended inside it) with each statement's undo,
 * SQLite's statement journal, kept in memory rather than in a temporary file. A row's insert into
 * `submissions` fires the triggers that count it and touches a dozen pages, past the undo
 * SQLite keeps in memory: with the undo in files, storing and importing rows wrote several times
 * what they write with it in memory.
 *
 * Only for transactions whose every write is of one row or a few a statement: one deleting
 * thousands of rows would keep every page they touch.
 */
export function withUndoInMemory<T>(db: Database.Database, transaction: () => T): T {
  return withSetting(db, 'temp_store', 'MEMORY', transaction);
}
