import { type Migration } from '../migrate';
import { SHORTEST, SUFFIX_CHARS, suffixText } from '../searchSuffixes';

/** Rows indexed per read: the statement reading them is done before the index grows. */
const ROWS_PER_STEP = 1_000;
/** What the index holds in memory before it writes a segment, as for the trigram index (v41). */
const HELD_BYTES = 16 * 1024 * 1024;
/** A prefix index for each length a search may have: a search is one term's list, not a merge. */
const PREFIXES = Array.from({ length: SUFFIX_CHARS - SHORTEST + 1 }, (_, i) => i + SHORTEST).join(
  ' ',
);

/**
 * The index of the search text's word endings (`searchSuffixes.ts`), filled from the search text
 * of the rows already cached. It keeps no text of its own: a row's entries go with the row, and
 * an erasure's merge leaves none of them in the file.
 */
export const searchSuffixes: Migration = {
  version: 45,
  name: 'search-suffixes',
  up(db) {
    // Built whole from the search text, whatever an earlier try left.
    db.exec(`
      DROP TRIGGER IF EXISTS submissions_suffixes_delete;
      DROP TABLE IF EXISTS search_suffixes;
      CREATE VIRTUAL TABLE search_suffixes USING fts5 (
        body, tokenize = 'unicode61 remove_diacritics 0', detail = none, content = '',
        contentless_delete = 1, prefix = '${PREFIXES}'
      );
      INSERT INTO search_suffixes (search_suffixes, rank) VALUES ('hashsize', ${HELD_BYTES});
      CREATE TRIGGER submissions_suffixes_delete AFTER DELETE ON submissions BEGIN
        DELETE FROM search_suffixes WHERE rowid = old.id;
      END;
    `);
    const read = db.prepare<[number, number], { rowid: number; body: string }>(
      `SELECT rowid, body FROM submission_search WHERE rowid > ? ORDER BY rowid LIMIT ?`,
    );
    const insert = db.prepare<[number, string]>(
      `INSERT INTO search_suffixes (rowid, body) VALUES (?, ?)`,
    );
    for (let after = 0; ;) {
      const rows = read.all(after, ROWS_PER_STEP);
      for (const row of rows) insert.run(row.rowid, suffixText(row.body));
      const last = rows.at(-1);
      if (!last) break;
      after = last.rowid;
    }
    db.exec(`INSERT INTO search_suffixes (search_suffixes) VALUES ('optimize')`);
  },
};
