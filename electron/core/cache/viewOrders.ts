import { type SubmissionFilter } from '../../shared/contract/submissions';
import { FIELD_OF } from './answerField';
import { Memo } from './memo';
import { mergeAdded, type SortKey } from './orderMerge';
import { passingAmong } from './passingAmong';
import { fewPassing, type PassingRows } from './passingRows';
import {
  type AnswerColumn,
  FIELD_COLUMN,
  keyColumns,
  orderStatement,
  plainOrder,
  type Segment,
  segmentsOf,
  sortedAnswer,
} from './querySql';
import { type QueryStatements } from './queryStatements';
import { searchedAmong } from './searchedAmong';
import { broader, MIN_TRIGRAM, narrowingSets, whereOf } from './viewConditions';

/**
 * Orders remembered at once, and the rowids they may hold in all (a float64 each; six whole orders
 * of a million rows). A short order (a view's first rows, a search's few matches) weighs what it
 * holds, so it does not push out the whole orders that views are cut from.
 */
const ORDERS_KEPT = 32;
const ORDER_IDS_KEPT = 6_000_000;
/** Whether a question's answers are numbers, remembered per question. */
const ANSWER_KINDS_KEPT = 64;
/**
 * Rows added to a form since its view's order was read are merged into that order up to this many
 * (a sync's page holds 150), or up to a quarter of the order where that is more; more, and the
 * order is read again.
 */
const MERGED_AT_LEAST = 1_000;
const MERGED_SHARE = 4;
/**
 * The rows of the order read again that cost what one key read to place an added row does: a key
 * is a lookup of its own, a row of the order one step along its index. Rows spread all over the
 * order give up past that many keys and read it again; rows that land together (a sync's newest)
 * read a handful.
 */
const ORDER_ROWS_PER_KEY = 48;
/** Keys a merge may read whatever the order's size: a small order still takes a page so. */
const KEYS_READ_AT_LEAST = 1_000;
/**
 * A sort by a question whose first answer this many screens' worth of rows gave finds its first
 * rows in time order: sorting so many ties costs more than looking rows up until a window is full.
 */
const LARGE_GROUP_SCREENS = 10;
/** A rarer match is looked for among this many times a screen's worth of the view's first rows. */
export const WIDER_LOOK = 20;
/**
 * The screens' worth of a view's first rows whose answers are looked up, in turn, for the first
 * rows of an answer filter: a rarer answer costs lookups in proportion to how rare it is.
 */
const CHECKED_LOOKS = [1, 4, WIDER_LOOK];

/** The rowids of a view in order: all of them, or the first ones when `complete` is false. */
export interface Order {
  ids: number[];
  complete: boolean;
  /** The file's largest rowid when the order was read: rows added since have larger ones. */
  through?: number;
}

/**
 * The orders of a form's views, remembered until the form changes: a window deep in a large form
 * is a slice of its view's order, not a walk of every row before it. Positions read at once when a
 * window lies near the start of a view are `prefixRows`; a window further on reads the whole order.
 */
export class ViewOrders {
  private readonly orders = new Memo<Order>(ORDERS_KEPT, {
    weigh: (order) => order.ids.length,
    most: ORDER_IDS_KEPT,
  });
  private readonly numeric = new Memo<boolean>(ANSWER_KINDS_KEPT);

  constructor(
    private readonly reads: QueryStatements,
    private readonly passing: PassingRows,
    readonly prefixRows: number,
  ) {}

  /** The order remembered for the view at this version of its form. */
  known(filter: SubmissionFilter, version: string): Order | undefined {
    return this.orders.get(JSON.stringify(filter), version);
  }

  /** Whether the view's whole order is remembered, at any version of its form. */
  keptWhole(filter: SubmissionFilter): boolean {
    return this.orders.latest(JSON.stringify(filter))?.value.complete === true;
  }

  remember(filter: SubmissionFilter, version: string, order: Order): void {
    this.orders.set(JSON.stringify(filter), version, order);
  }

  /** The view's order, read far enough to hold position `end` (when the view has that many rows). */
  order(filter: SubmissionFilter, end: number, version: string): Order {
    const key = JSON.stringify(filter);
    const known = this.orders.get(key, version);
    if (known && (known.complete || known.ids.length >= end)) return known;
    const grown = known ? undefined : this.grownOrder(filter, key);
    if (grown && (grown.complete || grown.ids.length >= end)) {
      this.orders.set(key, version, grown);
      return grown;
    }
    const first = this.checkedFirst(filter, end, version);
    if (first) {
      this.orders.set(key, version, first);
      return first;
    }
    const passing = this.passing.of(filter, version);
    const order = passing
      ? this.narrowedOrder(filter, passing, end, version)
      : typeof filter.sortBy === 'object' && end > this.prefixRows
        ? this.questionOrder(filter, filter.sortBy.answer, version)
        : this.readOrder(
            filter,
            end <= this.prefixRows ? this.prefixRows : Number.POSITIVE_INFINITY,
            version,
          );
    this.orders.set(key, version, order);
    return order;
  }

