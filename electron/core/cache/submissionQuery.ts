import type Database from 'better-sqlite3';
import { type SubmissionStatus } from '../../shared/api/endpoints';
import {
  type StatusCounts,
  type SubmissionField,
  type SubmissionFilter,
  type SubmissionListRow,
} from '../../shared/contract/submissions';
import { mergeAdded, type SortKey } from './orderMerge';
import { type StoredRow, type StoredTextRow, toListRow } from './listRow';
import { Memo } from './memo';
import {
  broader,
  MIN_TRIGRAM,
  narrowingSets,
  narrows,
  phraseOf,
  type Param,
  unnarrowed,
  type Where,
  whereOf,
} from './viewConditions';

/** Sortable fields → fixed SQL. Nothing a caller sends is ever spliced into a statement. */
const FIELD_COLUMN: Record<SubmissionField, string> = {
  submissionTime: 's.submission_time',
  lastUpdatedAt: 's.last_updated_at',
  quizScore: 's.quiz_score',
  loginEmail: 's.login_email',
  paymentAmount: 's.payment_amount',
};

/**
 * Positions read at once when a window lies near the start of a view: a first screen and the
 * scrolling after it are cut from them. A window further on reads the view's whole order.
 */
const PREFIX_ROWS = 1_000;
/**
 * Orders remembered at once, and the rowids they may hold in all (a float64 each; six whole orders
 * of a million rows). A short order (a view's first rows, a search's few matches) weighs what it
 * holds, so it does not push out the whole orders that views are cut from.
 */
const ORDERS_KEPT = 32;
const ORDER_IDS_KEPT = 6_000_000;
/** Searches and answer filters remembered at once: each holds one byte per rowid. */
const NARROWED_KEPT = 4;
/** Marks a row that a set taken away ("is empty") holds, whatever the others say. */
const EXCLUDED = 255;
/** Counts remembered per filter; scrolling a table asks for the same ones window after window. */
const COUNTS_KEPT = 64;
const STATEMENTS_KEPT = 64;
/**
 * In a cache of at least this many rows, a new search answers with its first rows before it counts
 * its matches. The full-text index holds every form, so listing every match of a common word in
 * it grows with the whole cache, whatever the view: in a smaller cache it is soon enough to count
 * at once.
 */
const ROWS_FIRST_FROM = 250_000;
/**
 * The view's first rows are looked up in the full-text index as runs of nearby rowids (a sync
 * stores rows in the order it lists them, so a view's first rows sit in a few runs). A gap wider
 * than this starts a new run; a view whose first rows need more runs than `MAX_RUNS` (a sort by a
 * question scatters them) is counted at once.
 */
const RUN_GAP = 64;
const MAX_RUNS = 16;
/** Matches at most this many are sorted from their rowids, not cut from the view's whole order. */
const FEW_MATCHES = 5_000;
/** A rarer word is looked for among this many times a screen's worth of the view's first rows. */
const WIDER_LOOK = 20;
/**
 * Rows added to a form since its view's order was read are merged into that order up to this many
 * (a sync's page holds 150); more, and the order is read again. Each merged row reads about
 * log2(rows) keys to find its place.
 */
const MERGED_AT_MOST = 1_000;

/** Matches per status, whatever the filter's status; previews among them apart. */
interface StatusTally {
  status: SubmissionStatus;
  n: number;
  previews: number;
}

/** One window of a view, with what the view's counts say about it. */
export interface QueryWindow<Row = SubmissionListRow> {
  rows: Row[];
  total: number;
  counts: StatusCounts;
  unnarrowed: number;
}

/** A window that may come before its view's counts: then `total` is the matches found so far. */
export type RowsFirstWindow<Row = SubmissionListRow> = Omit<QueryWindow<Row>, 'counts'> &
  ({ counted: true; counts: StatusCounts } | { counted: false; counts: null });

/** The rowids of a view in order: all of them, or the first ones when `complete` is false. */
interface Order {
  ids: number[];
  complete: boolean;
  /** The file's largest rowid when the order was read: rows added since have larger ones. */
  through?: number;
}

