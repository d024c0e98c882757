import { type Migration } from '../migrate';

/**
 * The full-text index merges its segments sixteen at a time instead of four. Each commit of a
 * sync's pages adds a segment, and each merge writes its segments' entries again: merged in
 * larger groups, an entry is written again fewer times over a first sync, for searches that read
 * a few more segments, each a seek. A level is merged in one go only past 64 segments: at SQLite's
 * default, 16, the commit that filled a level would merge it whole itself.
 */
export const searchMerges: Migration = {
  version: 39,
  name: 'search-merges',
  up(db) {
    db.exec(`
      INSERT INTO submission_search (submission_search, rank) VALUES ('crisismerge', 64);
      INSERT INTO submission_search (submission_search, rank) VALUES ('automerge', 16);
    `);
  },
};
