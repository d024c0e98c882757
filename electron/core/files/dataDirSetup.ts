import { lstatSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ensurePrivateDir, makePrivate } from './privateFiles';

/** Export files are the copies a save or download is made from; after this long they go. */
export const EXPORT_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

/** What Formdesk writes in the data dir, besides the caches (made private as they open). */
const FILES = ['workspaces.json', 'keys.json'];
const FOLDERS = ['logs', 'exports', 'demo', 'workspaces'];

/**
 * Run at start, before anything is written: the data dir and everything Formdesk keeps in it are
 * for this OS user alone, also when they were made by an older Formdesk or another umask, and
 * exports older than {@link EXPORT_MAX_AGE_MS} are removed. Only Formdesk's own entries are
 * touched: Chromium's profile shares the desktop app's folder and keeps its own modes.
 */
export function prepareDataDir(dataDir: string, now = Date.now()): void {
  ensurePrivateDir(dataDir);
  for (const name of FILES) makePrivate(join(dataDir, name));
  for (const name of FOLDERS) privateTree(join(dataDir, name), 2);
  removeOldExports(join(dataDir, 'exports'), now);
}

function privateTree(dir: string, depth: number): void {
  const entries = entriesOf(dir);
  if (entries === null) return;
  ensurePrivateDir(dir);
  for (const name of entries) {
    const path = join(dir, name);
    const stat = lstatSync(path);
    if (stat.isFile()) makePrivate(path);
    else if (stat.isDirectory() && depth > 0) privateTree(path, depth - 1);
  }
}

function removeOldExports(dir: string, now: number): void {
  for (const name of entriesOf(dir) ?? []) {
    const path = join(dir, name);
    const stat = lstatSync(path);
    if (stat.isFile() && now - stat.mtimeMs > EXPORT_MAX_AGE_MS) rmSync(path, { force: true });
    // An export's own folder goes with its file.
    else if (stat.isDirectory() && newestIn(path) < now - EXPORT_MAX_AGE_MS)
      rmSync(path, { recursive: true, force: true });
  }
}

/** When a file directly in the folder last changed; the folder's own time when it is empty. */
function newestIn(dir: string): number {
  let newest = lstatSync(dir).mtimeMs;
  const names = entriesOf(dir) ?? [];
  if (names.length > 0) newest = 0;
  for (const name of names) newest = Math.max(newest, lstatSync(join(dir, name)).mtimeMs);
  return newest;
}

/** The names in a folder, or null when there is no such folder. */
function entriesOf(dir: string): string[] | null {
  try {
    return readdirSync(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}
