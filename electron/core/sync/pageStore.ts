import { type SubmissionStatus } from '../../shared/api/endpoints';
import { type FormSummary } from '../../shared/api/form';
import { type Submission } from '../../shared/api/submission';
import { AppError } from '../../shared/errors';
import { readListing } from '../api/client';
import { type CacheStores } from '../cache/cacheStores';
import { type WriteTurns } from '../cache/writeTurns';
import { toSubmissionRow } from '../cache/submissionRow';
import { type SweptRow, type UpsertOptions } from '../cache/submissionStore';
import { type TimeWindow } from '../cache/submissionWindows';

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

/** The rows of pages read and not yet stored. A store takes its pages out, whether it commits or not. */
export class PageShelf {
  private next = 1;
  private readonly kept = new Map<number, Submission[]>();

  read(json: Uint8Array): ReadPage {
    const { responses, totalResponses } = readListing(json);
    const ref = this.next++;
    this.kept.set(ref, responses);
    return {
      ref,
      totalResponses,
      ids: responses.map((s) => s.submissionId),
    };
  }

  /** Each page's rows, in order. */
  take(pages: readonly number[]): Submission[][] {
    return pages.map((ref) => {
      const kept = this.kept.get(ref);
      this.kept.delete(ref);
      // Read by a writer thread that has stopped since: the sync goes again from its position.
      if (!kept)
        throw new AppError('INTERNAL', 'Sync lost a page it had read. Sync again.', {
          retryable: true,
        });
      return kept;
    });
  }

  release(pages: readonly number[]): void {
    for (const ref of pages) this.kept.delete(ref);
  }
}

/**
 * Reads and writes pages on the caller's thread, through its connection; with `turns`, letting the
 * file's other writers in between a few pages of a long store.
 */
export function pageWriterOn(
  stores: CacheStores,
  shelf: PageShelf = new PageShelf(),
  turns: Turns | null = null,
): PageWriter {
  const store = (page: StoredPages, steps: StoreSteps) =>
    storeInTurns(stores, turns, page, shelf.take(page.pages), steps);
  return {
    read: async (json) => shelf.read(json),
    release: async (pages) => shelf.release(pages),
    incremental: async (page) => store(page, incrementalSteps(stores, page)),
    reconcile: async (page) => store(page, reconcileSteps(stores, page)),
    window: async (page) => store(page, windowSteps(stores, page)),
    forms: async ({ forms, at }) => stores.forms.replaceListed(forms, at),
    countWindow: async ({ formId, status, window }) => stores.windows.count(formId, status, window),
    firstInWindow: async ({ formId, status, window }) =>
      stores.windows.firstId(formId, status, window),
    splitWindow: async ({ formId, status, window, count }) =>
      stores.windows.splitTime(formId, status, window, count),
  };
}

/** What a long store asks of the file's other writers (`WriteTurns`). */
export type Turns = Pick<WriteTurns, 'asked' | 'letIn'>;

/**
 * Pages stored between two looks at whether another writer waits: what one transaction held before
 * pages could pile up, so a writer let in waits no longer than it did then.
 */
const PAGES_PER_TURN = 3;

/**
 * How long the page writer waits for the writers it let in to be done, at most. An import's step
 * or a delete takes milliseconds; past this it goes on, and SQLite's own wait takes over.
 */
const LET_IN_MS = 2_000;

/** Pages of one listing of a form and status, to store together. */
type StoredPages = Pick<IncrementalPage, 'formId' | 'status' | 'pages' | 'syncedAt'>;

/** What a store of pages does beside writing their rows. */
interface StoreSteps {
  options: UpsertOptions;
  /** Writes the position reached when the store's transaction closes early, `rowsLeft` to go. */
  pause(rowsLeft: number): void;
  /** Closes the store's last transaction: the pass's position, or its end. */
  end(): Omit<StoredPage, 'changed'>;
}

/**
 * Stores `pages` (each page's rows, in order) in one transaction, a few at a time, which
 * `steps.end` closes. When another writer of the file asks for the lock (`turns`) before the last
 * few, the transaction closes early instead, with `steps.pause`, and the rest goes in another
 * once that writer is done.
 */
function storeInTurns(
  stores: CacheStores,
  turns: Turns | null,
  { formId, status, syncedAt }: StoredPages,
  pages: readonly Submission[][],
  steps: StoreSteps,
): StoredPage {
  const parts: Submission[][] = [];
  for (let i = 0; i < pages.length; i += PAGES_PER_TURN)
    parts.push(pages.slice(i, i + PAGES_PER_TURN).flat());
  if (parts.length === 0) parts.push([]);
  let changed = 0;
  let next = 0;
  for (;;) {
    const ended = stores.submissions.transaction(() => {
      do changed += storePage(stores, formId, status, parts[next++]!, syncedAt, steps.options);
      while (next < parts.length && !turns?.asked());
      if (next === parts.length) return steps.end();
      steps.pause(parts.slice(next).reduce((n, rows) => n + rows.length, 0));
      return null;
    });
    if (ended) return { changed, ...ended };
    turns?.letIn(LET_IN_MS);
  }
}

