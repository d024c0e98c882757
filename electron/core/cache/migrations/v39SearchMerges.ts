import { type Migration } from '../migrate';

/** How many segments of a level the full-text index merges at a time. */
export const MERGED_SEGMENTS = 16;
/** The segments a level may hold before a commit merges them all at once. */
export const CRISIS_SEGMENTS = 64;

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
    db.exec(mergeSettings('submission_search'));
  },
};

/**
 * The statements that give an FTS5 table these merge settings, or others (`merged`, `crisis`): a
 * table's own, which a copy starts without.
 */
export function mergeSettings(
  table: string,
  merged = MERGED_SEGMENTS,
  crisis = CRISIS_SEGMENTS,
): string {
  return `
    INSERT INTO ${table} (${table}, rank) VALUES ('crisismerge', ${crisis});
    INSERT INTO ${table} (${table}, rank) VALUES ('automerge', ${merged});
  `;
}
