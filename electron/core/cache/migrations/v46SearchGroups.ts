import { type Migration } from '../migrate';
import { suffixEntry } from '../searchSuffixes';
import { buildSuffixIndex, type IndexedText } from './suffixIndex';

/**
 * Each row's entry in the index of word endings carries its group's token (`searchGroups.ts`), so
 * a search counts its matches per status from the index alone. The index is built again: FTS5
 * keeps no text of a row's entries to add a token to.
 */
export const searchGroups: Migration = {
  version: 46,
  name: 'search-groups',
  up(db) {
    // Built whole with the index, whatever an earlier try left.
    db.exec(`
      DROP TABLE IF EXISTS search_groups;
      CREATE TABLE search_groups (
        id INTEGER PRIMARY KEY,
        form_id TEXT NOT NULL,
        status TEXT NOT NULL,
        is_preview INTEGER NOT NULL,
        UNIQUE (form_id, status, is_preview)
      ) STRICT;
      INSERT INTO search_groups (form_id, status, is_preview)
        SELECT DISTINCT form_id, status, is_preview FROM submissions;
    `);
    buildSuffixIndex(
      db,
      db.prepare<[number, number], IndexedText>(
        `SELECT t.rowid, t.body, g.id AS "group" FROM submission_search t
         JOIN submissions s ON s.id = t.rowid
         JOIN search_groups g USING (form_id, status, is_preview)
         WHERE t.rowid > ? ORDER BY t.rowid LIMIT ?`,
      ),
      (row) => suffixEntry(row.body, row.group),
    );
  },
};
