import fs from 'node:fs';
import Database from 'better-sqlite3';
import { privateDatabaseFile } from '../files/privateFiles';
import { removeHeld } from '../files/heldFiles';
import { type Changes, type FormColumns } from './answerColumns';
import { isCorruption } from './corruption';
import { type Prepare } from './columnRead';
import { type ColumnShape, patchRows } from './keptPatch';
import { sampledColumn } from './sampledColumn';

/** The kept columns' file: the cache file's name and this. */
export const KEPT_COLUMNS = '-columns';

/** What the file's tables are: a file of another layout is made anew. */
const LAYOUT = 4;

const SCHEMA = `
  -- A form's copy: the rows it holds, as at the form's change counter \`version\`, and which of
  -- the parts and columns in the file it is made of (those of its \`generation\`: the change
  -- counter it was made whole at; rows added since are appended to it).
  CREATE TABLE IF NOT EXISTS kept_rows (
    form_id TEXT PRIMARY KEY,
    generation INTEGER NOT NULL,
    version INTEGER NOT NULL,
    count INTEGER NOT NULL
  ) STRICT;
  -- The rows from the \`first\`th on.
  CREATE TABLE IF NOT EXISTS kept_parts (
    form_id TEXT NOT NULL,
    generation INTEGER NOT NULL,
    first INTEGER NOT NULL,
    rowids BLOB NOT NULL,
    times BLOB NOT NULL,
    quiz BLOB NOT NULL,
    -- Per row: finished (1), a preview (2), holds a payment (4).
    flags BLOB NOT NULL,
    PRIMARY KEY (form_id, generation, first)
  ) STRICT;
  CREATE TABLE IF NOT EXISTS kept_columns (
    form_id TEXT NOT NULL,
    generation INTEGER NOT NULL,
    key TEXT NOT NULL,
    collapses INTEGER NOT NULL,
    sorted_end INTEGER NOT NULL,
    PRIMARY KEY (form_id, generation, key)
  ) STRICT;
  -- A question's codes of the rows from the \`first\`th on, the rows that gave the codes first
  -- seen among them, and the rows before whose code they changed (a free text given once before).
  -- Keyed by the rows first: the parts an append writes, one per question, go to the index's
  -- last page together, where keyed by question each would rewrite a page of its own.
  CREATE TABLE IF NOT EXISTS kept_codes (
    form_id TEXT NOT NULL,
    generation INTEGER NOT NULL,
    key TEXT NOT NULL,
    first INTEGER NOT NULL,
    -- One code per row, in the fewest bytes that hold the largest.
    width INTEGER NOT NULL,
    codes BLOB NOT NULL,
    samples BLOB NOT NULL,
    -- Pairs of a row's place and its code.
    recoded BLOB NOT NULL,
    PRIMARY KEY (form_id, generation, first, key)
  ) STRICT;`;

const TABLES = ['kept_codes', 'kept_columns', 'kept_parts', 'kept_rows'];

/**
 * Rows a part of a copy's rows holds: each part is written in a step of its own, so keeping a
 * large form's rows never holds a summary for long.
 */
const PART_ROWS = 65_536;

const DAY_MS = 86_400_000;
const FINISHED = 1;
const PREVIEW = 2;
const PAID = 4;

/** A form's copy in the file (`kept_rows`). */
interface KeptRows {
  generation: number;
  version: number;
  count: number;
}

/** What of a form its kept copy holds, as a reader found or made it. */
export interface KeptCopy extends KeptRows {
  /** Rows rewritten since, patched in as it loads. */
  rewrites: number;
  /** The questions it holds, each with how many codes. */
  codes: Map<string, number>;
}

interface KeptPart {
  first: number;
  rowids: Buffer;
  times: Buffer;
  quiz: Buffer;
  flags: Buffer;
}

interface KeptColumn {
  key: string;
  collapses: number;
  sorted_end: number;
}

interface KeptCodes {
  first: number;
  width: 1 | 2 | 4;
  codes: Buffer;
  samples: Buffer;
  recoded: Buffer;
}