/**
 * One ordered run of rows. A sort by a question reads two runs: the rows that answered it, in the
 * order of the answers index (so a window costs its own rows, not a sort of the whole form), then
 * the rows that did not, last in either direction.
 */
interface Segment {
  /** `FROM … WHERE …` */
  from: string;
  params: Param[];
  order: string;
}

const HEAD_COLUMNS =
  's.id, s.submission_id, s.submission_time, s.last_updated_at, s.status, s.is_preview';
/** The rows of a window, by the rowids (a JSON array) its order gave. */
const ROWS_STATEMENT = `SELECT ${HEAD_COLUMNS}, CAST(s.raw AS BLOB) AS raw FROM submissions s WHERE s.id IN (SELECT value FROM json_each(?))`;

/**
 * Reads of the cached submissions of one form, every filter and sort read from SQLite's indexes.
 *
 * A window is read in two steps, as the covering indexes allow: the view's order is walked in an
 * index (status, preview flag and time are in each entry) to find the rowids of the window, and
 * only those rows, with their JSON, are read. The order found is remembered until the form changes,
 * so a window deep in a large form is a slice of it, not a walk of every row before it; the counts
 * per status, from which the total follows, are remembered the same way.
 *
 * A search or an answer filter reads the rows it lets through once, from the full-text or answers
 * index, and keeps the rows of the view without it that passed: its order and its counts then cost
 * one read of each index, not one lookup per row of the view, and a filter changed is a new read
 * of its own index only.
 */
export class SubmissionQuery {
  private readonly statements = new Map<string, Database.Statement<Param[], unknown>>();
  private readonly orders = new Memo<Order>(ORDERS_KEPT, {
    weigh: (order) => order.ids.length,
    most: ORDER_IDS_KEPT,
  });
  private readonly tallies = new Memo<StatusTally[]>(COUNTS_KEPT);
  private readonly passes = new Memo<Uint8Array>(NARROWED_KEPT);
  private readonly facetLists = new Memo<number[]>(NARROWED_KEPT);
  private readonly numeric = new Memo<boolean>(COUNTS_KEPT);
  private readonly answeredEarly = new Memo<true>(NARROWED_KEPT);
  private readonly versionStatement;
  private readonly rewrittenStatement;
  private readonly prefixRows: number;
  private readonly rowsFirstFrom: number;

  constructor(
    private readonly db: Database.Database,
    {
      prefixRows = PREFIX_ROWS,
      rowsFirstFrom = ROWS_FIRST_FROM,
    }: { prefixRows?: number; rowsFirstFrom?: number } = {},
  ) {
    this.prefixRows = prefixRows;
    this.rowsFirstFrom = rowsFirstFrom;
    // Moved by triggers on every write that changes what the form's views show, through any
    // connection; the sync's marks on rows it saw unchanged leave it alone.
    this.versionStatement = db.prepare<[string], { version: number }>(
      `SELECT version FROM form_changes WHERE form_id = ?`,
    );
    this.rewrittenStatement = db
      .prepare<[string], number>(`SELECT rewritten FROM form_changes WHERE form_id = ?`)
      .pluck();
  }

  /**
   * One window of matching rows, with the total, the counts per status, and the total before
   * search, dates and answer filters narrow the view (status and previews as the filter says).
   */
  window(filter: SubmissionFilter, offset: number, limit: number): QueryWindow {
    const window = this.storedWindow(filter, offset, limit);
    return { ...window, rows: window.rows.map(toListRow) };
  }

  /** `window`, its rows as the cache holds them. */
  private storedWindow(
    filter: SubmissionFilter,
    offset: number,
    limit: number,
  ): QueryWindow<StoredRow> {
    const version = this.version(filter.formId);
    const ids = this.order(filter, offset + limit, version).ids.slice(offset, offset + limit);
    const tally = this.tally(filter, version);
    return {
      rows: this.rowsOf(ids),
      total: totalOf(filter, tally),
      counts: countsOf(filter, tally),
      unnarrowed: this.unnarrowedTotal(filter, version),
    };
  }

