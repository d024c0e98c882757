import type Database from 'better-sqlite3';
import {
  type StatusCounts,
  type SubmissionFilter,
  type SubmissionListRow,
} from '../../shared/contract/submissions';
import { type StoredRow, toListRow } from './listRow';
import { type PackedRows, packedRows } from './packedRows';
import { PassingRows } from './passingRows';
import {
  facetStatement,
  HEAD_COLUMNS,
  orderStatement,
  ROWS_STATEMENT,
  tallyStatement,
} from './querySql';
import { QueryStatements } from './queryStatements';
import { EarlyMatches, ROWS_FIRST_FROM } from './rowsFirst';
import { broader, narrowingSets, type Param } from './viewConditions';
import { countsOf, totalOf, ViewCounts } from './viewCounts';
import { ViewOrders } from './viewOrders';

/**
 * Positions read at once when a window lies near the start of a view: a first screen and the
 * scrolling after it are cut from them. A window further on reads the view's whole order.
 */
const PREFIX_ROWS = 1_000;

/** A row's head as `ROWS_STATEMENT` lists it: its columns, then its stored bytes' length. */
type StoredHead = [
  id: StoredRow['id'],
  submission_id: StoredRow['submission_id'],
  submission_time: StoredRow['submission_time'],
  last_updated_at: StoredRow['last_updated_at'],
  status: StoredRow['status'],
  is_preview: StoredRow['is_preview'],
  length: number,
];

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

/**
 * Reads of the cached submissions of one form, every filter and sort read from SQLite's indexes.
 *
 * A window is read in two steps, as the covering indexes allow: the view's order is walked in an
 * index (status, preview flag and time are in each entry) to find the rowids of the window, and
 * only those rows, with their JSON, are read. The order found is remembered until the form changes
 * (`viewOrders.ts`), so a window deep in a large form is a slice of it, not a walk of every row
 * before it; the counts per status, from which the total follows, are remembered the same way
 * (`viewCounts.ts`).
 *
 * A search or an answer filter reads the rows it lets through once, from the full-text or answers
 * index (`passingRows.ts`), and keeps the rows of the view without it that passed: its order and
 * its counts then cost one read of each index, not one lookup per row of the view, and a filter
 * changed is a new read of its own index only.
 */
export class SubmissionQuery {
  private readonly reads: QueryStatements;
  private readonly orders: ViewOrders;
  private readonly tallies: ViewCounts;
  private readonly early: EarlyMatches;
  private readonly inOneRead: (read: () => unknown) => unknown;
  /** Streams of `all` open on the connection. */
  private streams = 0;
  /** How this connection unpacks the rows it reads. */
  readonly packed: PackedRows;

  constructor(
    private readonly db: Database.Database,
    {
      prefixRows = PREFIX_ROWS,
      rowsFirstFrom = ROWS_FIRST_FROM,
    }: { prefixRows?: number; rowsFirstFrom?: number } = {},
  ) {
    this.reads = new QueryStatements(db);
    const passing = new PassingRows(this.reads);
    this.orders = new ViewOrders(this.reads, passing, prefixRows);
    this.tallies = new ViewCounts(this.reads, passing);
    this.early = new EarlyMatches(this.reads, this.orders, this.tallies, rowsFirstFrom);
    this.packed = packedRows(db);
    this.inOneRead = db.transaction((read: () => unknown) => read());
  }

  /**
   * One window of matching rows, with the total, the counts per status, and the total before
   * search, dates and answer filters narrow the view (status and previews as the filter says).
   */
  window(filter: SubmissionFilter, offset: number, limit: number): QueryWindow {
    const window = this.snapshot(() => this.storedWindow(filter, offset, limit));
    return { ...window, rows: window.rows.map((row) => toListRow(row, this.packed)) };
  }

