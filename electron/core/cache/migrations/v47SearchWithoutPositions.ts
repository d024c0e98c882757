import { type Migration } from '../migrate';
import { mergeSettings } from './v39SearchMerges';
import { HELD_BYTES } from './v41SearchHashSize';

/**
 * The trigram index keeps which rows hold each trigram and not where (`detail = none`, without
 * column sizes): the positions made up most of it, and a search checks the rows that hold every
 * trigram of longer text for the text itself instead.
 */
export const searchWithoutPositions: Migration = {
  version: 47,
  name: 'search-without-positions',
  up(db) {
    db.exec(`
      DROP TABLE IF EXISTS submission_search_rebuilt;
      -- Made again after the rename, which refuses a schema whose trigger names a missing table.
      DROP TRIGGER IF EXISTS submissions_search_delete;
      CREATE VIRTUAL TABLE submission_search_rebuilt USING fts5 (
        body, tokenize = 'trigram', detail = none, columnsize = 0
      );
      -- Settings are the table's own, not carried over.
      ${mergeSettings('submission_search_rebuilt')}
      INSERT INTO submission_search_rebuilt (submission_search_rebuilt, rank)
        VALUES ('hashsize', ${HELD_BYTES});
      INSERT INTO submission_search_rebuilt (rowid, body)
        SELECT rowid, body FROM submission_search ORDER BY rowid;
      -- The copy's segments merged into one, where a search finds each trigram's rows at once.
      INSERT INTO submission_search_rebuilt (submission_search_rebuilt) VALUES ('optimize');
      DROP TABLE submission_search;
      ALTER TABLE submission_search_rebuilt RENAME TO submission_search;
      CREATE TRIGGER submissions_search_delete AFTER DELETE ON submissions BEGIN
        DELETE FROM submission_search WHERE rowid = old.id;
      END;
    `);
  },
};
