import { type SubmissionFilter } from '../../shared/contract/submissions';
import { type QueryStatements } from './queryStatements';
import { answerSet } from './viewConditions';

/**
 * Which of `ids` pass the filter's answer filters, each row's answers looked up by their key: for a
 * few rows, far cheaper than listing every row a filter lets through (a common choice in a large
 * form lists hundreds of thousands). In the order of `ids`. Null when a search or an import narrows
 * the view too: their rows are found in other tables.
 */
export function passingAmong(
  reads: QueryStatements,
  filter: SubmissionFilter,
  ids: number[],
): number[] | null {
  if (filter.search || filter.importJobId !== undefined) return null;
  const among = JSON.stringify(ids);
  // One snapshot for every filter, so they agree with each other.
  return reads.db.transaction(() => {
    let passing = ids;
    for (const answer of filter.answers) {
      const set = answerSet(filter.formId, answer);
      // CROSS JOIN: each of the rows is looked up, never the filter's whole list read.
      const found = new Set(
        reads
          .statement<number>(
            `SELECT s.submission_rowid FROM json_each(?) j
             CROSS JOIN (${set.sql}) s ON s.submission_rowid = j.value`,
          )
          .pluck()
          .all(among, ...set.params),
      );
      passing = passing.filter((id) => found.has(id) !== set.except);
    }
    return passing;
  })();
}
