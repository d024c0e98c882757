import { keepNewest } from '../core/collections/keepNewest';
import { JsonInput } from './jsonInput';
import { type OpenCache, type WorkerNotice } from './protocol';

/** What the pool needs of a reader's thread (`WorkerThread`). */
export interface PooledReader {
  /** Calls in flight. */
  readonly load: number;
  tell(notice: WorkerNotice): void;
  callForJson(op: string, input: unknown, cache?: OpenCache | null): Promise<Uint8Array>;
}

/**
 * The windows readers, as the shell sends them reads. A reader told of a workspace just opened
 * reads the first form's table ahead (`readerWorker.ts`), on a large form its whole order, which
 * holds a core a while. Told together, every reader read the same order at once, a window sent to
 * one of them waited for it, and on a machine of few cores every call of the first moments waited
 * for cores.
 *
 * So they read ahead in turn, and a read goes only to a reader done reading ahead, or to the first
 * while none is: a read waits for one reader's reading at most (which another reader would only do
 * again for it), and the other core stays free meanwhile. Among the readers done, a read goes to
 * the one with the fewest calls in flight.
 */
export class WindowsReaders {
  /** Readers that have read the open workspace ahead, or need not: none is open. */
  private readonly warm: Set<PooledReader>;
  private cache: OpenCache | null = null;
  /** The reader each recent search view went to, the newest last. */
  private readonly searches = new Map<string, PooledReader>();

  constructor(private readonly readers: readonly PooledReader[]) {
    if (readers.length === 0) throw new Error('the windows readers need one reader at least');
    this.warm = new Set(readers);
  }

  /**
   * The core opened a workspace, told to the readers one at a time; or closed it (null), told to
   * all at once, so each lets go of the file now.
   */
  opened(cache: OpenCache | null): void {
    this.cache = cache;
    this.warm.clear();
    this.searches.clear();
    if (cache) return this.tellInTurn();
    for (const reader of this.readers) {
      this.warm.add(reader);
      reader.tell({ kind: 'opened', cache });
    }
  }

  /** `reader` has read the workspace of `generation` ahead. */
  warmed(reader: PooledReader, generation: number): void {
    // A report of a workspace opened before the one now open: that reader is reading this one.
    if (this.cache?.generation === generation) this.done(reader);
  }

  /**
   * `reader` stopped. Started again, it reads the workspace as its calls need; one stopped while
   * reading ahead would otherwise hold the others' turns for good.
   */
  stopped(reader: PooledReader): void {
    if (this.cache) this.done(reader);
  }

  /** Rows of a form were stored: each reader catches its views of the form up between calls. */
  changed(formId: string): void {
    for (const reader of this.readers) reader.tell({ kind: 'changed', formId });
  }

  /**
   * A search view goes back to the reader that answered it: a reader answers a new search in a
   * large cache early, with its first rows, and counts it when asked again (`SubmissionQuery`).
   * Asked again on the other reader, it answered early a second time, and the table asked a third.
   * Any other read goes to the least busy, so a window never waits behind another view's count.
   */
  callForJson(op: string, input: unknown, cache: OpenCache | null): Promise<Uint8Array> {
    const ready = this.readers.filter((reader) => this.warm.has(reader));
    const pool = ready.length > 0 ? ready : this.readers.slice(0, 1);
    const search = op === 'submissions.query' ? searchView(input) : null;
    const before = search === null ? undefined : this.searches.get(search);
    const reader =
      before && pool.includes(before)
        ? before
        : pool.reduce((best, next) => (next.load < best.load ? next : best));
    if (search !== null) keepNewest(this.searches, search, reader, REMEMBERED_SEARCHES);
    return reader.callForJson(op, input, cache);
  }

  private done(reader: PooledReader): void {
    if (!this.readers.includes(reader)) return;
    const hadTurn = reader === this.inTurn();
    this.warm.add(reader);
    if (hadTurn) this.tellInTurn();
  }

  /** Turns go in the readers' order, one at a time: the first not done reading is reading. */
  private inTurn(): PooledReader | undefined {
    return this.readers.find((reader) => !this.warm.has(reader));
  }

  private tellInTurn(): void {
    const next = this.inTurn();
    if (next && this.cache) next.tell({ kind: 'opened', cache: this.cache });
  }
}

/** Search views whose reader is remembered: a table's recent searches, typed word by word. */
const REMEMBERED_SEARCHES = 32;

/**
 * The view a `submissions.query` input asks (its window aside) when it searches, else null. The
 * input is as the caller sent it: the reader checks it. Sent as JSON, it is read here only when it
 * is small and names a search, so the thread that answers clicks never parses a large body; a
 * larger view goes to the least busy reader, which answers it all the same.
 */
function searchView(sent: unknown): string | null {
  let input = sent;
  if (sent instanceof JsonInput) {
    if (sent.bytes.byteLength > ROUTED_JSON_BYTES || !namesSearch(sent.bytes)) return null;
    input = sent.read()?.value;
  }
  if (typeof input !== 'object' || input === null) return null;
  const { offset: _offset, limit: _limit, ...view } = input as Record<string, unknown>;
  return typeof view.search === 'string' && view.search !== '' ? JSON.stringify(view) : null;
}

/** The largest JSON input read here to route it: a view with a search and a few filters. */
const ROUTED_JSON_BYTES = 8 * 1024;
const SEARCH_KEY = Buffer.from('"search"');

const namesSearch = (bytes: Uint8Array) =>
  Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).includes(SEARCH_KEY);
