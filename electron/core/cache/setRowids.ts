import type Database from 'better-sqlite3';
import { type Param, type RowSet } from './viewConditions';

/**
 * Calls `visit` with each rowid a narrowing set holds, its statement prepared by `statement`. The
 * rowids cross from SQLite as one text: a common word's set holds most rows of a large form, and a
 * statement stepped a row at a time hands JavaScript one value per rowid, which costs more than the
 * set's own index read.
 */
export function eachSetRowid(
  statement: (sql: string) => Database.Statement<Param[], unknown>,
  set: RowSet,
  visit: (id: number) => void,
): void {
  const text = statement(`WITH s(id) AS (${set.sql}) SELECT group_concat(id) FROM s`)
    .pluck()
    .get(...set.params) as string | null;
  if (!text) return;
  // Rowids of the cache's rows are positive integers, so the text holds digits and commas alone.
  let id = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === COMMA) {
      visit(id);
      id = 0;
    } else id = id * 10 + code - ZERO;
  }
  visit(id);
}

const COMMA = 0x2c;
const ZERO = 0x30;
