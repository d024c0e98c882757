import { type QueryStatements } from './queryStatements';
import { searchStatement } from './viewConditions';

/**
 * Rows are looked up in the full-text index as runs of nearby rowids (a sync stores rows in the
 * order it lists them, so a view's first rows sit in a few runs). A gap wider than this starts a
 * new run; rows that need more runs than `MAX_RUNS` (a sort by a question scatters them) are not
 * looked up so.
 */
const RUN_GAP = 64;
const MAX_RUNS = 16;

/**
 * Which of `ids` a search matches, in the order of `ids`, looked up in the full-text index run by
 * run: for a view's first rows, far cheaper than listing every match of a common word. Null when
 * the rows lie in too many runs.
 */
export function searchedAmong(
  reads: QueryStatements,
  search: string,
  ids: readonly number[],
): number[] | null {
  const runs = runsOf(ids);
  if (runs.length > MAX_RUNS) return null;
  const matches = searchStatement(search);
  // FTS5 seeks to a rowid bound only when it is an INTEGER; a number bound from JavaScript
  // arrives as a REAL, and the bound would then filter a listing of every match.
  const inRun = reads
    .statement<number>(`${matches.sql} AND rowid BETWEEN CAST(? AS INTEGER) AND CAST(? AS INTEGER)`)
    .pluck();
  const matched = new Set<number>();
  // One snapshot for every run, as for a whole search.
  reads.db.transaction(() => {
    for (const [low, high] of runs)
      for (const id of inRun.all(...matches.params, low, high)) matched.add(id);
  })();
  return ids.filter((id) => matched.has(id));
}

/** Rowids as the smallest ranges that hold them, where no two in a range are over `RUN_GAP` apart. */
function runsOf(ids: readonly number[]): [number, number][] {
  const sorted = Float64Array.from(ids).sort();
  const runs: [number, number][] = [];
  for (const id of sorted) {
    const last = runs.at(-1);
    if (last && id - last[1] <= RUN_GAP) last[1] = id;
    else runs.push([id, id]);
  }
  return runs;
}
