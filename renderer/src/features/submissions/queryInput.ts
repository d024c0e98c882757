import { type z } from 'zod';
import { type SubmissionFilter } from '../../../../electron/shared/contract/submissions';
import { type BrowseFilters, type SortRule } from './browseState';
import { sortOf } from './columnIds';

export type SubmissionQuery = z.input<typeof SubmissionFilter>;

/**
 * The cache query for what the toolbar and the table's sort show. The same query feeds the table
 * windows and the export, so an export holds exactly the rows the view matches.
 */
export function toSubmissionQuery(
  formId: string,
  filters: BrowseFilters,
  sorting: readonly SortRule[],
): SubmissionQuery {
  const rule = sorting[0];
  const sortBy = (rule && sortOf(rule.id)) ?? 'submissionTime';
  const search = filters.search.trim();
  return {
    formId,
    status: filters.status,
    includePreview: filters.includePreview,
    ...(filters.after ? { afterDate: filters.after } : {}),
    ...(filters.before ? { beforeDate: filters.before } : {}),
    ...(search ? { search } : {}),
    ...(filters.importJobId ? { importJobId: filters.importJobId } : {}),
    answers: filters.answers,
    sortBy,
    sort: rule && !rule.desc ? 'asc' : 'desc',
  };
}
