import { type Migration } from '../migrate';
import { mergeSettings } from './v39SearchMerges';

/**
 * The index of word endings merges its segments as the trigram index does (`v39SearchMerges.ts`):
 * a file whose index was built before `buildSuffixIndex` set this had FTS5's defaults, four
 * segments a merge and a level merged whole past sixteen. Each store of a sync's pages adds a
 * segment of its rows' word endings and their prefixes, and merged four at a time, each entry was
 * written again at more levels.
 */
export const suffixMerges: Migration = {
  version: 49,
  name: 'suffix-merges',
  up(db) {
    db.exec(mergeSettings('search_suffixes'));
  },
};