  /**
   * A window as soon as its rows are known. A new search in a large cache finds its first rows
   * among the view's first rows alone, and answers with them before it lists every match to count
   * them (`counted: false`, `total` the matches found so far, no counts). It answers early once:
   * asked again, it counts. Any other window is counted at once.
   */
  rowsFirst(filter: SubmissionFilter, offset: number, limit: number): RowsFirstWindow {
    const window = this.storedRowsFirst(filter, offset, limit);
    return { ...window, rows: window.rows.map(toListRow) };
  }

  /** `rowsFirst`, its rows as the cache holds them (`windowJson.ts` sends them on as they are). */
  storedRowsFirst(
    filter: SubmissionFilter,
    offset: number,
    limit: number,
  ): RowsFirstWindow<StoredRow> {
    const version = this.version(filter.formId);
    const early = this.earlyMatches(filter, offset + limit, version);
    if (!early) return { ...this.storedWindow(filter, offset, limit), counted: true };
    const key = JSON.stringify(filter);
    this.answeredEarly.set(key, version, true);
    // The view's first rows, exactly: the count that follows need not read its whole order.
    this.orders.set(key, version, { ids: early, complete: false });
    return {
      rows: this.rowsOf(early.slice(offset, offset + limit)),
      total: early.length,
      counts: null,
      unnarrowed: this.unnarrowedTotal(filter, version),
      counted: false,
    };
  }

  /**
   * Reads a view's whole order and its counts ahead of its windows: a window deep in the view
   * reads them first (a noticeable wait, on a reader that had not read them), so a reader reads
   * the view most likely asked first when a workspace opens. Answers the view's rows.
   */
  readView(filter: SubmissionFilter): number {
    const version = this.version(filter.formId);
    this.tally(filter, version);
    return this.order(filter, Number.POSITIVE_INFINITY, version).ids.length;
  }

  /**
   * Brings a plain view whose whole order is kept up to date with the rows stored since, and its
   * counts: what its next window would do first (merging a page's rows costs little).
   * Views narrowed or sorted by an answer, or read only as far as their first rows, are left to
   * their next window: reading them anew costs more than a window saves. True when it caught up.
   */
  catchUp(filter: SubmissionFilter): boolean {
    if (typeof filter.sortBy === 'object' || narrowingSets(filter).length > 0) return false;
    if (!this.orders.latest(JSON.stringify(filter))?.value.complete) return false;
    this.readView(filter);
    return true;
  }

  /** Every matching row in order, read lazily: exports stream through it without holding a form. */
  *all(filter: SubmissionFilter): Generator<SubmissionListRow> {
    for (const segment of this.segments(filter, this.version(filter.formId))) {
      // Its own statement: a cached one would be busy for any other read while this one streams.
      const statement = this.db.prepare<Param[], StoredTextRow>(
        `SELECT ${HEAD_COLUMNS}, s.raw ${segment.from} ORDER BY ${segment.order}`,
      );
      for (const row of statement.iterate(...segment.params)) yield toListRow(row);
    }
  }

  /** Matches per status under the filter, the status itself aside; previews counted apart. */
  counts(filter: SubmissionFilter): StatusCounts {
    return countsOf(filter, this.tally(filter, this.version(filter.formId)));
  }

  /**
   * The query plans of what a window runs: the order of each run, the count, the rows. For tests
   * that hold common queries to their indexes.
   */
  plan(filter: SubmissionFilter): { order: string[]; count: string[]; rows: string[] } {
    const explain = (sql: string, params: Param[]) =>
      this.db
        .prepare<Param[], { detail: string }>(`EXPLAIN QUERY PLAN ${sql}`)
        .all(...params)
        .map((r) => r.detail);
    const order = this.segments(broader(filter), this.version(filter.formId)).flatMap((s) =>
      explain(orderStatement(s), [...s.params, this.prefixRows]),
    );
    const sets = narrowingSets(filter);
    const count = sets.length > 0 ? facetStatement(broader(filter)) : tallyStatement(filter);
    return {
      order: [...order, ...sets.flatMap((set) => explain(set.sql, set.params))],
      count: explain(count.sql, count.params),
      rows: explain(ROWS_STATEMENT, ['[]']),
    };
  }

