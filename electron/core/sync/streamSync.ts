import { setTimeout as delay } from 'node:timers/promises';
import {
  type ListSubmissionsParams,
  MAX_PAGE_SIZE,
  type SubmissionStatus,
} from '../../shared/api/endpoints';
import { AppError } from '../../shared/errors';
import { type ApiClient } from '../api/types';
import { type CacheStores } from '../cache/cacheStores';
import { type SweptRow } from '../cache/submissionStore';
import { type PageWriter, type ReadPage } from '../session/pageWriter';

export type PassKind = 'incremental' | 'reconcile' | 'window';

export interface PageReport {
  status: SubmissionStatus;
  pass: PassKind;
  rows: number;
  /** Rows this page added, changed or (at the end of a walk) swept. */
  changed: number;
  /** Rows the listing still holds past this page. */
  remaining: number;
}

export interface StreamOptions {
  api: ApiClient;
  stores: CacheStores;
  signal: AbortSignal;
  now: () => Date;
  /** Where each page is stored, with the pass's position. */
  writer: PageWriter;
  /** How far before the newest cached submission an incremental pull starts again. */
  overlapMs: number;
  onPage: (page: PageReport) => void;
}

export interface PassResult {
  changed: number;
  /** Rows the walk no longer found under its status, swept from the cache. */
  vanished: SweptRow[];
  /** The incremental pass found a count it cannot explain: a reconcile should walk the form. */
  reconcileDue: boolean;
}

/**
 * Pulls what is new in one form and status: `sort=asc` from the newest cached submission (less an
 * overlap for late arrivals), offset paging. Each page is stored with the pass's position in one
 * transaction, so a sync cut at any point resumes where it stopped. At the end, the listing's total
 * of a pull from the start is checked against the cache: a difference means deletions (or a skipped
 * row) a reconcile finds.
 */
export async function incrementalPass(
  formId: string,
  status: SubmissionStatus,
  o: StreamOptions,
): Promise<PassResult> {
  const { submissions, syncState } = o.stores;
  let state = syncState.get(formId, status);
  if (state.phase !== 'incremental') {
    const newest = submissions.newestSubmissionTime(formId, status);
    const afterDate =
      newest === null ? null : new Date(Date.parse(newest) - o.overlapMs).toISOString();
    syncState.update(formId, status, { phase: 'incremental', afterDate, nextOffset: 0 });
    state = syncState.get(formId, status);
  }
  const afterDate = state.afterDate ?? undefined;
  let changed = 0;
  let reconcileDue = false;
  const listing = { status, ...(afterDate ? { afterDate } : {}) };
  for await (const listed of listingPages(formId, listing, state.nextOffset, o)) {
    const { pages, offset, done, totalResponses } = listed;
    const stored = await o.writer.incremental({
      formId,
      status,
      pages,
      syncedAt: o.now().toISOString(),
      passId: state.passId,
      afterDate,
      offset,
      done,
      totalResponses,
    });
    const pageChanged = stored.changed;
    if (done) reconcileDue = stored.reconcileDue;
    changed += pageChanged;
    reportPage(o, status, 'incremental', listed, pageChanged);
  }
  return { changed, vanished: [], reconcileDue };
}

/**
 * Walks the whole form and status, refreshing every row (edits show as a new `lastUpdatedAt`), then
 * sweeps the cached rows the walk did not see: deleted on the server. With `previews` the listing
 * mixes them in: rows first met here that the preview-free listing never returned are preview
 * responses, and the next incremental pull corrects any that were merely newer than it. Without,
 * every row seen is no preview. The sweep is skipped when the listing shrank during the walk
 * (offsets shifted, a row may have been skipped): the next sync walks again. With `continuePass`,
 * a walk that starts takes the pass the pull before it opened: what that pull stored counts as seen
 * and is not written again.
 */
export async function reconcilePass(
  formId: string,
  status: SubmissionStatus,
  o: StreamOptions,
  { continuePass = false, previews = false }: { continuePass?: boolean; previews?: boolean } = {},
): Promise<PassResult> {
  const { syncState } = o.stores;
  let state = syncState.get(formId, status);
  if (state.phase !== 'reconcile') {
    syncState.update(formId, status, {
      phase: 'reconcile',
      passId: continuePass ? state.passId : syncState.newPassId(),
      nextOffset: 0,
      passTotal: null,
      passDisturbed: false,
    });
    syncState.walkOpened(formId, status);
    state = syncState.get(formId, status);
  }
  const { passId } = state;
  let passTotal = state.passTotal;
  let disturbed = state.passDisturbed;
  let changed = 0;
  let vanished: SweptRow[] = [];
  let reconcileDue = false;
  for await (const listed of listingPages(
    formId,
    { status, includePreview: previews },
    state.nextOffset,
    o,
  )) {
    const { pages, totals, offset, done, totalResponses } = listed;
    for (const total of totals) {
      if (passTotal !== null && total < passTotal) disturbed = true;
      passTotal = total;
    }
    const stored = await o.writer.reconcile({
      formId,
      status,
      pages,
      syncedAt: o.now().toISOString(),
      passId,
      previews,
      offset,
      done,
      totalResponses,
      passTotal: totalResponses,
      disturbed,
    });
    const pageChanged = stored.changed;
    if (done) {
      vanished = stored.vanished;
      reconcileDue = stored.reconcileDue;
    }
    changed += pageChanged;
    reportPage(o, status, 'reconcile', listed, pageChanged + vanished.length);
  }
  return { changed, vanished, reconcileDue };
}