  /** `window`, its rows as the cache holds them, inside the caller's snapshot. */
  private storedWindow(
    filter: SubmissionFilter,
    offset: number,
    limit: number,
  ): QueryWindow<StoredRow> {
    const version = this.reads.version(filter.formId);
    // Counted first: an order need not look for more rows than the view has (a narrowed view's
    // first rows are looked for among the first rows of the form, and none may be there).
    const tally = this.tallies.tally(filter, version);
    const total = totalOf(filter, tally);
    const ids = this.orders
      .order(filter, Math.min(offset + limit, total), version)
      .ids.slice(offset, offset + limit);
    return {
      rows: this.rowsOf(ids),
      total,
      counts: countsOf(filter, tally),
      unnarrowed: this.tallies.unnarrowedTotal(filter, version),
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
    return { ...window, rows: window.rows.map((row) => toListRow(row, this.packed)) };
  }

  /** `rowsFirst`, its rows as the cache holds them (`windowJson.ts` sends them on as they are). */
  storedRowsFirst(
    filter: SubmissionFilter,
    offset: number,
    limit: number,
  ): RowsFirstWindow<StoredRow> {
    return this.snapshot(() => {
      const version = this.reads.version(filter.formId);
      const early = this.early.take(filter, offset + limit, version);
      if (!early) return { ...this.storedWindow(filter, offset, limit), counted: true };
      return {
        rows: this.rowsOf(early.slice(offset, offset + limit)),
        total: early.length,
        counts: null,
        unnarrowed: this.tallies.unnarrowedTotal(filter, version),
        counted: false,
      };
    });
  }

  /**
   * Reads a view's whole order and its counts ahead of its windows: a window deep in the view
   * reads them first (a noticeable wait, on a reader that had not read them), so a reader reads
   * the view most likely asked first when a workspace opens. Answers the view's rows.
   */
  readView(filter: SubmissionFilter): number {
    const version = this.reads.version(filter.formId);
    this.tallies.tally(filter, version);
    return this.orders.order(filter, Number.POSITIVE_INFINITY, version).ids.length;
  }

  /**
   * Brings a plain view whose whole order is kept up to date with the rows stored since, and its
   * counts: what its next window would do first (merging a page's rows costs little).
   * Views narrowed or sorted by an answer, or read only as far as their first rows, are left to
   * their next window: reading them anew costs more than a window saves. True when it caught up.
   */
  catchUp(filter: SubmissionFilter): boolean {
    if (typeof filter.sortBy === 'object' || narrowingSets(filter).length > 0) return false;
    if (!this.orders.keptWhole(filter)) return false;
    this.readView(filter);
    return true;
  }

  /** Every matching row in order, read lazily: exports stream through it without holding a form. */
  *all(filter: SubmissionFilter): Generator<SubmissionListRow> {
    this.streams++;
    try {
      for (const segment of this.orders.segments(filter, this.reads.version(filter.formId))) {
        // Its own statement: a cached one would be busy for any other read while this one streams.
        const statement = this.db.prepare<Param[], StoredRow>(
          `SELECT ${HEAD_COLUMNS}, s.raw ${segment.from} ORDER BY ${segment.order}`,
        );
        for (const row of statement.iterate(...segment.params)) yield toListRow(row, this.packed);
      }
    } finally {
      this.streams--;
    }
  }

  /** Matches per status under the filter, the status itself aside; previews counted apart. */
  counts(filter: SubmissionFilter): StatusCounts {
    return countsOf(filter, this.tallies.tally(filter, this.reads.version(filter.formId)));
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
    const order = this.orders
      .segments(broader(filter), this.reads.version(filter.formId))
      .flatMap((s) => explain(orderStatement(s), [...s.params, this.orders.prefixRows]));
    const sets = narrowingSets(filter);
    const count = sets.length > 0 ? facetStatement(broader(filter)) : tallyStatement(filter);
    return {
      order: [...order, ...sets.flatMap((set) => explain(set.sql, set.params))],
      count: explain(count.sql, count.params),
      rows: explain(ROWS_STATEMENT, ['[]']),
    };
  }

  /**
   * One answer's reads in one read transaction: its rows, total and counts come from the same
   * commit however the writer moves on meanwhile, and what it remembers under the form's version is
   * what that version holds (counts read a statement later could already see a sync's delete).
   * While a stream is open, its statement already holds one read for every statement of the
   * connection.
   */
  private snapshot<T>(read: () => T): T {
    return (this.db.inTransaction || this.streams > 0 ? read() : this.inOneRead(read)) as T;
  }

  /** The rows of `ids`, in that order. */
  private rowsOf(ids: number[]): StoredRow[] {
    if (ids.length === 0) return [];
    const { heads, raws } = this.reads
      .statement<{ heads: string; raws: Buffer }>(ROWS_STATEMENT)
      .get(JSON.stringify(ids))!;
    const byId = new Map<number, StoredRow>();
    let at = 0;
    for (const head of JSON.parse(heads) as StoredHead[])
      byId.set(head[0], {
        id: head[0],
        submission_id: head[1],
        submission_time: head[2],
        last_updated_at: head[3],
        status: head[4],
        is_preview: head[5],
        raw: raws.subarray(at, (at += head[6])),
      });
    return ids.map((id) => byId.get(id)!);
  }
}