  /**
   * The first matches of a search in a large cache, at least `end` of them, found among the
   * view's first rows (a screen's worth of reads, then a wider look for a rarer word); null when
   * the search should be counted now: it is short, comes with answer filters, was answered early
   * before or counted already, the cache is small, the view's first rows are scattered over the
   * file, or too few of them match (and in a view this short, counting costs little).
   */
  private earlyMatches(filter: SubmissionFilter, end: number, version: string): number[] | null {
    const { search } = filter;
    if (!search || [...search].length < MIN_TRIGRAM || filter.answers.length > 0) return null;
    if (filter.importJobId !== undefined) return null;
    if (end > this.prefixRows || this.answeredEarly.get(JSON.stringify(filter), version))
      return null;
    if (this.tallies.get(tallyKey(filter), version)) return null;
    const cached = this.statement<number>('SELECT sum(n) FROM submission_counts').pluck().get();
    if ((cached ?? 0) < this.rowsFirstFrom) return null;
    // FTS5 seeks to a rowid bound only when it is an INTEGER; a number bound from JavaScript
    // arrives as a REAL, and the bound would then filter a listing of every match.
    const inRun = this.statement<number>(
      `SELECT rowid FROM submission_search WHERE submission_search MATCH ?
       AND rowid BETWEEN CAST(? AS INTEGER) AND CAST(? AS INTEGER)`,
    ).pluck();
    for (const rows of [this.prefixRows, this.prefixRows * WIDER_LOOK]) {
      const first = this.firstRows(broader(filter), rows, version);
      // The whole view read: too few matches for the window, and counting them costs little.
      if (first.length < rows) return null;
      const runs = runsOf(first);
      if (runs.length > MAX_RUNS) return null;
      const matched = new Set<number>();
      // One snapshot for every run, as for a whole search.
      this.db.transaction(() => {
        for (const [low, high] of runs)
          for (const id of inRun.all(phraseOf(search), low, high)) matched.add(id);
      })();
      const found = first.filter((id) => matched.has(id));
      if (found.length >= end) return found;
    }
    return null;
  }

  /** The first `rows` rowids of a view in order (fewer when it has fewer). */
  private firstRows(filter: SubmissionFilter, rows: number, version: string): number[] {
    // A screen's worth is remembered as any view's start is.
    if (rows <= this.prefixRows) return this.order(filter, rows, version).ids.slice(0, rows);
    // A wider look is read once, unless the view's order is known that far.
    const known = this.orders.get(JSON.stringify(filter), version);
    if (known && (known.complete || known.ids.length >= rows)) return known.ids.slice(0, rows);
    return this.readOrder(filter, rows, version).ids;
  }

  private unnarrowedTotal(filter: SubmissionFilter, version: string): number {
    const broad = unnarrowed(filter);
    return totalOf(broad, this.tally(broad, version));
  }