/** What a row of each table holds, in bytes, counted as a copy replaced is dropped. */
const SIZES = {
  kept_parts: 'length(rowids) + length(times) + length(quiz) + length(flags)',
  kept_columns: '0',
  kept_codes: 'length(codes) + length(samples) + length(recoded)',
};

/**
 * What a step of dropping a copy replaced removes: each is written over (`secure_delete`), so a
 * step holds the file about as long as a step that keeps a part.
 */
const DROP_BYTES = 4 * 2 ** 20;

/** A code's array by its width in bytes. */
const CODES = { 1: Uint8Array, 2: Uint16Array, 4: Int32Array } as const;

/**
 * A large form's answer columns kept in a file beside the cache, so the first narrowed summary
 * after the app starts counts in them at once instead of reading every question's index again,
 * slow on a large form. The file holds no answer: per question a code for each row and, for each
 * code, one row that gave it, whose answer is looked up in the cache when first needed. A copy
 * serves while its form has only had rows added since it was kept (the form's change counters say
 * so): those rows are then appended as they are to columns held in memory, and to the copy as a
 * part of their own (`append`). The file is a copy of
 * what the cache holds, never the only one: one that cannot be read is removed and the columns
 * are read from the cache.
 */
export class KeptColumns {
  /**
   * `cacheFile`: the cache's file, or null where it has none (an in-memory cache keeps nothing);
   * `partRows`: rows a part of a copy's rows holds (`PART_ROWS`).
   */
  constructor(
    private readonly cacheFile: string | null,
    readonly partRows = PART_ROWS,
  ) {}

  /**
   * The form's rows as kept, if the form has only had rows added since, or had rows rewritten
   * that its log still lists (`changes`: its change counters now), with which questions the copy
   * holds (`kept`) but none of them yet (`loadColumns`); else null. Rows rewritten since are
   * patched in (`patch`), rows added are left to be coded. Its arrays have room for `rows` rows,
   * the form's now, so appending the rows added since copies none of them. Call it inside a
   * transaction of the cache's.
   */
  load(
    formId: string,
    changes: Changes,
    prepare: Prepare,
    builtAt: number,
    rows: number,
  ): FormColumns | null {
    return this.reading((db) =>
      db.transaction(() => {
        const kept = keptOf(db, formId);
        if (!kept || !serves(kept, changes)) return null;
        const parts = db
          .prepare<[string, number], KeptPart>(
            `SELECT first, rowids, times, quiz, flags FROM kept_parts
             WHERE form_id = ? AND generation = ? ORDER BY first`,
          )
          .all(formId, kept.generation);
        const form = formOf(kept, parts, builtAt, Math.max(rows, kept.count));
        if (!form || !this.madeFor(form, formId, kept.version, prepare)) return null;
        const patched =
          changes.rewritten > kept.version
            ? patchRows(form, formId, kept.version, changes.version, prepare)
            : undefined;
        if (patched === null) return null;
        const keys = db
          .prepare<[string, number], string>(
            'SELECT key FROM kept_columns WHERE form_id = ? AND generation = ?',
          )
          .pluck()
          .all(formId, kept.generation);
        form.patch = patched;
        form.kept = {
          ...kept,
          rewrites: patched?.rewritten.size ?? 0,
          // Counted as each question loads (`loadColumns`).
          codes: new Map(keys.map((key) => [key, 0])),
        };
        return form;
      })(),
    );
  }

  /**
   * Whether the copy was kept of this form in this file, not of another once in its place: its
   * last row not rewritten since (`since`) is in the cache, at the time the copy holds.
   */
  private madeFor(form: FormColumns, formId: string, since: number, prepare: Prepare): boolean {
    const rewritten = prepare<[string, number, number], number>(
      'SELECT 1 FROM form_rewrites WHERE form_id = ? AND version > ? AND row = ?',
    ).pluck();
    const time = prepare<[number, string], string>(
      'SELECT submission_time FROM submissions WHERE id = ? AND form_id = ?',
    ).pluck();
    for (let index = form.count - 1; index >= 0; index--) {
      const rowid = form.rowids[index]!;
      if (rewritten.get(formId, since, rowid) !== undefined) continue;
      const now = time.get(rowid, formId);
      return now !== undefined && Date.parse(now) === form.time[index];
    }
    return true;
  }