  /** The first `rows` rowids of a view in order (fewer when it has fewer). */
  firstRows(filter: SubmissionFilter, rows: number, version: string): number[] {
    // A screen's worth is remembered as any view's start is.
    if (rows <= this.prefixRows) return this.order(filter, rows, version).ids.slice(0, rows);
    // A wider look is read once, unless the view's order is known that far.
    const known = this.orders.get(JSON.stringify(filter), version);
    if (known && (known.complete || known.ids.length >= rows)) return known.ids.slice(0, rows);
    return this.readOrder(filter, rows, version).ids;
  }

  /** The runs the view's order reads, in turn. */
  segments(filter: SubmissionFilter, version: string): Segment[] {
    return segmentsOf(filter, () =>
      typeof filter.sortBy === 'object'
        ? this.answerOrder(filter.formId, filter.sortBy.answer, version).column
        : 'value_text',
    );
  }

  /**
   * The order of a view narrowed by a search or answer filters: the rows that pass among the first
   * rows of the same view without them, when they hold the first `end`; else its whole order, where
   * rows pass.
   */
  private narrowedOrder(
    filter: SubmissionFilter,
    passing: Uint8Array,
    end: number,
    version: string,
  ): Order {
    const broad = broader(filter);
    // A few matches are sorted from their rowids: cheaper than a first read of the whole order
    // of the view, which is slow on a large form, for a rare word or a word found nowhere.
    if (
      typeof broad.sortBy !== 'object' &&
      !this.orders.get(JSON.stringify(broad), version)?.complete
    ) {
      const few = fewPassing(passing);
      if (few) {
        const where = whereOf(broad, true);
        const sorted = this.reads
          .statement<number>(
            `SELECT s.id FROM submissions s NOT INDEXED
           WHERE s.id IN (SELECT value FROM json_each(?)) AND ${where.sql}
           ORDER BY ${plainOrder(broad.sortBy, broad.sort)}`,
          )
          .pluck()
          .all(JSON.stringify(few), ...where.params);
        return { ids: sorted, complete: true };
      }
      // Many matches: a first window finds its rows among the view's first ones.
      const first = this.firstAmong(filter, end, version, (ids) =>
        ids.filter((id) => passing[id] === 1),
      );
      if (first) return first;
    }
    const { ids } = this.order(broad, Number.POSITIVE_INFINITY, version);
    return { ids: ids.filter((id) => passing[id] === 1), complete: true };
  }

  /**
   * The first rows of a view narrowed by a search or by answer filters, at least `end` of them,
   * each row looked up in the full-text index or checked by its own answers: a first window of a
   * common word or choice need not list every row it holds, nor read the whole order of a large
   * form. Undefined when a view is narrowed by both, or by an import, or as `firstAmong` says.
   */
  private checkedFirst(filter: SubmissionFilter, end: number, version: string): Order | undefined {
    const { search } = filter;
    if (filter.importJobId !== undefined || (search && filter.answers.length > 0)) return undefined;
    if (search)
      return [...search].length < MIN_TRIGRAM
        ? undefined
        : this.firstAmong(filter, end, version, (ids) => searchedAmong(this.reads, search, ids));
    if (filter.answers.length === 0) return undefined;
    return this.firstAmong(filter, end, version, (ids) => passingAmong(this.reads, filter, ids));
  }

  /**
   * The first rows of a narrowed view, at least `end` of them, picked (`pick`) from the first rows
   * of the view without its narrowing (`CHECKED_LOOKS`). Undefined when the window lies past the
   * first rows, the view is sorted by a question (its first rows are not its cheap part), `pick`
   * cannot tell, or too few of the rows pass.
   */
  private firstAmong(
    filter: SubmissionFilter,
    end: number,
    version: string,
    pick: (ids: number[]) => number[] | null,
  ): Order | undefined {
    const broad = broader(filter);
    if (end > this.prefixRows || typeof broad.sortBy === 'object') return undefined;
    for (const screens of CHECKED_LOOKS) {
      const rows = this.prefixRows * screens;
      const first = this.firstRows(broad, rows, version);
      const ids = pick(first);
      if (!ids) return undefined;
      // Fewer rows than asked for: the view's whole order was read.
      if (first.length < rows) return { ids, complete: true };
      if (ids.length >= end) return { ids, complete: false };
    }
    return undefined;
  }

