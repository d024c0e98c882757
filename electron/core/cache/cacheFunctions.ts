import type Database from 'better-sqlite3';
import { packedRows } from './packedRows';

/**
 * The SQL functions the cache's queries call, added to every connection that opens a cache file:
 * the writer, the reader threads and the assistants' readers.
 */
export function addCacheFunctions(db: Database.Database): void {
  // A stored submission's JSON text, for SQL's JSON functions to read a field of it.
  const packed = packedRows(db);
  db.function('submission_json', { deterministic: true }, (raw) => packed.text(raw as Uint8Array));
  addContainsAnyCase(db);
}

/**
 * `contains_any_case(text, search)`: 1 when `text` contains `search` in any letter case, 0 when it
 * does not or is null. Letters are compared as the service's search compares them (Unicode case
 * folding, one character for one); SQLite's LIKE folds ASCII letters alone.
 */
function addContainsAnyCase(db: Database.Database): void {
  // A query asks with the same search for each row it checks: its pattern is compiled once.
  let search: string | undefined;
  let pattern = /(?:)/u;
  db.function('contains_any_case', { deterministic: true }, (text, searched) => {
    if (typeof text !== 'string') return 0;
    const wanted = String(searched);
    if (wanted !== search) {
      pattern = new RegExp(wanted.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'iu');
      search = wanted;
    }
    return pattern.test(text) ? 1 : 0;
  });
}
