import Database from 'better-sqlite3';
import { type ByteSink } from './byteSink';
import { formWords } from './formWords';
import { inflateShared, packedParts, packSubmission, packWithWords } from './packedSubmission';
import { QuestionCatalog } from './questionCatalog';
import { type RawCoding, reusedDeflateRaw, reusedInflateRaw } from './reusedZlib';

/** Streams held at once: each holds zlib's state, and a workspace reads few forms at a time. */
const STREAMS_HELD = 16;

/**
 * A connection's way into its cache's stored rows (`packedSubmission.ts`): it packs a form's rows
 * against the words its catalogue knows, storing them as it first uses them, and unpacks any row
 * the cache holds. One per connection (`packedRows`), so that the words and streams it holds are
 * made once.
 */
export class PackedRows {
  /** Every form's words this connection has stored or read: a few KiB each, never changed. */
  private readonly words = new Map<number, Buffer>();
  private readonly inflates = new Map<number, RawCoding>();
  private readonly deflates = new Map<number, RawCoding>();
  private catalog: QuestionCatalog | undefined;
  private store: Database.Statement<[number, Buffer]> | undefined;
  private stored: Database.Statement<[number], Buffer> | undefined;

  constructor(private readonly db: Database.Database) {}

  /**
   * How rows of `formId` are packed now: against the words of the questions its catalogue knows,
   * stored in the caller's transaction with the rows, or the service's words alone while it knows
   * none. A form's words change as its catalogue learns questions; each row names its own.
   */
  packerFor(formId: string): (json: string) => Buffer {
    const made = formWords((this.catalog ??= new QuestionCatalog(this.db)).list(formId));
    if (!made) return packSubmission;
    (this.store ??= this.db.prepare(
      'INSERT INTO row_words (id, words) VALUES (?, ?) ON CONFLICT (id) DO NOTHING',
    )).run(made.id, made.words);
    // Another form's words that hash alike keep their id: this form's rows use the service's.
    if (!wordsOf(made.id, (this.stored ??= wordsStatement(this.db))).equals(made.words))
      return packSubmission;
    this.words.set(made.id, made.words);
    const deflate = held(this.deflates, made.id, () => reusedDeflateRaw(made.words));
    return (json) => packWithWords(json, made.id, deflate);
  }

  /** A stored row's JSON as UTF-8 bytes. */
  bytes(packed: Uint8Array): Buffer {
    const { words, at } = packedParts(packed);
    return this.inflate(words)(packed, at);
  }

  /** A stored row's JSON as UTF-8 bytes, written after the bytes `answer` holds. */
  writeInto(packed: Uint8Array, answer: ByteSink): void {
    const { words, at } = packedParts(packed);
    this.inflate(words).into(packed, answer, at);
  }

  /** A stored row's JSON text. */
  text(packed: Uint8Array): string {
    return this.bytes(packed).toString('utf8');
  }

  private inflate(id: number | null): RawCoding {
    if (id === null) return inflateShared;
    return held(this.inflates, id, () => reusedInflateRaw(this.lookUp(id)));
  }

  /**
   * A row is met inside a query of this connection's as often as not (an SQL function, a walk of
   * rows), where the connection cannot run another: words it has not met are read on a read-only
   * connection opened for them and closed at once, which sees every word stored, as words are
   * never removed. A cache in memory has no other connection, and every word in it was stored
   * through this one.
   */
  private lookUp(id: number): Buffer {
    let words = this.words.get(id);
    if (words) return words;
    if (this.db.memory) words = wordsOf(id, (this.stored ??= wordsStatement(this.db)));
    else {
      const own = new Database(this.db.name, { readonly: true, fileMustExist: true });
      try {
        words = wordsOf(id, wordsStatement(own));
      } finally {
        own.close();
      }
    }
    this.words.set(id, words);
    return words;
  }
}

function wordsStatement(db: Database.Database): Database.Statement<[number], Buffer> {
  return db.prepare<[number], Buffer>('SELECT words FROM row_words WHERE id = ?').pluck();
}

function wordsOf(id: number, statement: Database.Statement<[number], Buffer>): Buffer {
  const words = statement.get(id);
  // A row's words are stored in the transaction that stores it: a row without them is a damaged
  // file, repaired as SQLite's own damage is.
  if (!words)
    throw Object.assign(
      new Error(`A cached submission names words the cache does not hold (${id}).`),
      { code: 'SQLITE_CORRUPT' },
    );
  return words;
}

const perConnection = new WeakMap<Database.Database, PackedRows>();

/** The connection's `PackedRows`. */
export function packedRows(db: Database.Database): PackedRows {
  let rows = perConnection.get(db);
  if (!rows) perConnection.set(db, (rows = new PackedRows(db)));
  return rows;
}

/** The stream held for `id`, made if it is not; the one least recently used is let go past the bound. */
function held(streams: Map<number, RawCoding>, id: number, make: () => RawCoding): RawCoding {
  let stream = streams.get(id);
  if (stream) streams.delete(id);
  else {
    stream = make();
    if (streams.size >= STREAMS_HELD) streams.delete(streams.keys().next().value!);
  }
  streams.set(id, stream);
  return stream;
}
