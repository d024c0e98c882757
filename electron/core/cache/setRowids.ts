import type Database from 'better-sqlite3';
import { type Param, type RowSet } from './viewConditions';

/**
 * The rowids a narrowing set holds, its statement prepared by `statement`. They cross from SQLite
 * as one text of digits and commas: a common word's set holds most rows of a large form, and a
 * statement stepped a row at a time hands JavaScript one value per rowid, which costs more than the
 * set's own index read. The text comes as bytes, which JavaScript reads faster than a string's
 * characters, and its rowids go into one typed array that callers walk without a call per rowid.
 */
export function setRowids(
  statement: (sql: string) => Database.Statement<Param[], unknown>,
  set: RowSet,
): Uint32Array {
  const text = statement(`WITH s(id) AS (${set.sql}) SELECT CAST(group_concat(id) AS BLOB) FROM s`)
    .pluck()
    .get(...set.params) as Buffer | null;
  if (!text) return new Uint32Array(0);
  // Rowids of the cache's rows are positive integers, given out one after another (below 2^32, as
  // the marks of one byte per rowid that readers keep already assume), so the text holds digits
  // and commas alone, and at most one rowid in every two bytes.
  const ids = new Uint32Array((text.length + 1) >> 1);
  let held = 0;
  let id = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text[i]!;
    if (code === COMMA) {
      ids[held++] = id;
      id = 0;
    } else id = id * 10 + code - ZERO;
  }
  ids[held++] = id;
  return ids.subarray(0, held);
}

const COMMA = 0x2c;
const ZERO = 0x30;
