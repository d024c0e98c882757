import { type Migration } from '../migrate';
import { suffixText } from '../searchSuffixes';
import { buildSuffixIndex, type IndexedText } from './suffixIndex';

/**
 * The index of the search text's word endings (`searchSuffixes.ts`), filled from the search text
 * of the rows already cached.
 */
export const searchSuffixes: Migration = {
  version: 45,
  name: 'search-suffixes',
  up(db) {
    buildSuffixIndex(
      db,
      db.prepare<[number, number], IndexedText>(
        `SELECT rowid, body, 0 AS "group" FROM submission_search
         WHERE rowid > ? ORDER BY rowid LIMIT ?`,
      ),
      (row) => suffixText(row.body),
    );
  },
};
