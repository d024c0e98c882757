import { type Migration } from '../migrate';

/**
 * The full-text index holds up to 16 MB of new entries in memory before it writes them as a
 * segment, not FTS5's 1 MB: a store writes the search text of all its pages at its end, and at the
 * default that text was cut into several segments, each merged and so written again afterwards.
 * Held whole, a store's text is one segment. Only a connection that writes holds that memory, and
 * only until its commit.
 */
export const searchHashSize: Migration = {
  version: 41,
  name: 'search-hash-size',
  up(db) {
    db.exec(
      `INSERT INTO submission_search (submission_search, rank) VALUES ('hashsize', ${16 * 1024 * 1024})`,
    );
  },
};