/** A page's rows and what they teach of the form's questions, inside the caller's transaction. */
export function storePage(
  stores: CacheStores,
  formId: string,
  status: SubmissionStatus,
  responses: readonly Submission[],
  syncedAt: string,
  options: UpsertOptions,
): number {
  const rows = responses.map((s) => toSubmissionRow(s, status, options.keepPreviewFlag ?? false));
  const counts = stores.submissions.upsert(formId, rows, syncedAt, options);
  stores.questions.learnFrom(formId, responses);
  return counts.inserted + counts.updated;
}

/**
 * A pull's pages are stored with the pull's position, so a sync cut at any point resumes where it
 * stopped. At the last page the listing's total is checked against the cache: a difference means
 * deletions (or a skipped row) that a reconcile finds.
 */
function incrementalSteps(stores: CacheStores, page: IncrementalPage): StoreSteps {
  const { submissions, syncState } = stores;
  const { formId, status } = page;
  return {
    // Rows that arrive while a reconcile is half-way are marked seen by it: they exist.
    options: { seenPass: page.passId },
    pause: (rowsLeft) => syncState.update(formId, status, { nextOffset: page.offset - rowsLeft }),
    end: () => {
      if (!page.done) {
        syncState.update(formId, status, { nextOffset: page.offset });
        return { vanished: [], reconcileDue: false };
      }
      // A pull of the whole listing answers for its count; one from a date leaves what does not
      // add up to the comparison of windows after it, which covers the whole form.
      if (page.afterDate === undefined && submissions.count(formId, status) !== page.totalResponses)
        syncState.askWalk(formId, status);
      syncState.update(formId, status, {
        phase: 'idle',
        nextOffset: 0,
        lastSyncedAt: page.syncedAt,
        lastError: null,
      });
      // Read again, not from the pass's start: a walk asked for meanwhile (previews) counts too.
      return { vanished: [], reconcileDue: syncState.get(formId, status).reconcileDue };
    },
  };
}

/**
 * A walk's pages are stored with the walk's position. At its last page, when the listing held
 * still and every row was seen, the cached rows the walk did not see are swept.
 */
function reconcileSteps(stores: CacheStores, page: ReconcilePage): StoreSteps {
  const { submissions, syncState } = stores;
  const { formId, status, passId, passTotal } = page;
  const walkAt = (nextOffset: number) =>
    syncState.update(formId, status, { nextOffset, passTotal, passDisturbed: page.disturbed });
  return {
    options: { seenPass: passId, keepPreviewFlag: page.previews, leaveSeen: true },
    pause: (rowsLeft) => walkAt(page.offset - rowsLeft),
    end: () => {
      if (!page.done) {
        walkAt(page.offset);
        return { vanished: [], reconcileDue: false };
      }
      const complete =
        !page.disturbed && submissions.countSeen(formId, status, passId) >= page.totalResponses;
      const vanished = complete ? submissions.sweep(formId, status, passId) : [];
      // Asked for while it ran (previews, after it started without them), a walk stays due.
      if (complete) syncState.walkAnswered(formId, status);
      else syncState.askWalk(formId, status);
      const { reconcileDue } = syncState.get(formId, status);
      syncState.update(formId, status, {
        phase: 'idle',
        nextOffset: 0,
        passTotal,
        passDisturbed: false,
        lastSyncedAt: page.syncedAt,
        ...(complete ? { lastReconciledAt: page.syncedAt } : {}),
        lastError: null,
      });
      return { vanished, reconcileDue };
    },
  };
}

/**
 * A window listed again: at its last page (when the listing could vouch for the window) the
 * window's cached rows the listing did not return are swept, in the same transaction.
 */
function windowSteps(stores: CacheStores, page: WindowPage): StoreSteps {
  const { submissions, windows } = stores;
  const { formId, status, listedIds } = page;
  return {
    options: { seenPass: page.passId },
    // A window listed again keeps no position: cut, it is listed again whole.
    pause: () => {},
    end: () => {
      if (listedIds === null) return { vanished: [], reconcileDue: false };
      const listed = new Set(listedIds);
      const gone = windows.ids(formId, status, page.window).filter((id) => !listed.has(id));
      for (const id of gone) submissions.delete(formId, id);
      return {
        vanished: gone.map((submissionId) => ({ submissionId, isPreview: false })),
        reconcileDue: false,
      };
    },
  };
}