/** Tells the caller a page was stored, and how much of its listing is left. */
export function reportPage(
  o: StreamOptions,
  status: SubmissionStatus,
  pass: PassKind,
  listed: ListedPages,
  changed: number,
): void {
  o.onPage({
    status,
    pass,
    rows: listed.ids.length,
    changed,
    remaining: Math.max(0, listed.totalResponses - listed.offset),
  });
}

/** One or more consecutive pages of a listing, read, for one store. */
interface ListedPages {
  /** The pages as the writer keeps them (`ReadPage.ref`), in order. */
  pages: number[];
  /** Their submissions' ids, in order. */
  ids: string[];
  /** The listing's total as the last of them said. */
  totalResponses: number;
  /** The listing's total as each of them said, in order: a change between them counts. */
  totals: number[];
  /** Where the next page starts. */
  offset: number;
  done: boolean;
}

/**
 * Pages requested ahead and not yet arrived. The rate limit gives a request's token back one
 * window after it was sent, and a token not spent at once is time lost. With one page ahead, the
 * request often waited for the store of the page before it though its token was back, so a first
 * sync fell behind the rate limit's pace. With three ahead it waits for tokens only.
 */
const PAGES_AHEAD = 3;

/**
 * Pages stored in one transaction when waiting for them, and how long the first of them waits for
 * the ones requested after it. At the service's pace pages arrive one by one, and a commit writes
 * every index page its rows touched: an index ordered by answers that differ for each respondent
 * (an e-mail, a comment) takes new entries all over, so each commit rewrites most of it, and the
 * fewer the commits, the fewer times it is written: the disk a first sync wears is mostly these
 * rewrites. Thirty pages are six seconds at the service's pace: the rows show that much later,
 * the listing's first rows excepted.
 */
export const PAGES_PER_STORE = 30;
const WAIT_FOR_NEXT_PAGE_MS = 6_000;

/**
 * Pages held ahead of the store, arrived or on their way, and so stored in one transaction at most,
 * when they come faster than they are stored (a service with no rate limit). The more pages a
 * transaction holds, the fewer times the same index pages are written. More than a store waits
 * for at the service's pace, so a store this large tells the writer that pages piled up
 * (`CheckpointsAside`). Such a transaction lets the core's writes in between its pages
 * (`WriteTurns`), so they wait no longer than before; its rows show when it commits. A store
 * rewrites the pages of the indexes ordered by answers unique to each respondent (an e-mail, a
 * submission's id) about whole, however few rows it holds, so even a listing's first stores hold
 * many pages.
 */
const PAGES_HELD_LEAST = 128;
/**
 * Pages held at most: each holds its bytes on the writer's heap until stored, as do the pages that
 * arrive meanwhile for the next store. Past this, what a larger store would save the disk costs
 * more memory than it is worth.
 */
export const PAGES_HELD_MOST = 512;
/** Rows a listing has stored for each page it holds past the least. */
const ROWS_STORED_PER_PAGE_HELD = 1_250;

/**
 * Pages a listing holds for one store once it has stored `stored` rows. A form's part of the index
 * of answers by text grows with its rows, and a store's rows land all over it: a store of the same
 * size touches more of its pages, each written whole, as the form grows. Holding more pages as the
 * listing goes keeps the rows a store carries in step with the pages it rewrites.
 */
export function pagesHeld(stored: number): number {
  return Math.min(
    PAGES_HELD_MOST,
    Math.max(PAGES_HELD_LEAST, Math.floor(stored / ROWS_STORED_PER_PAGE_HELD)),
  );
}

/**
 * The pages of one listing in `sort=asc` order from `start`, up to `PAGES_AHEAD` requested ahead
 * while the caller stores some, never past the listing's last known total. Offset paging makes the
 * requests independent; each page must be full for the next offset to hold, and a short page ends
 * the listing (any page fetched past it is dropped). Each page arrives as bytes and is read by the
 * writer, which keeps its rows for the store: this thread never decodes or parses a page (each
 * page's decoding and parsing hold a thread for milliseconds, several pages' when they arrive
 * together), so it answers every other call meanwhile.
 *
 * Pages come together to be stored in one transaction: those that arrived while the caller stored
 * the ones before (up to `pagesHeld`), and, after the listing's first store, up to
 * `PAGES_PER_STORE`, those that arrive within `WAIT_FOR_NEXT_PAGE_MS` of the first.
 */