  /**
   * The whole order of a sort by a question, sorted by nothing: the view's rows in time order (in the
   * sort's direction, as ties on the value go) are dealt out to the groups of equal answers, which
   * the answers index lists in value order, and the rows without an answer go last. The same order
   * read in SQL finds each answer's submission in another index and sorts every group of ties by
   * time, several times slower than dealing the rows out.
   */
  private questionOrder(filter: SubmissionFilter, key: string, version: string): Order {
    const { ids: byTime } = this.order(
      { ...filter, sortBy: 'submissionTime' },
      Number.POSITIVE_INFINITY,
      version,
    );
    const { column, index } = this.answerOrder(filter.formId, key, version);
    const from = `FROM answers INDEXED BY ${index} WHERE field = ${FIELD_OF}${sortedAnswer(column, 'answers')}`;
    // One snapshot for both reads, so the groups' sizes and the rows agree.
    const [sizes, answered] = this.reads.db.transaction((): [number[], number[]] => [
      this.reads
        .statement<number>(`SELECT count(*) ${from} GROUP BY ${column} ORDER BY ${column}`)
        .pluck()
        .all(filter.formId, key),
      this.reads
        .statement<number>(`SELECT submission_rowid ${from} ORDER BY ${column}`)
        .pluck()
        .all(filter.formId, key),
    ])();
    return { ids: dealByAnswer(byTime, sizes, answered, filter.sort === 'desc'), complete: true };
  }

  /**
   * The whole order kept from an earlier version of the view's form with the rows added since
   * merged in, when nothing but additions happened since (a sync's new pages); undefined otherwise.
   * Plain views only: a search's or an answer filter's rows are read from their own indexes again.
   *
   * No transaction: an export may be streaming on this connection. The reads go in an order that
   * is safe without one: the added rows, then whether anything was rewritten (a delete after the
   * first read is seen by the second), then the keys of kept rows (one gone meanwhile gives up).
   */
  private grownOrder(filter: SubmissionFilter, key: string): Order | undefined {
    const kept = this.orders.latest(key);
    const through = kept?.value.through;
    const { sortBy } = filter;
    if (
      !kept ||
      through === undefined ||
      typeof sortBy === 'object' ||
      narrowingSets(filter).length > 0
    )
      return undefined;
    const where = whereOf(filter, true);
    const columns = keyColumns(sortBy);
    const largest = this.reads.largestRowid();
    const { ids: keptIds } = kept.value;
    const mergedAtMost = Math.max(MERGED_AT_LEAST, Math.floor(keptIds.length / MERGED_SHARE));
    // NOT INDEXED: the rowid range leads, so this reads the rows added since alone.
    const added = this.reads
      .statement<[number, ...SortKey]>(
        `SELECT s.id, ${columns.join(', ')} FROM submissions s NOT INDEXED
       WHERE s.id > ? AND ${where.sql} ORDER BY ${plainOrder(sortBy, filter.sort)} LIMIT ?`,
      )
      .raw()
      .all(through, ...where.params, mergedAtMost + 1);
    if (added.length > mergedAtMost) return undefined;
    if (this.reads.rewritten(filter.formId) > Number(kept.version)) return undefined;
    const keyOf = this.reads
      .statement<SortKey>(`SELECT ${columns.join(', ')} FROM submissions s WHERE s.id = ?`)
      .raw();
    const ids = mergeAdded(
      keptIds,
      added.map(([id, ...sortKey]) => ({ id, key: sortKey })),
      (id) => keyOf.get(id),
      {
        descending: filter.sort === 'desc',
        nocase: columns.map((c) => c === FIELD_COLUMN.loginEmail),
      },
      Math.max(KEYS_READ_AT_LEAST, keptIds.length / ORDER_ROWS_PER_KEY),
    );
    const newest = added.reduce((most, [id]) => Math.max(most, id), largest);
    return ids ? { ids, complete: true, through: newest } : undefined;
  }

