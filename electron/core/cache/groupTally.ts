import { type StatusTally } from './keptTally';
import { type QueryStatements } from './queryStatements';
import { type RowGroup } from './searchGroups';

/** A group of the cache's rows, as the counts a sync keeps say, with its search token's id. */
export interface CountedGroup extends RowGroup {
  n: number;
  /** Null for a group whose rows the index of word endings holds without a token. */
  token: number | null;
}

/** How the matches of a view are counted in a group of rows, and in the whole cache. */
export interface GroupMatches {
  /** Null when the group's matches cannot be counted so. */
  inGroup(group: CountedGroup): number | null;
  total(): number;
  /** Whether a group is counted at a cost in proportion to its own rows, however large. */
  anyGroup: boolean;
}

const GROUPS = `SELECT c.form_id AS formId, c.status, c.is_preview AS preview, c.n, g.id AS token
  FROM submission_counts c LEFT JOIN search_groups g USING (form_id, status, is_preview)
  WHERE c.n > 0`;

/**
 * A whole form's matches per status and preview flag, counted from the cache's other groups of
 * rows: every match less those of every group but the form's largest. Most of a large form is one
 * group (its finished rows), so this counts a fraction of its rows. When the other groups are the
 * larger part, the form's own groups are counted one by one where `matches` can. Null when they
 * cannot, or a group cannot be counted.
 */
export function groupTally(
  reads: QueryStatements,
  formId: string,
  matches: GroupMatches,
): StatusTally[] | null {
  // One snapshot, so the kept counts and the matches agree.
  return reads.db.transaction(() => {
    const groups = reads.statement<CountedGroup>(GROUPS).all();
    const own = groups.filter((group) => group.formId === formId);
    if (own.length === 0) return [];
    const largest = own.reduce((most, group) => (group.n > most.n ? group : most));
    const formRows = own.reduce((sum, group) => sum + group.n, 0);
    const others = groups.reduce((sum, group) => sum + group.n, 0) - largest.n;
    const passed = new Map<CountedGroup, number>();
    if (others * 2 <= formRows) {
      let elsewhere = 0;
      for (const group of groups) {
        if (group === largest) continue;
        const n = matches.inGroup(group);
        if (n === null) return null;
        passed.set(group, n);
        elsewhere += n;
      }
      passed.set(largest, matches.total() - elsewhere);
    } else if (matches.anyGroup) {
      for (const group of own) {
        const n = matches.inGroup(group);
        if (n === null) return null;
        passed.set(group, n);
      }
    } else return null;
    return (['finished', 'in_progress'] as const)
      .map((status) => {
        const mine = own.filter((group) => group.status === status);
        const sum = (list: CountedGroup[]) => list.reduce((n, group) => n + passed.get(group)!, 0);
        return { status, n: sum(mine), previews: sum(mine.filter((group) => group.preview)) };
      })
      .filter((entry) => entry.n > 0);
  })();
}
