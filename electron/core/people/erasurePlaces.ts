import fs from 'node:fs';
import path from 'node:path';
import { constants, inflateRawSync } from 'node:zlib';
import type Database from 'better-sqlite3';
import { type ErasurePlaces } from '../../shared/contract/people';
import { likeContaining } from '../cache/likeContaining';
import { removeHeld } from '../files/heldFiles';
import { zipEntries } from '../import/zipEntries';

/** What an erasure looks for: the person's text as found, and the submissions confirmed. */
export interface ErasureTargets {
  terms: readonly string[];
  submissionIds: readonly string[];
}

/** A condition and its parameters, to put in a statement's WHERE. */
export interface Condition {
  sql: string;
  params: string[];
}

/** Any of `columns` holds any of the terms (LIKE: ASCII letters in any case). */
export function holdingTerms(terms: readonly string[], columns: readonly string[]): Condition {
  if (terms.length === 0) return { sql: 'FALSE', params: [] };
  const likes = terms.map(likeContaining);
  return {
    sql: likes.map(() => columns.map((c) => `${c} LIKE ? ESCAPE '\\'`).join(' OR ')).join(' OR '),
    params: likes.flatMap((like) => columns.map(() => like)),
  };
}

/** Activity's entries of the submissions, and earlier deletes' copies holding the person. */
export function activityHolding({ terms, submissionIds }: ErasureTargets): Condition {
  const text = holdingTerms(terms, ['snapshot_json', 'respondent', 'summary']);
  return {
    sql: `submission_id IN (SELECT value FROM json_each(?)) OR ${text.sql}`,
    params: [JSON.stringify(submissionIds), ...text.params],
  };
}

/** Import journal rows that created the submissions, or whose cells hold the person. */
export function importRowsHolding({ terms, submissionIds }: ErasureTargets): Condition {
  const text = holdingTerms(terms, ['cells_json', 'payload_json']);
  return {
    sql: `submission_id IN (SELECT value FROM json_each(?)) OR ${text.sql}`,
    params: [JSON.stringify(submissionIds), ...text.params],
  };
}

/** Imports not yet started with a row holding the person, and how many rows each has. */
export function draftsHolding(
  db: Database.Database,
  targets: ErasureTargets,
): { jobId: string; fileName: string; rows: number }[] {
  const holding = importRowsHolding(targets);
  return db
    .prepare<string[], { jobId: string; fileName: string; rows: number }>(
      `SELECT j.job_id AS jobId, j.file_name AS fileName,
              (SELECT count(*) FROM import_rows r WHERE r.job_id = j.job_id) AS rows
       FROM import_jobs j
       WHERE j.state = 'draft'
         AND EXISTS (SELECT 1 FROM import_rows WHERE job_id = j.job_id AND (${holding.sql}))
       ORDER BY j.created_at`,
    )
    .all(...holding.params);
}

/** What `eraseLocalCopies` would remove, counted and named, changing nothing. */
export function erasurePlaces(
  db: Database.Database,
  dataDir: string,
  targets: ErasureTargets,
): ErasurePlaces {
  const count = (sql: string, params: string[]) =>
    db.prepare<string[], { n: number }>(sql).get(...params)?.n ?? 0;
  const activity = activityHolding(targets);
  const rows = importRowsHolding(targets);
  const needles = [...targets.terms, ...targets.submissionIds];
  return {
    activityEntries: count(
      `SELECT count(*) AS n FROM activity_log WHERE ${activity.sql}`,
      activity.params,
    ),
    importRows: count(
      `SELECT count(*) AS n FROM import_rows
       WHERE job_id NOT IN (SELECT job_id FROM import_jobs WHERE state = 'draft') AND (${rows.sql})`,
      rows.params,
    ),
    importDrafts: draftsHolding(db, targets).map(({ fileName, rows: n }) => ({
      fileName,
      rows: n,
    })),
    exportFiles: exportsHolding(dataDir, needles)
      .flatMap((folder) => folder.files.map((file) => path.basename(file)))
      .sort(),
    damagedCopies: damagedCopiesHolding(db.name, needles).map((file) => path.basename(file)),
  };
}

