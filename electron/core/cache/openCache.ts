import fs from 'node:fs';
import Database from 'better-sqlite3';
import { AppError } from '../../shared/errors';
import { migrate, type Migration, userVersion } from './migrate';
import { addCacheFunctions } from './cacheFunctions';
import { isCorruption } from './corruption';
import { KEPT_COLUMNS } from './keptColumns';
import { removeHeld, renameHeld } from '../files/heldFiles';
import { privateDatabaseFile } from '../files/privateFiles';

/** The workspace's SQLite file: cache, sync state, and the durable tables other features keep. */
export type CacheDb = Database.Database;

export interface CacheRebuild {
  /** Why the file was rebuilt (the check's first finding or the open error). */
  reason: string;
  /** Durable tables copied into the new file, with their row counts. */
  copied: Record<string, number>;
  /** Where the damaged file was kept, when anything in it could not be copied. */
  movedTo: string | null;
}

export interface OpenCacheOptions {
  /** A problem the full check (`threads/fullCheck`) found in the file: it is rebuilt, not opened. */
  rebuildFor?: string;
  /** Told when a damaged file was replaced by an empty cache (sync refills it from the server). */
  onRebuilt?: (rebuild: CacheRebuild) => void;
  /**
   * Told before a file from an earlier Formdesk is brought up to date: the app waits for it, a
   * minute or more on a large cache, and says why.
   */
  onUpdating?: () => void;
  now?: () => Date;
}

/**
 * Opens (creating if needed) and migrates a workspace file to `migrations`. A corrupt file is
 * rebuilt empty, after its durable tables are copied over; when they cannot be read, the file is
 * kept beside the new one under a timestamped name, never silently dropped. A file from a newer
 * Formdesk is refused.
 *
 * Opening reads the header and the schema only, so damage there is found at once; damage deeper in
 * the file is for the whole-file check, whose finding comes back here as `rebuildFor`.
 */
export function openCacheFile(
  file: string,
  migrations: readonly Migration[],
  options: OpenCacheOptions = {},
): CacheDb {
  if (options.rebuildFor !== undefined)
    return rebuild(file, options.rebuildFor, migrations, options);
  let db: CacheDb | undefined;
  try {
    db = connect(file);
    const damage = schemaCheck(db);
    if (damage === null) return migrated(db, migrations, options.onUpdating);
    db.close();
    return rebuild(file, damage, migrations, options);
  } catch (error) {
    if (db?.open) db.close();
    if (error instanceof AppError) throw error;
    if (!isCorruption(error)) {
      throw new AppError('DB', 'The workspace cache could not be opened.', { cause: error });
    }
    return rebuild(file, describe(error), migrations, options);
  }
}

/** The page writer's cache of the file's pages, in KiB. */
const WRITER_CACHE_KIB = 64 * 1024;

/** Pages the log holds before a commit copies them into the file. */
export const CHECKPOINT_PAGES = 4096;

/**
 * A connection to a cache file opened (and migrated) before: the pragmas every writer of the file
 * uses. For a second writer of an open workspace (the thread that stores a sync's pages).
 *
 * `refetchable`: the connection writes only what the service can give again (a sync's pages and its
 * position, the form list), so its commits skip the fsync (`synchronous = NORMAL`). WAL keeps the
 * file whole; a power cut loses at most the last pages, which the sync fetches again from the
 * position stored before them. A first sync commits hundreds of times: that many flushes to the
 * disk saved. The import journal is written on the core's connection, which syncs every commit.
 */
export function connectCache(file: string, { refetchable = false } = {}): CacheDb {
  const db = new Database(file, { fileMustExist: true });
  configure(db);
  if (refetchable) {
    db.pragma('synchronous = NORMAL');
    // A store of several pages touches more index pages than SQLite's default cache holds, and a
    // page pushed out before the commit is written to the log again each time it changes after.
    db.pragma(`cache_size = -${WRITER_CACHE_KIB}`);
  }
  return db;
}

function connect(file: string): CacheDb {
  // Respondents' answers: for this OS user alone, also when the file came from an older Formdesk.
  privateDatabaseFile(file);
  const db = new Database(file);
  configure(db);
  return db;
}

function configure(db: CacheDb): void {
  addCacheFunctions(db);
  try {
    // Submissions are kept whole, a few kilobytes of JSON each: at SQLite's default page size a
    // page holds one and wastes the rest. Takes effect only when the file is new.
    // First: even switching to WAL needs the file's lock, and another connection may hold it.
    db.pragma('busy_timeout = 5000');
    db.pragma('page_size = 16384');
    db.pragma('journal_mode = WAL');
    db.pragma('foreign_keys = ON');
    // A checkpoint copies each page the log holds once: every thousand pages (the default) it
    // copied the same index pages after nearly every store of a sync's pages, where one copy now
    // serves several.
    db.pragma(`wal_autocheckpoint = ${CHECKPOINT_PAGES}`);
    // The import journal lives here: a batch recorded as sent must survive a power cut.
    db.pragma('synchronous = FULL');
  } catch (error) {
    db.close();
    throw error;
  }
}

