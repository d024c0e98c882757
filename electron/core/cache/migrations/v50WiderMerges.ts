import { type Migration } from '../migrate';
import { mergeSettings } from './v39SearchMerges';

/** How many segments of a level the full-text indexes merge at a time. */
const WIDER_MERGED_SEGMENTS = 64;
/** The segments a level may hold before a commit merges them all at once. */
const WIDER_CRISIS_SEGMENTS = 256;

/**
 * Both full-text indexes merge their segments sixty-four at a time instead of sixteen. Each store
 * of a sync's pages adds a segment to each, and a merge writes its segments' entries again: merged
 * sixteen at a time, most entries of a large form's first sync were written twice before it was
 * done. A search now reads a few more segments, a seek each, which even a count of most rows does
 * not notice beside reading their entries.
 */
export const widerMerges: Migration = {
  version: 50,
  name: 'wider-merges',
  up(db) {
    for (const table of ['submission_search', 'search_suffixes'])
      db.exec(mergeSettings(table, WIDER_MERGED_SEGMENTS, WIDER_CRISIS_SEGMENTS));
  },
};