/** Each export (a folder of files, or a file) whose text holds any of `needles`; unreadable too. */
export function exportsHolding(
  dataDir: string,
  needles: readonly string[],
): { at: string; files: string[] }[] {
  const root = path.join(dataDir, 'exports');
  if (!fs.existsSync(root) || needles.length === 0) return [];
  const lowered = needles.map((n) => n.toLowerCase());
  return fs.readdirSync(root, { withFileTypes: true }).flatMap((folder) => {
    const at = path.join(root, folder.name);
    const files = folder.isDirectory()
      ? fs.readdirSync(at).map((name) => path.join(at, name))
      : [at];
    const holds = files.some((file) => {
      const text = readableText(fs.readFileSync(file));
      return text === null || lowered.some((n) => text.includes(n));
    });
    return holds ? [{ at, files }] : [];
  });
}

/** A file's text in lower case, each zip entry inflated; null when an entry cannot be read. */
function readableText(bytes: Buffer): string | null {
  if (bytes.subarray(0, 4).toString('latin1') !== 'PK\u0003\u0004')
    return bytes.toString('utf8').toLowerCase();
  const entries = zipEntries(bytes);
  if (!entries) return null;
  try {
    return entries
      .map((entry) =>
        entry.method === 0
          ? bytes.subarray(entry.dataStart, entry.dataStart + entry.compressedSize).toString('utf8')
          : inflateRawSync(bytes.subarray(entry.dataStart), {
              finishFlush: constants.Z_SYNC_FLUSH,
            }).toString('utf8'),
      )
      .join('\n')
      .toLowerCase();
  } catch {
    return null;
  }
}

const SIDECARS = ['', '-wal', '-shm'];

/**
 * The copies of the cache file kept aside after it failed a check (`openCache`), beside it under
 * the file's name and `.damaged-` with a time, each without its log and shared-memory sidecars.
 */
export function damagedCopies(cacheFile: string): string[] {
  const dir = path.dirname(cacheFile);
  const prefix = `${path.basename(cacheFile)}.damaged-`;
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => name.startsWith(prefix) && !/-(wal|shm)$/.test(name))
    .sort()
    .map((name) => path.join(dir, name));
}

/**
 * The damaged copies whose bytes (or their log's) hold any of `needles`. A damaged file cannot be
 * opened as a database, so its bytes are read as they are: the person's rows keep their text whole
 * there, in the submissions, their answers and the answers' index. One that cannot be read is
 * counted as holding them.
 */
export function damagedCopiesHolding(cacheFile: string, needles: readonly string[]): string[] {
  if (needles.length === 0) return [];
  return damagedCopies(cacheFile).filter((copy) =>
    SIDECARS.some((suffix) => bytesHoldAny(copy + suffix, needles)),
  );
}

export function removeDamagedCopy(copy: string): void {
  for (const suffix of SIDECARS) removeHeld(copy + suffix);
}

/** Bytes read at a time: a damaged copy may be as large as the cache. */
const CHUNK_BYTES = 4 * 2 ** 20;

/** Whether a file's bytes hold any needle as UTF-8, ASCII letters in any case; a missing file not. */
function bytesHoldAny(file: string, needles: readonly string[]): boolean {
  // Decoded as latin1 on both sides: one character a byte, so a needle split between two reads is
  // found in the bytes carried over.
  const wanted = needles.map((n) => Buffer.from(n, 'utf8').toString('latin1').toLowerCase());
  const overlap = Math.max(...wanted.map((w) => w.length)) - 1;
  let fd: number;
  try {
    fd = fs.openSync(file, 'r');
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== 'ENOENT';
  }
  try {
    const buffer = Buffer.alloc(CHUNK_BYTES + overlap);
    let carried = 0;
    let position = 0;
    for (;;) {
      const read = fs.readSync(fd, buffer, carried, CHUNK_BYTES, position);
      if (read === 0) return false;
      position += read;
      const end = carried + read;
      const text = buffer.toString('latin1', 0, end).toLowerCase();
      if (wanted.some((w) => text.includes(w))) return true;
      carried = Math.min(overlap, end);
      buffer.copy(buffer, 0, end - carried, end);
    }
  } catch {
    return true;
  } finally {
    fs.closeSync(fd);
  }
}
