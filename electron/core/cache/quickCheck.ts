import Database from 'better-sqlite3';
import { isCorruption } from './corruption';

/**
 * Reads the whole cache file with `PRAGMA quick_check` on a read-only connection of its own, closed
 * before it answers: the file may be closed or moved next, and a read-only connection left open
 * past the app's last one keeps the WAL beside the file. Answers the first problem SQLite reports
 * (damage that keeps the file from being read at all included), null for a sound file; throws when
 * the check cannot run (a missing file), since the file's soundness is then unknown.
 */
export function quickCheck(file: string): string | null {
  let db: Database.Database | undefined;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
    const [first] = db.pragma('quick_check') as { quick_check: string }[];
    const finding = first?.quick_check ?? 'no answer from quick_check';
    return finding === 'ok' ? null : finding;
  } catch (error) {
    if (isCorruption(error)) return (error as Error).message;
    throw error;
  } finally {
    db?.close();
  }
}