  /**
   * Loads these questions of the form's copy into the form `load` gave, each answer looked up in
   * the cache through `prepare` when first asked for. Whether they all were: false when the copy
   * can no longer be read, or no longer holds one of them.
   */
  loadColumns(formId: string, form: FormColumns, keys: readonly string[], prepare: Prepare) {
    const copy = form.kept!;
    const loaded = this.reading((db) => {
      const column = db.prepare<[string, number, string], KeptColumn>(
        'SELECT * FROM kept_columns WHERE form_id = ? AND generation = ? AND key = ?',
      );
      const parts = db.prepare<[string, number, string], KeptCodes>(
        `SELECT first, width, codes, samples, recoded FROM kept_codes
         WHERE form_id = ? AND generation = ? AND key = ? ORDER BY first`,
      );
      for (const key of keys) {
        const kept = column.get(formId, copy.generation, key);
        const shape = kept && shapeOf(kept, parts.all(formId, copy.generation, key), form);
        if (!shape) return null;
        copy.codes.set(key, shape.samples.length);
        form.columns.set(key, sampledColumn(shape, key, form, formId, prepare));
      }
      return true;
    });
    return loaded === true;
  }

  /**
   * How many rows the form's copy holds and at which change counter, if it has one that serves
   * the form as it is now (see `load`); else null. Reads nothing else of the copy.
   */
  rowsKept(formId: string, changes: Changes): KeptRows | null {
    return this.reading((db) => {
      const kept = keptOf(db, formId);
      return kept && serves(kept, changes) ? kept : null;
    });
  }

  /**
   * Removes the form's copy if it no longer serves it, or rows were removed since it was kept
   * (`removedSince`), so nothing of a row deleted stays in the file. Makes no file where there is
   * none. Whether it removed one.
   */
  dropStale(formId: string, changes: Changes, removedSince: (version: number) => boolean) {
    if (this.cacheFile === null || !fs.existsSync(this.cacheFile + KEPT_COLUMNS)) return false;
    return this.using(false, (db) =>
      db.transaction(() => {
        const kept = keptOf(db, formId);
        if (!kept || (serves(kept, changes) && !removedSince(kept.version))) return false;
        for (const table of TABLES)
          db.prepare(`DELETE FROM ${table} WHERE form_id = ?`).run(formId);
        return true;
      })(),
    );
  }

  /**
   * Keeps a part of the form's rows for a copy of generation `generation`, the `partRows` from row
   * `from` up to row `count`; none of them is the copy's until `keepRows` makes them so.
   */
  keepPart(formId: string, form: FormColumns, generation: number, from: number, count: number) {
    this.using(undefined, (db) =>
      writePart(db, formId, form, generation, from, Math.min(from + this.partRows, count)),
    );
  }

  /**
   * Makes the parts kept of the form's first `count` rows, as at change counter `version`, its
   * copy of that generation, with no question yet: the copy's parts and columns before are no
   * longer read, and go a step at a time (`dropReplaced`). Whether they were all there to make it
   * of: a copy dropped meanwhile is not.
   */
  keepRows(formId: string, version: number, count: number): boolean {
    return this.using(false, (db) =>
      db.transaction(() => {
        const kept = db
          .prepare<[string, number], number>(
            `SELECT coalesce(sum(length(rowids)), 0) / 8 FROM kept_parts
             WHERE form_id = ? AND generation = ?`,
          )
          .pluck()
          .get(formId, version)!;
        if (kept !== count) return false;
        db.prepare(
          `INSERT OR REPLACE INTO kept_rows (form_id, generation, version, count)
           VALUES (?, ?, ?, ?)`,
        ).run(formId, version, version, count);
        return true;
      })(),
    );
  }