  /** The view's first `wanted` rowids in order (every one, when `wanted` is infinite). */
  private readOrder(filter: SubmissionFilter, wanted: number, version: string): Order {
    const leading = Number.isFinite(wanted) ? this.leadingGroup(filter, wanted, version) : null;
    if (leading) return { ids: leading, complete: false };
    const largest = this.reads.largestRowid();
    let ids: number[] = [];
    for (const segment of this.segments(filter, version)) {
      const left = wanted - ids.length;
      // -1: no limit.
      const found = this.reads
        .statement<number>(orderStatement(segment))
        .pluck()
        .all(...segment.params, Number.isFinite(left) ? left : -1);
      ids = ids.length === 0 ? found : ids.concat(found);
      if (ids.length >= wanted) break;
    }
    if (ids.length >= wanted) return { ids, complete: false };
    return { ids, complete: true, through: ids.reduce((max, id) => Math.max(max, id), largest) };
  }

  /**
   * The first `wanted` rows of a sort by a question whose first answer is a large group (the top
   * rating), when they all gave it: the view's rows walked in time order, each looked up for that
   * answer. Its segment sorts the whole group by time to find them. Null for any other view.
   */
  private leadingGroup(filter: SubmissionFilter, wanted: number, version: string): number[] | null {
    if (typeof filter.sortBy !== 'object') return null;
    const key = filter.sortBy.answer;
    const { column, index } = this.answerOrder(filter.formId, key, version);
    const dir = filter.sort === 'desc' ? 'DESC' : 'ASC';
    const answers = `FROM answers INDEXED BY ${index}
      WHERE field = ${FIELD_OF}${sortedAnswer(column, 'answers')}`;
    const value = this.reads
      .statement<number | string | null>(
        `SELECT ${column} ${answers} ORDER BY ${column} ${dir} LIMIT 1`,
      )
      .pluck()
      .get(filter.formId, key);
    if (value === undefined || value === null) return null;
    // Counted no further than the bound: the top answer of a large form may have many more.
    const bound = this.prefixRows * LARGE_GROUP_SCREENS;
    const large =
      this.reads
        .statement<number>(`SELECT count(*) FROM (SELECT 1 ${answers} AND ${column} = ? LIMIT ?)`)
        .pluck()
        .get(filter.formId, key, value, bound) === bound;
    if (!large) return null;
    const where = whereOf(filter, true);
    const ids = this.reads
      .statement<number>(
        `SELECT s.id FROM submissions s WHERE ${where.sql}
           AND EXISTS (SELECT 1 FROM answers a
             WHERE a.submission_rowid = s.id AND a.field = ${FIELD_OF} AND a.${column} = ?)
         ORDER BY ${plainOrder('submissionTime', filter.sort)} LIMIT ?`,
      )
      .pluck()
      .all(...where.params, filter.formId, key, value, wanted);
    return ids.length === wanted ? ids : null;
  }

  /** What a sort by a question orders on: numbers and dates by value, any other answer by its text. */
  private answerOrder(
    formId: string,
    key: string,
    version: string,
  ): { column: AnswerColumn; index: 'answers_by_num' | 'answers_by_text' } {
    const memoKey = JSON.stringify([formId, key]);
    let numeric = this.numeric.get(memoKey, version);
    if (numeric === undefined) {
      numeric =
        this.reads
          .statement(
            `SELECT 1 AS found FROM answers WHERE field = ${FIELD_OF} AND value_num IS NOT NULL LIMIT 1`,
          )
          .get(formId, key) !== undefined;
      this.numeric.set(memoKey, version, numeric);
    }
    return numeric
      ? { column: 'value_num', index: 'answers_by_num' }
      : { column: 'value_text', index: 'answers_by_text' };
  }
}

/**
 * Rows in time order dealt out to the groups of equal answers (`sizes` of them, `answered` listing
 * their rows in ascending value), the rows without an answer last in either direction.
 */
function dealByAnswer(
  byTime: number[],
  sizes: number[],
  answered: number[],
  descending: boolean,
): number[] {
  const maxId = byTime.reduce((max, id) => Math.max(max, id), 0);
  // 1 + the group of each answered row of the view, in ascending value; 0: not answered.
  const groupOf = new Int32Array(maxId + 1);
  let group = 0;
  let left = sizes[0] ?? 0;
  for (const id of answered) {
    while (left === 0 && group + 1 < sizes.length) left = sizes[++group]!;
    left--;
    if (id <= maxId) groupOf[id] = group + 1;
  }
  const groups = sizes.length;
  const place = (id: number) => {
    const g = groupOf[id]!;
    return g === 0 ? groups : descending ? groups - g : g - 1;
  };
  // Where each place begins, then each row at the next free position of its place.
  const next = new Int32Array(groups + 2);
  for (const id of byTime) next[place(id) + 1]!++;
  for (let i = 1; i < next.length; i++) next[i]! += next[i - 1]!;
  const ids = new Array<number>(byTime.length);
  for (const id of byTime) ids[next[place(id)]!++] = id;
  return ids;
}
