import { type StatusCounts, type SubmissionFilter } from '../../shared/contract/submissions';
import { Memo } from './memo';
import { passingByGroup } from './passingByGroup';
import { searchByGroup } from './searchByGroup';
import { suffixQuery } from './searchSuffixes';
import { NARROWED_KEPT, type PassingRows } from './passingRows';
import { keptTally, type StatusTally } from './keptTally';
import { facetStatement, tallyStatement } from './querySql';
import { type QueryStatements } from './queryStatements';
import { broader, narrowingSets, unnarrowed } from './viewConditions';

/** Counts remembered per filter; scrolling a table asks for the same ones window after window. */
const COUNTS_KEPT = 64;

/**
 * The counts of a form's views per status, remembered until the form changes: from the counts the
 * triggers and the sync keep, one pass over the matches, or, for a view narrowed by a search or
 * answer filters, the rows it lets through.
 */
export class ViewCounts {
  private readonly tallies = new Memo<StatusTally[]>(COUNTS_KEPT);
  private readonly facetLists = new Memo<number[]>(NARROWED_KEPT);

  constructor(
    private readonly reads: QueryStatements,
    private readonly passing: PassingRows,
  ) {}

  /** Whether the view's counts are known for this version of its form. */
  known(filter: SubmissionFilter, version: string): boolean {
    return this.tallies.get(tallyKey(filter), version) !== undefined;
  }

  tally(filter: SubmissionFilter, version: string): StatusTally[] {
    const kept = this.kept(filter, version);
    if (kept) return kept;
    const tally = this.countedTally(filter, version);
    this.tallies.set(tallyKey(filter), version, tally);
    return tally;
  }

  /**
   * The view's counts when they are known or the kept counts give them (remembered then, as
   * `tally` remembers its counts); null when counting them would read rows.
   */
  kept(filter: SubmissionFilter, version: string): StatusTally[] | null {
    const key = tallyKey(filter);
    const known = this.tallies.get(key, version);
    if (known) return known;
    const tally = keptTally(this.reads, filter);
    if (tally) this.tallies.set(key, version, tally);
    return tally;
  }

  /**
   * The counts read from the view's rows: a whole form's search counted by its index alone, its
   * matches, or the rows its narrowing lets through.
   */
  private countedTally(filter: SubmissionFilter, version: string): StatusTally[] {
    const searched = this.searchedTally(filter);
    if (searched) return searched;
    const passing = this.passing.of(filter, version);
    if (passing) return this.narrowedTally(filter, passing, version);
    const { sql, params } = tallyStatement(filter);
    return this.reads.statement<StatusTally>(sql).all(...params);
  }

  /**
   * The counts of a whole form narrowed by a search alone that the index of word endings answers,
   * counted in that index per group of rows; null for any other view.
   */
  private searchedTally(filter: SubmissionFilter): StatusTally[] | null {
    const query = filter.search ? suffixQuery(filter.search) : null;
    if (query === null || narrowingSets(filter).length !== 1) return null;
    if (filter.afterDate !== undefined || filter.beforeDate !== undefined) return null;
    return searchByGroup(this.reads, filter.formId, query);
  }

  /** The view's total before search, dates and answer filters narrow it. */
  unnarrowedTotal(filter: SubmissionFilter, version: string): number {
    const broad = unnarrowed(filter);
    return totalOf(broad, this.tally(broad, version));
  }

  /**
   * The counts of a view narrowed by a search or answer filters: the rows of the form without them
   * (any status), where rows pass; over a whole form, from the cache's other rows.
   */
  private narrowedTally(
    filter: SubmissionFilter,
    passing: Uint8Array,
    version: string,
  ): StatusTally[] {
    const broad = broader(filter);
    // Marks counted as they are must be rows: a view narrowed only by sets that take rows away
    // ("is empty") marks every rowid the sets leave, held by a row or not.
    const wholeForm = broad.afterDate === undefined && broad.beforeDate === undefined;
    if (wholeForm && narrowingSets(filter).some((set) => !set.except)) {
      const counted = passingByGroup(this.reads, filter.formId, passing);
      if (counted) return counted;
    }
    // Rows that pass, by what the low two bits of a facet say: in progress × 2 + preview.
    const byKind = [0, 0, 0, 0];
    for (const facet of this.facets(broad, version))
      if (passing[Math.floor(facet / 4)] === 1) byKind[facet % 4]!++;
    const [finished = 0, finishedPreviews = 0, inProgress = 0, inProgressPreviews = 0] = byKind;
    const tally: StatusTally[] = [
      { status: 'finished', n: finished + finishedPreviews, previews: finishedPreviews },
      { status: 'in_progress', n: inProgress + inProgressPreviews, previews: inProgressPreviews },
    ];
    return tally.filter((entry) => entry.n > 0);
  }

  private facets(filter: SubmissionFilter, version: string): number[] {
    const { sql, params } = facetStatement(filter);
    const key = JSON.stringify([sql, params]);
    const known = this.facetLists.get(key, version);
    if (known) return known;
    const facets = this.reads
      .statement<number>(sql)
      .pluck()
      .all(...params);
    this.facetLists.set(key, version, facets);
    return facets;
  }
}

/** Counted over every status and preview flag, whatever the view shows, in any order. */
function tallyKey(filter: SubmissionFilter): string {
  return JSON.stringify({
    ...filter,
    status: 'all',
    includePreview: true,
    sortBy: 'submissionTime',
    sort: 'asc',
  });
}

export function totalOf(filter: SubmissionFilter, tally: StatusTally[]): number {
  let total = 0;
  for (const { status, n, previews } of tally) {
    if (filter.status === 'all' || filter.status === status)
      total += filter.includePreview ? n : n - previews;
  }
  return total;
}

export function countsOf(filter: SubmissionFilter, tally: StatusTally[]): StatusCounts {
  const counts: StatusCounts = { finished: 0, in_progress: 0, preview: 0 };
  for (const { status, n, previews } of tally) {
    counts.preview += previews;
    counts[status] += filter.includePreview ? n : n - previews;
  }
  return counts;
}