function migrated(db: CacheDb, migrations: readonly Migration[], onUpdating?: () => void): CacheDb {
  try {
    const version = userVersion(db);
    // A new file (version 0) is made at once; one from an earlier Formdesk is rewritten.
    if (version > 0 && version < (migrations.at(-1)?.version ?? 0)) onUpdating?.();
    if (migrate(db, migrations).applied.length > 0) giveBackFreedPages(db);
    return db;
  } catch (error) {
    db.close();
    if (error instanceof AppError) throw error;
    throw new AppError('DB', 'The workspace cache could not be brought up to date.', {
      cause: error,
    });
  }
}

/**
 * A step that made a large table again leaves the old table's pages free in the file, where SQLite
 * keeps them for the file to grow into: given back to the disk once, while the app says it is
 * bringing the file up to date, rather than left to a cache that may never grow that much again.
 */
function giveBackFreedPages(db: CacheDb): void {
  const free = db.pragma('freelist_count', { simple: true }) as number;
  const pages = db.pragma('page_count', { simple: true }) as number;
  if (free * 4 <= pages) return;
  try {
    db.exec('VACUUM');
  } catch {
    // Up to date all the same: a file that could not be made smaller (a full disk, another
    // connection's lock) keeps its free pages for the cache to grow into.
  }
}

/**
 * Null when the header and the schema are sound, else the first problem SQLite reports: a few
 * pages whatever the file's size, where `PRAGMA quick_check` of the whole file would read it all.
 */
function schemaCheck(db: CacheDb): string | null {
  const rows = db.pragma('quick_check(sqlite_schema)') as { quick_check: string }[];
  const first = rows[0]?.quick_check ?? 'no answer from quick_check';
  return first === 'ok' ? null : first;
}

function rebuild(
  file: string,
  reason: string,
  migrations: readonly Migration[],
  options: OpenCacheOptions,
): CacheDb {
  const stamp = (options.now?.() ?? new Date()).toISOString().replace(/[:.]/g, '-');
  const aside = `${file}.damaged-${stamp}`;
  moveWithSidecars(file, aside);
  // The columns kept beside it describe the damaged file's rows, not those the new one will hold.
  removeHeld(file + KEPT_COLUMNS);
  const db = migrated(connect(file), migrations);
  const durable = migrations.flatMap((m) => m.durableTables ?? []);
  const { copied, complete } = copyDurableTables(db, aside, durable);
  let movedTo: string | null = aside;
  if (complete) {
    removeWithSidecars(aside);
    movedTo = null;
  }
  options.onRebuilt?.({ reason, copied, movedTo });
  return db;
}

/** Copies what can be read of each durable table; `complete` is false if anything could not be. */
function copyDurableTables(
  db: CacheDb,
  damagedFile: string,
  tables: readonly string[],
): { copied: Record<string, number>; complete: boolean } {
  const copied: Record<string, number> = {};
  if (tables.length === 0) return { copied, complete: true };
  try {
    db.prepare('ATTACH DATABASE ? AS damaged').run(damagedFile);
  } catch {
    return { copied, complete: false };
  }
  let complete = true;
  try {
    for (const table of tables) {
      try {
        copied[table] = copyTable(db, table);
      } catch {
        complete = false;
      }
    }
  } finally {
    db.exec('DETACH DATABASE damaged');
  }
  return { copied, complete };
}

function copyTable(db: CacheDb, table: string): number {
  const columnsOf = (schema: string): string[] =>
    (
      db.prepare(`SELECT name FROM pragma_table_info(?, ?)`).all(table, schema) as {
        name: string;
      }[]
    ).map((c) => c.name);
  const old = new Set(columnsOf('damaged'));
  if (old.size === 0) return 0;
  const shared = columnsOf('main').filter((c) => old.has(c));
  // Table and column names come from the migration registry and the file's own schema, quoted.
  const list = shared.map((c) => `"${c.replaceAll('"', '""')}"`).join(', ');
  const quoted = `"${table.replaceAll('"', '""')}"`;
  return db.transaction(
    () =>
      db.prepare(`INSERT INTO main.${quoted} (${list}) SELECT ${list} FROM damaged.${quoted}`).run()
        .changes,
  )();
}

const SIDECARS = ['', '-wal', '-shm'];

/**
 * The file and its sidecars moved together, or none of them: a log left behind would be read into
 * the new file made in its place.
 */
function moveWithSidecars(from: string, to: string): void {
  const moved: string[] = [];
  try {
    for (const suffix of SIDECARS) {
      if (!fs.existsSync(from + suffix)) continue;
      renameHeld(from + suffix, to + suffix);
      moved.push(suffix);
    }
  } catch (error) {
    for (const suffix of moved.reverse()) renameHeld(to + suffix, from + suffix);
    throw new AppError(
      'DB',
      `The workspace cache is damaged and must be rebuilt, but it could not be moved aside (${describe(error)}). Another program may have it open: close any program using the workspace's folder (a backup or a virus scan), then open the workspace again.`,
      { retryable: true, cause: error },
    );
  }
}

function removeWithSidecars(file: string): void {
  for (const suffix of SIDECARS) removeHeld(file + suffix);
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
