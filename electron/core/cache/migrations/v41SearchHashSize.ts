import { type Migration } from '../migrate';

/** What the full-text index holds in memory before it writes a segment: a large store's text. */
export const HELD_BYTES = 16 * 1024 * 1024;

/**
 * The full-text index holds a store's new entries in memory until the store ends. A store writes
 * the search text of all its pages at its end, and FTS5's default memory cut that text into
 * several segments, each merged, and so written again, afterwards; held whole, a store's text is
 * one segment. Only a connection that writes holds that memory, and only until its commit.
 */
export const searchHashSize: Migration = {
  version: 41,
  name: 'search-hash-size',
  up(db) {
    db.exec(
      `INSERT INTO submission_search (submission_search, rank) VALUES ('hashsize', ${HELD_BYTES})`,
    );
  },
};
