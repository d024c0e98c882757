import { type SubmissionFilter } from '../../shared/contract/submissions';
import { Memo } from './memo';
import { NARROWED_KEPT } from './passingRows';
import { type QueryStatements } from './queryStatements';
import { searchedAmong } from './searchedAmong';
import { broader, MIN_TRIGRAM } from './viewConditions';
import { type ViewCounts } from './viewCounts';
import { type ViewOrders, WIDER_LOOK } from './viewOrders';

/**
 * In a cache of at least this many rows, a new search answers with its first rows before it counts
 * its matches. The full-text index holds every form, so listing every match of a common word in
 * it grows with the whole cache, whatever the view: in a smaller cache it is soon enough to count
 * at once.
 */
export const ROWS_FIRST_FROM = 250_000;
/**
 * A new search in a large cache finds its first rows among the view's first rows alone, so it can
 * answer with them before it lists every match to count them. It answers early once: asked again,
 * it counts.
 */
export class EarlyMatches {
  private readonly answeredEarly = new Memo<true>(NARROWED_KEPT);

  constructor(
    private readonly reads: QueryStatements,
    private readonly orders: ViewOrders,
    private readonly counts: ViewCounts,
    private readonly rowsFirstFrom: number,
  ) {}

  /**
   * The first matches of the view, at least `end` of them, remembered as the start of its order
   * and as answered early; null when the search should be counted now.
   */
  take(filter: SubmissionFilter, end: number, version: string): number[] | null {
    const early = this.find(filter, end, version);
    if (!early) return null;
    this.answeredEarly.set(JSON.stringify(filter), version, true);
    // The view's first rows, exactly: the count that follows need not read its whole order.
    this.orders.remember(filter, version, { ids: early, complete: false });
    return early;
  }

  /**
   * The first matches of a search or of answer filters in a large cache, at least `end` of them,
   * found among the view's first rows; null when the view should be counted now: it is short,
   * was answered early before or counted already, counts at once from kept counts (a single
   * choice), comes with both a search and answer filters or with an import, the cache is small,
   * or its first rows could not be found without listing every match.
   */
  private find(filter: SubmissionFilter, end: number, version: string): number[] | null {
    const { search } = filter;
    if (filter.importJobId !== undefined || (search && filter.answers.length > 0)) return null;
    if (search ? [...search].length < MIN_TRIGRAM : filter.answers.length === 0) return null;
    if (end > this.orders.prefixRows) return null;
    if (this.answeredEarly.get(JSON.stringify(filter), version)) return null;
    if (this.counts.known(filter, version)) return null;
    const cached = this.reads
      .statement<number>('SELECT sum(n) FROM submission_counts')
      .pluck()
      .get();
    if ((cached ?? 0) < this.rowsFirstFrom) return null;
    return search
      ? this.searched(filter, search, end, version)
      : this.answered(filter, end, version);
  }

  /**
   * The first rows of a view narrowed by answer filters, each row checked by its own answers
   * (`ViewOrders`); null when its counts are kept, or its first rows took its whole order.
   */
  private answered(filter: SubmissionFilter, end: number, version: string): number[] | null {
    if (this.counts.kept(filter, version)) return null;
    const order = this.orders.order(filter, end, version);
    return order.complete ? null : order.ids;
  }

  /** The first rows of a search, looked up in the full-text index among the view's first rows. */
  private searched(
    filter: SubmissionFilter,
    search: string,
    end: number,
    version: string,
  ): number[] | null {
    const { prefixRows } = this.orders;
    for (const rows of [prefixRows, prefixRows * WIDER_LOOK]) {
      const first = this.orders.firstRows(broader(filter), rows, version);
      // The whole view read: too few matches for the window, and counting them costs little.
      if (first.length < rows) return null;
      const found = searchedAmong(this.reads, search, first);
      if (!found) return null;
      if (found.length >= end) return found;
    }
    return null;
  }
}