export async function* listingPages(
  formId: string,
  listing: Pick<ListSubmissionsParams, 'status' | 'afterDate' | 'beforeDate' | 'includePreview'>,
  start: number,
  o: StreamOptions,
): AsyncGenerator<ListedPages> {
  // Pages still ahead when the listing stops (a failure, a cancel, a short page) are called off and
  // waited for: a request retried after the pass has answered would reach the server, and the
  // cache, after the sync that asked for it said it was over.
  const abandon = new AbortController();
  const signal = AbortSignal.any([o.signal, abandon.signal]);
  const fetchPage = (offset: number) => {
    checkCancelled(o.signal);
    const json = o.api.listSubmissionsJson(
      formId,
      { ...listing, sort: 'asc', limit: MAX_PAGE_SIZE, offset },
      { priority: 'background', signal },
    );
    return aheadPage(json, (arrived) => {
      // One more on its way as each arrives, also while the caller stores: pages pile up only
      // when they come faster than they are stored.
      if (!signal.aborted) requestMore();
      return o.writer.read(arrived);
    });
  };
  let offset = start;
  let requested = start;
  // The listing's total as the page taken last said; the first page alone until one is taken.
  let total = start + 1;
  const ahead: AheadPage[] = [];
  const requestMore = () => {
    const onTheirWay = () => ahead.filter((page) => !page.arrived).length;
    while (onTheirWay() < PAGES_AHEAD && ahead.length < pagesHeld(offset) && requested < total) {
      ahead.push(fetchPage(requested));
      requested += MAX_PAGE_SIZE;
    }
  };
  try {
    requestMore();
    // Every page yielded so far was full, so when none is ahead, `requested` is `offset`: a listing
    // not done always has its next page requested.
    for (let next = ahead.shift(); next; next = ahead.shift()) {
      const pages = [await next.request];
      total = pages[0]!.totalResponses;
      offset += pages[0]!.ids.length;
      let done = endsListing(pages[0]!, offset);
      // The listing's first rows are stored as they come, for the table to show them at once.
      const waitUntil =
        offset - pages[0]!.ids.length > start ? performance.now() + WAIT_FOR_NEXT_PAGE_MS : 0;
      const held = pagesHeld(offset);
      while (!done && pages.length < held) {
        // Kept requested while pages wait here: a rate limit's token not spent at once is lost.
        requestMore();
        const page = ahead[0];
        // Past the pages worth waiting for, only those already here.
        const deadline = pages.length < PAGES_PER_STORE ? waitUntil : 0;
        if (!page || !(await arrivesBy(page, deadline, signal))) break;
        // A page that cannot be read is left to fail on its own, after the pages before it.
        const read = await page.request.catch(() => null);
        if (!read) break;
        ahead.shift();
        pages.push(read);
        total = read.totalResponses;
        offset += read.ids.length;
        done = endsListing(read, offset);
      }
      const last = pages.at(-1)!;
      if (!done) requestMore();
      yield {
        pages: pages.map((page) => page.ref),
        ids: pages.flatMap((page) => page.ids),
        totalResponses: last.totalResponses,
        totals: pages.map((page) => page.totalResponses),
        offset,
        done,
      };
      if (done) return;
    }
  } finally {
    abandon.abort(new AppError('CANCELLED', 'Sync was cancelled.'));
    // Pages read past where the listing stopped are let go on the writer, which keeps them.
    const unstored = (await Promise.allSettled(ahead.map((page) => page.request))).flatMap(
      (read) => (read.status === 'fulfilled' ? [read.value.ref] : []),
    );
    if (unstored.length > 0) await o.writer.release(unstored).catch(() => {});
  }
}

/** A short page, or one that reaches the listing's total, is the listing's last. */
function endsListing(page: ReadPage, offset: number): boolean {
  return page.ids.length < MAX_PAGE_SIZE || offset >= page.totalResponses;
}

interface AheadPage {
  /** The page, read by the writer. */
  request: Promise<ReadPage>;
  /** Its text has arrived, and its reading is in the writer's queue. */
  arrived: boolean;
  /** Settles when its text has arrived or its request has failed. */
  settled: Promise<void>;
}

/** Whether `page` arrives before `deadline` (a `performance.now()` time); false once cancelled. */
async function arrivesBy(page: AheadPage, deadline: number, signal: AbortSignal): Promise<boolean> {
  if (page.arrived) return true;
  const waited = new AbortController();
  const timeout = delay(Math.max(0, deadline - performance.now()), undefined, {
    signal: AbortSignal.any([signal, waited.signal]),
  }).catch(() => {});
  await Promise.race([page.settled, timeout]);
  waited.abort();
  return page.arrived && !signal.aborted;
}

function aheadPage(
  json: Promise<Uint8Array>,
  read: (json: Uint8Array) => Promise<ReadPage>,
): AheadPage {
  const ahead: AheadPage = {
    arrived: false,
    settled: json.then(
      () => {},
      () => {},
    ),
    request: json.then((arrived) => {
      ahead.arrived = true;
      return read(arrived);
    }),
  };
  // A page fetched ahead may be abandoned (a failure or cancel while storing the one before).
  ahead.request.catch(() => {});
  return ahead;
}

export function checkCancelled(signal: AbortSignal): void {
  if (signal.aborted) throw new AppError('CANCELLED', 'Sync was cancelled.');
}
