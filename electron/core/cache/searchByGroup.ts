import { groupTally } from './groupTally';
import { type StatusTally } from './keptTally';
import { type QueryStatements } from './queryStatements';
import { groupToken } from './searchGroups';

const MATCHES = 'SELECT count(*) FROM search_suffixes WHERE search_suffixes MATCH ?';

/**
 * The matches of a search of the index of word endings (`query`, its FTS5 query) in a whole form,
 * per status and preview flag (`groupTally`): each group counted by the index alone, as the search
 * AND the group's token. Null when a group's rows carry no token.
 */
export function searchByGroup(
  reads: QueryStatements,
  formId: string,
  query: string,
): StatusTally[] | null {
  const count = reads.statement<number>(MATCHES).pluck();
  return groupTally(reads, formId, {
    inGroup: ({ token }) =>
      token === null ? null : count.get(`(${query}) AND "${groupToken(token)}"`)!,
    total: () => count.get(query)!,
    anyGroup: true,
  });
}