  /** The view's order, read far enough to hold position `end` (when the view has that many rows). */
  private order(filter: SubmissionFilter, end: number, version: string): Order {
    const key = JSON.stringify(filter);
    const known = this.orders.get(key, version);
    if (known && (known.complete || known.ids.length >= end)) return known;
    const grown = known ? undefined : this.grownOrder(filter, key);
    if (grown && (grown.complete || grown.ids.length >= end)) {
      this.orders.set(key, version, grown);
      return grown;
    }
    const passing = this.passing(filter, version);
    const order = passing
      ? this.narrowedOrder(filter, passing, version)
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

  /**
   * The order of a view narrowed by a search or answer filters: the whole order of the same view
   * without them, where rows pass.
   */
  private narrowedOrder(filter: SubmissionFilter, passing: Uint8Array, version: string): Order {
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
        const sorted = this.statement<number>(
          `SELECT s.id FROM submissions s NOT INDEXED
           WHERE s.id IN (SELECT value FROM json_each(?)) AND ${where.sql}
           ORDER BY ${plainOrder(broad.sortBy, broad.sort)}`,
        )
          .pluck()
          .all(JSON.stringify(few), ...where.params);
        return { ids: sorted, complete: true };
      }
    }
    const { ids } = this.order(broad, Number.POSITIVE_INFINITY, version);
    return { ids: ids.filter((id) => passing[id] === 1), complete: true };
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
    const from = `FROM answers INDEXED BY ${index} WHERE form_id = ? AND field_key = ?`;
    // One snapshot for both reads, so the groups' sizes and the rows agree.
    const [sizes, answered] = this.db.transaction((): [number[], number[]] => [
      this.statement<number>(`SELECT count(*) ${from} GROUP BY ${column} ORDER BY ${column}`)
        .pluck()
        .all(filter.formId, key),
      this.statement<number>(`SELECT submission_rowid ${from} ORDER BY ${column}`)
        .pluck()
        .all(filter.formId, key),
    ])();

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
    const descending = filter.sort === 'desc';
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
    return { ids, complete: true };
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
    const largest = this.largestRowid();
    // NOT INDEXED: the rowid range leads, so this reads the rows added since alone.
    const added = this.statement<[number, ...SortKey]>(
      `SELECT s.id, ${columns.join(', ')} FROM submissions s NOT INDEXED
       WHERE s.id > ? AND ${where.sql} ORDER BY ${plainOrder(sortBy, filter.sort)} LIMIT ?`,
    )
      .raw()
      .all(through, ...where.params, MERGED_AT_MOST + 1);
    if (added.length > MERGED_AT_MOST) return undefined;
    if ((this.rewrittenStatement.get(filter.formId) ?? 0) > Number(kept.version)) return undefined;
    const keyOf = this.statement<SortKey>(
      `SELECT ${columns.join(', ')} FROM submissions s WHERE s.id = ?`,
    ).raw();
    const ids = mergeAdded(
      kept.value.ids,
      added.map(([id, ...sortKey]) => ({ id, key: sortKey })),
      (id) => keyOf.get(id),
      {
        descending: filter.sort === 'desc',
        nocase: columns.map((c) => c === FIELD_COLUMN.loginEmail),
      },
    );
    return ids
      ? { ids, complete: true, through: Math.max(largest, ...added.map(([id]) => id)) }
      : undefined;
  }

  /** The view's first `wanted` rowids in order (every one, when `wanted` is infinite). */
  private readOrder(filter: SubmissionFilter, wanted: number, version: string): Order {
    const largest = this.largestRowid();
    let ids: number[] = [];
    for (const segment of this.segments(filter, version)) {
      const left = wanted - ids.length;
      // -1: no limit.
      const found = this.statement<number>(orderStatement(segment))
        .pluck()
        .all(...segment.params, Number.isFinite(left) ? left : -1);
      ids = ids.length === 0 ? found : ids.concat(found);
      if (ids.length >= wanted) break;
    }
    if (ids.length >= wanted) return { ids, complete: false };
    return { ids, complete: true, through: ids.reduce((max, id) => Math.max(max, id), largest) };
  }

  /**
   * The file's largest rowid. Writes commit one at a time and each new row takes a rowid above
   * every one in the file, so rows come in rowid order: a read that follows this one holds every
   * row up to it, and every row up to the largest it saw itself. Up to there, rows of a view added
   * later have larger rowids.
   */
  private largestRowid(): number {
    return this.statement<number>('SELECT max(id) FROM submissions').pluck().get() ?? 0;
  }

  /**
   * The rows that the filter's search and answer filters let through, one byte per rowid (1:
   * passes), or null when it has neither. Each is read once as a list of rowids from its own index
   * (full text, or answers), where reading the view's order through all of them would look each
   * row up in each.
   */
  private passing(filter: SubmissionFilter, version: string): Uint8Array | null {
    const sets = narrowingSets(filter);
    if (sets.length === 0) return null;
    // The full-text index holds every form: what it matched is kept for this form's version.
    const key = JSON.stringify([filter.formId, sets]);
    const known = this.passes.get(key, version);
    if (known) return known;
    const needed = sets.filter((set) => !set.except).length;
    // One snapshot for every read, so the sets agree with each other.
    const passing = this.db.transaction(() => {
      const last = this.largestRowid();
      // How many sets hold each row, or EXCLUDED.
      const held = new Uint8Array(last + 1);
      for (const set of sets) {
        for (const id of this.statement<number>(set.sql)
          .pluck()
          .all(...set.params)) {
          if (id > last || held[id] === EXCLUDED) continue;
          held[id] = set.except ? EXCLUDED : held[id]! + 1;
        }
      }
      for (let id = 0; id <= last; id++) held[id] = held[id] === needed ? 1 : 0;
      return held;
    })();
    this.passes.set(key, version, passing);
    return passing;
  }

  /** The rows of `ids`, in that order. */
  private rowsOf(ids: number[]): StoredRow[] {
    if (ids.length === 0) return [];
    const found = this.statement<StoredRow>(ROWS_STATEMENT).all(JSON.stringify(ids));
    const byId = new Map(found.map((row) => [row.id, row]));
    return ids.map((id) => byId.get(id)!);
  }

  private tally(filter: SubmissionFilter, version: string): StatusTally[] {
    const key = tallyKey(filter);
    const known = this.tallies.get(key, version);
    if (known) return known;
    const passing = this.passing(filter, version);
    let tally: StatusTally[];
    if (passing) {
      tally = this.narrowedTally(filter, passing, version);
    } else {
      const { sql, params } = tallyStatement(filter);
      tally = this.statement<StatusTally>(sql).all(...params);
    }
    this.tallies.set(key, version, tally);
    return tally;
  }

  /**
   * The counts of a view narrowed by a search or answer filters: the rows of the form without them
   * (any status), where rows pass.
   */
  private narrowedTally(
    filter: SubmissionFilter,
    passing: Uint8Array,
    version: string,
  ): StatusTally[] {
    // Rows that pass, by what the low two bits of a facet say: in progress × 2 + preview.
    const byKind = [0, 0, 0, 0];
    for (const facet of this.facets(broader(filter), version))
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
    const facets = this.statement<number>(sql)
      .pluck()
      .all(...params);
    this.facetLists.set(key, version, facets);
    return facets;
  }

  private version(formId: string): string {
    return String(this.versionStatement.get(formId)?.version ?? 0);
  }

  private statement<R>(sql: string): Database.Statement<Param[], R> {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.db.prepare<Param[], unknown>(sql);
      if (this.statements.size >= STATEMENTS_KEPT) this.statements.clear();
      this.statements.set(sql, statement);
    }
    return statement as Database.Statement<Param[], R>;
  }

  private segments(filter: SubmissionFilter, version: string): Segment[] {
    const where = whereOf(filter, true);
    const dir = filter.sort === 'desc' ? 'DESC' : 'ASC';
    const tail = plainOrder('submissionTime', filter.sort);
    if (typeof filter.sortBy === 'object') {
      const key = filter.sortBy.answer;
      const { column } = this.answerOrder(filter.formId, key, version);
      return [
        {
          // The answers index leads (CROSS JOIN), so rows come in value order and only ties on the
          // value are sorted by time, a block at a time, stopping when the window is full. Each
          // answer finds its submission's status and time in an index entry, not in the row.
          from: `FROM answers a CROSS JOIN submissions s INDEXED BY submissions_by_id ON s.id = a.submission_rowid
                 WHERE a.form_id = ? AND a.field_key = ? AND ${where.sql}`,
          params: [filter.formId, key, ...where.params],
          order: `a.${column} ${dir}, ${tail}`,
        },
        {
          from: `FROM submissions s WHERE ${where.sql}
                 AND NOT EXISTS (SELECT 1 FROM answers e WHERE e.submission_rowid = s.id AND e.field_key = ?)`,
          params: [...where.params, key],
          order: tail,
        },
      ];
    }
    const order = plainOrder(filter.sortBy, filter.sort);
    return [{ from: `FROM submissions s WHERE ${where.sql}`, params: where.params, order }];
  }

  /** What a sort by a question orders on: numbers and dates by value, any other answer by its text. */
  private answerOrder(
    formId: string,
    key: string,
    version: string,
  ): { column: 'value_num' | 'value_text'; index: 'answers_by_num' | 'answers_by_text' } {
    const memoKey = JSON.stringify([formId, key]);
    let numeric = this.numeric.get(memoKey, version);
    if (numeric === undefined) {
      numeric =
        this.statement(
          `SELECT 1 AS found FROM answers WHERE form_id = ? AND field_key = ? AND value_num IS NOT NULL LIMIT 1`,
        ).get(formId, key) !== undefined;
      this.numeric.set(memoKey, version, numeric);
    }
    return numeric
      ? { column: 'value_num', index: 'answers_by_num' }
      : { column: 'value_text', index: 'answers_by_text' };
  }
}

