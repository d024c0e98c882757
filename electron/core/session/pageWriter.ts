import { type SubmissionStatus } from '../../shared/api/endpoints';
import { type FormSummary } from '../../shared/api/form';
import { type SweptRow } from '../cache/submissionStore';
import { type TimeWindow } from '../cache/submissionWindows';

/*
 * What the sync hands the thread that stores its pages, and what it hears back: the one interface
 * between a sync and wherever its pages are written (the core's own connection, or a writer thread).
 */

/** One page of an incremental pull, and where the pull stands after it. */
export interface IncrementalPage {
  formId: string;
  status: SubmissionStatus;
  /** The pages read (`PageWriter.read`) whose rows this store writes, in order. */
  pages: number[];
  syncedAt: string;
  /** The walk a row arriving now counts as seen by (a reconcile may be half-way). */
  passId: number;
  /** The pull's lower bound: the count it checks at the end is over it. */
  afterDate: string | undefined;
  /** Where the next page starts. */
  offset: number;
  done: boolean;
  totalResponses: number;
}

/** One page of a reconcile walk, and where the walk stands after it. */
export interface ReconcilePage {
  formId: string;
  status: SubmissionStatus;
  pages: number[];
  syncedAt: string;
  passId: number;
  previews: boolean;
  offset: number;
  done: boolean;
  totalResponses: number;
  /** The listing's total as last seen, and whether it shrank during the walk. */
  passTotal: number;
  disturbed: boolean;
}

/** One page of a window listed again (deletes found by counts), and what the listing has seen. */
export interface WindowPage {
  formId: string;
  status: SubmissionStatus;
  pages: number[];
  syncedAt: string;
  passId: number;
  window: TimeWindow;
  /**
   * At the window's last page, when its count held still and every row was listed: every id the
   * listing returned, so the cached rows of the window it did not return are swept. Null before.
   */
  listedIds: string[] | null;
}

/** The service's list of forms, taken as the truth. */
export interface FormList {
  forms: FormSummary[];
  at: string;
}

export interface StoredPage {
  /** Rows the page added or changed. */
  changed: number;
  /** Rows the walk no longer found, swept at its last page. */
  vanished: SweptRow[];
  reconcileDue: boolean;
}

/** A window of a form's listing (one status, no previews), as a sync compares it with the service's. */
export interface ListingWindow {
  formId: string;
  status: SubmissionStatus;
  window: TimeWindow;
}

/** A page of a listing, read where it is stored: what paging needs of it, and where its rows wait. */
export interface ReadPage {
  /** Names the page's rows, kept by the writer until a store takes them. */
  ref: number;
  totalResponses: number;
  /** Its submissions' ids, in order: one per row. */
  ids: string[];
}

/**
 * Where a sync's pages are read and written. Reading a page of 150 submissions (its JSON and the
 * check of every field) and storing it are the longest things a sync does, and a form gone from the
 * service's list takes its rows with it, so the app does them on a thread of its own, with a
 * connection of its own, while the sync fetches the next; tests and tools do them on their own
 * thread.
 */
export interface PageWriter {
  /** Reads a page's JSON bytes as the API client would, keeping its rows for the store that takes them. */
  read(json: Uint8Array): Promise<ReadPage>;
  /** Lets go of pages read and never stored (a listing cut short). */
  release(pages: number[]): Promise<void>;
  incremental(page: IncrementalPage): Promise<StoredPage>;
  reconcile(page: ReconcilePage): Promise<StoredPage>;
  window(page: WindowPage): Promise<StoredPage>;
  forms(list: FormList): Promise<{ removed: string[] }>;
  /**
   * What the cache holds in a window, which the sync compares with the service's count and first
   * row (`findChangedWindows.ts`). Read here too: counting half of a large form holds a thread a
   * while, and the core's thread answers other calls meanwhile.
   */
  countWindow(w: ListingWindow): Promise<number>;
  /** The window's first row in the listing's order. */
  firstInWindow(w: ListingWindow): Promise<string | null>;
  /** A time that cuts the window's `count` rows about in half (`SubmissionWindows.splitTime`). */
  splitWindow(w: ListingWindow & { count: number }): Promise<string | null>;
}
