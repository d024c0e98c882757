import { type SubmissionStatus } from '../../shared/api/endpoints';
import { type Submission } from '../../shared/api/submission';
import { AppError } from '../../shared/errors';
import { readListing } from '../api/client';
import { type CacheStores } from '../cache/cacheStores';
import { type CacheDb } from '../cache/openCache';
import { type WriteTurns } from '../cache/writeTurns';
import { toSubmissionRow } from '../cache/submissionRow';
import { type UpsertOptions } from '../cache/submissionStore';
import {
  type IncrementalPage,
  type PageWriter,
  type ReadPage,
  type ReconcilePage,
  type StoredPage,
  type WindowPage,
} from '../session/pageWriter';

/** A page read and not yet stored: the bytes it came in, and how many rows it holds. */
interface HeldPage {
  json: Uint8Array;
  rows: number;
}

/**
 * The pages read and not yet stored. A store takes its pages out, whether it commits or not. Each
 * is kept as the bytes it came in and read again when stored: parsed, a page takes several times
 * the memory, and while pages pile up a store holds hundreds, as many again arriving meanwhile.
 */
export class PageShelf {
  private next = 1;
  private readonly kept = new Map<number, HeldPage>();

  read(json: Uint8Array): ReadPage {
    const { responses, totalResponses } = readListing(json);
    const ref = this.next++;
    this.kept.set(ref, { json, rows: responses.length });
    return {
      ref,
      totalResponses,
      ids: responses.map((s) => s.submissionId),
    };
  }

  /** Each page, in order. */
  take(pages: readonly number[]): HeldPage[] {
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
 * Stores `pages` (in order) in one transaction, a few at a time, which `steps.end` closes. When
 * another writer of the file asks for the lock (`turns`) before the last few, the transaction
 * closes early instead, with `steps.pause`, and the rest goes in another once that writer is done.
 */
function storeInTurns(
  stores: CacheStores,
  turns: Turns | null,
  { formId, status, syncedAt }: StoredPages,
  pages: readonly HeldPage[],
  steps: StoreSteps,
): StoredPage {
  const parts: HeldPage[][] = [];
  for (let i = 0; i < pages.length; i += PAGES_PER_TURN)
    parts.push(pages.slice(i, i + PAGES_PER_TURN));
  if (parts.length === 0) parts.push([]);
  // Each few pages are read as they are stored: only their rows' objects are on the heap at once.
  const store = (part: readonly HeldPage[]) =>
    storePage(
      stores,
      formId,
      status,
      part.flatMap((page) => readListing(page.json).responses),
      syncedAt,
      steps.options,
    );
  const rowsIn = (rest: readonly HeldPage[][]) =>
    rest.flat().reduce((rows, page) => rows + page.rows, 0);
  return withCacheFor(stores.db, pages.length, () => {
    let changed = 0;
    let next = 0;
    for (;;) {
      const ended = stores.submissions.transaction(() => {
        do changed += store(parts[next++]!);
        while (next < parts.length && !turns?.asked());
        if (next === parts.length) return steps.end();
        steps.pause(rowsIn(parts.slice(next)));
        return null;
      });
      if (ended) return { changed, ...ended };
      turns?.letIn(LET_IN_MS);
    }
  });
}

/** The page cache a store is given for each page it holds, in KiB, up to `CACHE_KIB_MOST`. */
const CACHE_KIB_PER_PAGE = 2 * 1024;
/**
 * The largest page cache a store is given, in KiB. Past it, the pages pushed out first are those
 * its first rows filled, which no later row of the store changes, so each is written once either
 * way; the index pages that rows keep changing are used again and again, and stay.
 */
const CACHE_KIB_MOST = 256 * 1024;

/**
 * Runs a store of `pages` pages with a page cache in step with them, then gives the connection its
 * own back (the memory goes with it). A store dirties more pages the more rows it holds, and a
 * page pushed out before the commit is written to the log again each time it changes after: a
 * large store in a small cache wrote more than the smaller stores it replaced.
 */
function withCacheFor<T>(db: CacheDb, pages: number, store: () => T): T {
  const own = db.pragma('cache_size', { simple: true }) as number;
  // Negative: KiB; positive: pages of the file.
  const ownKib =
    own < 0 ? -own : (own * (db.pragma('page_size', { simple: true }) as number)) / 1024;
  const needed = Math.min(pages * CACHE_KIB_PER_PAGE, CACHE_KIB_MOST);
  if (needed <= ownKib) return store();
  db.pragma(`cache_size = -${needed}`);
  try {
    return store();
  } finally {
    db.pragma(`cache_size = ${own}`);
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
  // Learnt first: the rows are packed against the questions the catalogue knows.
  stores.questions.learnFrom(formId, responses);
  const counts = stores.submissions.upsert(formId, rows, syncedAt, options);
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
      return { vanished: submissions.deleteMany(formId, gone), reconcileDue: false };
    },
  };
}