/** The ORDER BY of a sort by a column of the submissions. */
function plainOrder(sortBy: SubmissionField, sort: SubmissionFilter['sort']): string {
  const dir = sort === 'desc' ? 'DESC' : 'ASC';
  return keyColumns(sortBy)
    .map((column) => `${column} ${dir}`)
    .join(', ');
}

/** The columns a sort by a column of the submissions orders on. */
function keyColumns(sortBy: SubmissionField): string[] {
  // Ties break on the id, so windows never overlap or skip rows between pages.
  const tail = ['s.submission_time', 's.submission_id'];
  return sortBy === 'submissionTime' ? tail : [FIELD_COLUMN[sortBy], ...tail];
}

/** The rowids that pass, when they are few enough to sort from the rowids alone; else null. */
function fewPassing(passing: Uint8Array): number[] | null {
  const ids: number[] = [];
  for (let id = 0; id < passing.length; id++) {
    if (passing[id] !== 1) continue;
    if (ids.length === FEW_MATCHES) return null;
    ids.push(id);
  }
  return ids;
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

/** Rowids as the smallest ranges that hold them, where no two in a range are over `RUN_GAP` apart. */
function runsOf(ids: number[]): [number, number][] {
  const sorted = Float64Array.from(ids).sort();
  const runs: [number, number][] = [];
  for (const id of sorted) {
    const last = runs.at(-1);
    if (last && id - last[1] <= RUN_GAP) last[1] = id;
    else runs.push([id, id]);
  }
  return runs;
}

/** The rowids of one run, in order, up to a bound parameter (-1: all). */
function orderStatement(segment: Segment): string {
  return `SELECT s.id ${segment.from} ORDER BY ${segment.order} LIMIT ?`;
}

/**
 * The form's matches per status, whatever the filter's status: the counts and every total follow
 * from them. Without a condition beyond the form they are the counts the triggers keep; otherwise
 * one pass over the matches.
 */
function tallyStatement(filter: SubmissionFilter): Where {
  if (!narrows(filter)) {
    return {
      sql: `SELECT status, sum(n) AS n, sum(n * is_preview) AS previews FROM submission_counts
            WHERE form_id = ? GROUP BY status`,
      params: [filter.formId],
    };
  }
  const where = whereOf({ ...filter, status: 'all', includePreview: true }, false);
  return {
    sql: `SELECT s.status AS status, count(*) AS n, sum(s.is_preview) AS previews FROM submissions s
          WHERE ${where.sql} GROUP BY s.status`,
    params: where.params,
  };
}

/**
 * Every row of the form under the filter, whatever its status, as one number each: the rowid, the
 * status and the preview flag, so that a narrowed view's counts need no second read of its sets.
 * Named index: where the form is all the file holds, SQLite's statistics make a scan of the rows
 * (and their JSON) look as cheap as this index, which holds all three and the time.
 */
function facetStatement(filter: SubmissionFilter): Where {
  const where = whereOf({ ...filter, status: 'all', includePreview: true }, false);
  return {
    sql: `SELECT s.id * 4 + (s.status = 'in_progress') * 2 + s.is_preview
          FROM submissions s INDEXED BY submissions_by_form_time WHERE ${where.sql}`,
    params: where.params,
  };
}

function totalOf(filter: SubmissionFilter, tally: StatusTally[]): number {
  let total = 0;
  for (const { status, n, previews } of tally) {
    if (filter.status === 'all' || filter.status === status)
      total += filter.includePreview ? n : n - previews;
  }
  return total;
}

function countsOf(filter: SubmissionFilter, tally: StatusTally[]): StatusCounts {
  const counts: StatusCounts = { finished: 0, in_progress: 0, preview: 0 };
  for (const { status, n, previews } of tally) {
    counts.preview += previews;
    counts[status] += filter.includePreview ? n : n - previews;
  }
  return counts;
}