  /**
   * Appends the rows the form has had added since its copy (`form.kept`) to it, in one transaction:
   * their part of the rows, and of each question's codes, with the codes first seen since and the
   * rows before whose codes changed. Whether it did: not when the file no longer holds the copy
   * as the form says (dropped, or kept again by another reader meanwhile).
   */
  append(formId: string, form: FormColumns): boolean {
    const copy = form.kept!;
    return this.using(false, (db) =>
      db.transaction(() => {
        const kept = keptOf(db, formId);
        if (
          kept?.generation !== copy.generation ||
          kept.version !== copy.version ||
          kept.count !== copy.count
        )
          return false;
        writePart(db, formId, form, copy.generation, copy.count, form.count);
        for (const [key, codes] of copy.codes)
          writeCodes(db, formId, copy.generation, key, form, copy.count, codes);
        db.prepare('UPDATE kept_rows SET version = ?, count = ? WHERE form_id = ?').run(
          form.version,
          form.count,
          formId,
        );
        return true;
      })(),
    );
  }

  /**
   * Removes parts and columns of the form that its copy is not made of (of a copy replaced, or of
   * one left unfinished), written over as they go, about `DROP_BYTES` of them a step. Whether any
   * were.
   */
  dropReplaced(formId: string): boolean {
    return this.using(false, (db) =>
      db.transaction(() => {
        const generation = keptOf(db, formId)?.generation ?? -1;
        let left = DROP_BYTES;
        let removed = false;
        for (const [table, size] of Object.entries(SIZES)) {
          const rows = db
            .prepare<[string, number], [number, number]>(
              `SELECT rowid, ${size} FROM ${table} WHERE form_id = ? AND generation != ? LIMIT 256`,
            )
            .raw()
            .all(formId, generation);
          const remove = db.prepare<[number]>(`DELETE FROM ${table} WHERE rowid = ?`);
          for (const [rowid, bytes] of rows) {
            if (left <= 0) return true;
            remove.run(rowid);
            removed = true;
            left -= bytes;
          }
        }
        return removed;
      })(),
    );
  }

  /**
   * Keeps one question's column of the form's first `count` rows, for a copy of generation
   * `generation`; how many codes it kept.
   */
  keepColumn(formId: string, form: FormColumns, generation: number, count: number, key: string) {
    const column = form.columns.get(key)!;
    this.using(undefined, (db) => {
      db.prepare(
        `INSERT OR REPLACE INTO kept_columns (form_id, generation, key, collapses, sorted_end)
         VALUES (?, ?, ?, ?, ?)`,
      ).run(formId, generation, key, column.collapsesSingles ? 1 : 0, column.sortedEnd);
      writeCodes(db, formId, generation, key, form, 0, 0, count);
    });
    return column.samples.length;
  }

  /**
   * `use` on the file to read it, null whatever fails: a file another reader holds too long, or
   * one that cannot be made, leaves the columns to be read from the cache.
   */
  private reading<T>(use: (db: Database.Database) => T | null): T | null {
    try {
      return this.using(null, use);
    } catch {
      return null;
    }
  }

  /**
   * `use` on the file, made when missing; `otherwise` where there is none, or it cannot be read:
   * a damaged one is removed. Opened for each use (a step at a time, seldom), so nothing holds the
   * file once the cache's connection is closed.
   */
  private using<T>(otherwise: T, use: (db: Database.Database) => T): T {
    if (this.cacheFile === null) return otherwise;
    const file = this.cacheFile + KEPT_COLUMNS;
    let db: Database.Database | null = null;
    try {
      db = openKept(file);
      return use(db);
    } catch (error) {
      if (!isCorruption(error)) throw error;
      db?.close();
      db = null;
      removeHeld(file);
      removeHeld(`${file}-journal`);
      return otherwise;
    } finally {
      db?.close();
    }
  }
}

