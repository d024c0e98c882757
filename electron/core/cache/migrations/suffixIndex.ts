import type Database from 'better-sqlite3';
import { SHORTEST, SUFFIX_CHARS } from '../searchSuffixes';
import { mergeSettings } from './v39SearchMerges';
import { HELD_BYTES } from './v41SearchHashSize';

/** Rows indexed per read: the statement reading them is done before the index grows. */
const ROWS_PER_STEP = 1_000;
/** A prefix index for each length a search may have: a search is one term's list, not a merge. */
const PREFIXES = Array.from({ length: SUFFIX_CHARS - SHORTEST + 1 }, (_, i) => i + SHORTEST).join(
  ' ',
);

/** A row of the search text with what its entry in the index needs. */
export interface IndexedText {
  rowid: number;
  body: string;
  group: number;
}

/**
 * Builds the index of the search text's word endings (`searchSuffixes.ts`) whole, whatever an
 * earlier try left, from `read`: the rows after a rowid, in rowid order, at most so many. It keeps
 * no text of its own: a row's entries go with the row, and an erasure's merge leaves none of them
 * in the file.
 */
export function buildSuffixIndex(
  db: Database.Database,
  read: Database.Statement<[number, number], IndexedText>,
  entry: (row: IndexedText) => string,
): void {
  db.exec(`
    DROP TRIGGER IF EXISTS submissions_suffixes_delete;
    DROP TABLE IF EXISTS search_suffixes;
    CREATE VIRTUAL TABLE search_suffixes USING fts5 (
      body, tokenize = 'unicode61 remove_diacritics 0', detail = none, content = '',
      contentless_delete = 1, prefix = '${PREFIXES}'
    );
    -- Held in memory and merged as the trigram index is: settings are a table's own.
    INSERT INTO search_suffixes (search_suffixes, rank) VALUES ('hashsize', ${HELD_BYTES});
    ${mergeSettings('search_suffixes')}
    CREATE TRIGGER submissions_suffixes_delete AFTER DELETE ON submissions BEGIN
      DELETE FROM search_suffixes WHERE rowid = old.id;
    END;
  `);
  const insert = db.prepare<[number, string]>(
    `INSERT INTO search_suffixes (rowid, body) VALUES (?, ?)`,
  );
  for (let after = 0; ;) {
    const rows = read.all(after, ROWS_PER_STEP);
    for (const row of rows) insert.run(row.rowid, entry(row));
    const last = rows.at(-1);
    if (!last) break;
    after = last.rowid;
  }
  db.exec(`INSERT INTO search_suffixes (search_suffixes) VALUES ('optimize')`);
}