function openKept(file: string): Database.Database {
  privateDatabaseFile(file);
  const db = new Database(file);
  try {
    // Another reader of the cache may be writing a form of its own.
    db.pragma('busy_timeout = 2000');
    // A copy of rows since deleted is overwritten, not only unlinked from the file's pages.
    db.pragma('secure_delete = ON');
    // A copy: a write lost to a power cut costs reading the columns again, not the cache.
    db.pragma('synchronous = OFF');
    if (db.pragma('user_version', { simple: true }) !== LAYOUT) {
      for (const table of TABLES) db.exec(`DROP TABLE IF EXISTS ${table}`);
      db.pragma(`user_version = ${LAYOUT}`);
    }
    db.exec(SCHEMA);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

/** The form's copy's change counter and rows, if it has one. */
function keptOf(db: Database.Database, formId: string): KeptRows | undefined {
  return db
    .prepare<[string], KeptRows>(
      'SELECT generation, version, count FROM kept_rows WHERE form_id = ?',
    )
    .get(formId);
}

/**
 * Whether a copy kept at `kept.version` serves the form now: it has only had rows added since, or
 * its log lists every row rewritten since.
 */
function serves(kept: { version: number }, changes: Changes): boolean {
  return (
    kept.version <= changes.version &&
    (changes.rewritten <= kept.version || changes.loggedFrom <= kept.version)
  );
}

/**
 * The form's rows as kept, with no question's column yet, in arrays with room for `room` rows; null
 * when its parts do not hold them all.
 */
function formOf(
  rows: KeptRows,
  parts: KeptPart[],
  builtAt: number,
  room: number,
): FormColumns | null {
  const { count } = rows;
  let at = 0;
  for (const part of parts) {
    if (part.first !== at) return null;
    at += part.flags.length;
  }
  const joined = <T extends Typed>(
    Type: new (length: number) => T,
    of: (part: KeptPart) => Buffer,
  ) => joinedOf(Type, parts.map(of), count, room);
  const rowids = joined(Float64Array, (part) => part.rowids);
  const time = joined(Float64Array, (part) => part.times);
  const quiz = joined(Float64Array, (part) => part.quiz);
  const flags = joined(Uint8Array, (part) => part.flags);
  if (!rowids || !time || !quiz || !flags) return null;
  quiz.fill(Number.NaN, count);
  const firstRowid = count > 0 ? rowids[0]! : 0;
  const slots = new Int32Array(count > 0 ? rowids[count - 1]! - firstRowid + 1 : 0);
  const finished = new Uint8Array(room);
  const preview = new Uint8Array(room);
  const paid = new Uint8Array(room);
  const day = new Int32Array(room);
  for (let i = 0; i < count; i++) {
    slots[rowids[i]! - firstRowid] = i + 1;
    finished[i] = flags[i]! & FINISHED ? 1 : 0;
    preview[i] = flags[i]! & PREVIEW ? 1 : 0;
    paid[i] = flags[i]! & PAID ? 1 : 0;
    day[i] = Math.floor(time[i]! / DAY_MS);
  }
  return {
    count,
    rowids,
    firstRowid,
    slots,
    finished,
    preview,
    time,
    day,
    quiz,
    paid,
    columns: new Map(),
    version: rows.version,
    builtAt,
  };
}

/**
 * A question's codes and their samples as kept, for the form `load` gave, its parts joined and
 * the rows they recoded recoded; null when its parts do not hold the copy's rows.
 */
function shapeOf(kept: KeptColumn, parts: KeptCodes[], form: FormColumns): ColumnShape | null {
  const { count } = form.kept!;
  const codes = new Int32Array(Math.max(form.rowids.length, count));
  const samples: number[] = [];
  let at = 0;
  for (const part of parts) {
    const rows = part.codes.length / part.width;
    if (part.first !== at || at + rows > count) return null;
    codes.set(codesOf(part, rows), at);
    at += rows;
    for (const sample of arrayOf(Float64Array, part.samples, part.samples.length / 8))
      samples.push(sample);
    const recoded = arrayOf(Int32Array, part.recoded, part.recoded.length / 4);
    for (let i = 0; i < recoded.length; i += 2) codes[recoded[i]!] = recoded[i + 1]!;
  }
  if (at !== count) return null;
  return {
    codes,
    samples,
    sortedEnd: kept.sorted_end,
    collapsesSingles: kept.collapses === 1,
  };
}

/** A part's `rows` codes: a blob's bytes are a Uint8Array already, wider codes are copied out. */
function codesOf({ width, codes }: KeptCodes, rows: number): ArrayLike<number> {
  if (width === 1) return codes;
  return width === 2 ? arrayOf(Uint16Array, codes, rows) : arrayOf(Int32Array, codes, rows);
}

/** Writes the form's rows `from` to `to` as a part of the copy of generation `generation`. */
function writePart(
  db: Database.Database,
  formId: string,
  form: FormColumns,
  generation: number,
  from: number,
  to: number,
): void {
  const count = to - from;
  const flags = new Uint8Array(count);
  for (let i = 0; i < count; i++)
    flags[i] =
      (form.finished[from + i] ? FINISHED : 0) |
      (form.preview[from + i] ? PREVIEW : 0) |
      (form.paid[from + i] ? PAID : 0);
  db.prepare(
    `INSERT OR REPLACE INTO kept_parts (form_id, generation, first, rowids, times, quiz, flags)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    formId,
    generation,
    from,
    bytesOf(form.rowids, to, from),
    bytesOf(form.time, to, from),
    bytesOf(form.quiz, to, from),
    bytesOf(flags, count),
  );
}

/**
 * Writes a question's codes of the form's rows `from` to `to` as a part of the copy of generation
 * `generation`, with the samples of its codes from the `firstCode`th on: those first seen in these
 * rows, or first seen since the rows before were kept, whose first row (a free text given once
 * before, then again) is recoded with them.
 */
function writeCodes(
  db: Database.Database,
  formId: string,
  generation: number,
  key: string,
  form: FormColumns,
  from: number,
  firstCode: number,
  to = form.count,
): void {
  const column = form.columns.get(key)!;
  const largest = column.samples.length;
  const width = largest < 2 ** 8 ? 1 : largest < 2 ** 16 ? 2 : 4;
  const codes = new CODES[width](to - from);
  codes.set(column.codes.subarray(from, to));
  const recoded: number[] = [];
  for (let code = firstCode + 1; code <= largest; code++) {
    const index = (form.slots[column.samples[code - 1]! - form.firstRowid] ?? 0) - 1;
    if (index >= 0 && index < from && column.codes[index] === code) recoded.push(index, code);
  }
  db.prepare(
    `INSERT OR REPLACE INTO kept_codes
       (form_id, generation, key, first, width, codes, samples, recoded)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    formId,
    generation,
    key,
    from,
    width,
    bytesOf(codes, to - from),
    bytesOf(Float64Array.from(column.samples.slice(firstCode)), largest - firstCode),
    bytesOf(Int32Array.from(recoded), recoded.length),
  );
}

type Typed = Float64Array | Int32Array | Uint16Array | Uint8Array;

/**
 * `count` items read from the bytes of parts in turn, in an array with room for `room`; null when
 * the parts hold other than `count`.
 */
function joinedOf<T extends Typed>(
  Type: new (length: number) => T,
  parts: Buffer[],
  count: number,
  room: number,
): T | null {
  const array = new Type(Math.max(count, room));
  const bytes = new Uint8Array(array.buffer);
  const end = count * array.BYTES_PER_ELEMENT;
  let at = 0;
  for (const part of parts) {
    if (at + part.length > end) return null;
    bytes.set(part, at);
    at += part.length;
  }
  return at === end ? array : null;
}

/** An array's items `from` to `to` as bytes, without copying them. */
function bytesOf(array: Typed, to: number, from = 0): Buffer {
  const size = array.BYTES_PER_ELEMENT;
  return Buffer.from(array.buffer, array.byteOffset + from * size, (to - from) * size);
}

/**
 * `count` items read from bytes, in an array with room for `room`: copied, since a blob's bytes
 * need not be aligned for them.
 */
function arrayOf<T extends Typed>(
  Type: new (length: number) => T,
  bytes: Buffer,
  count: number,
  room = count,
): T {
  const array = new Type(Math.max(count, room));
  new Uint8Array(array.buffer).set(bytes.subarray(0, count * array.BYTES_PER_ELEMENT));
  return array;
}
