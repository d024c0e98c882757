import { chmodSync, closeSync, mkdirSync, openSync, writeFileSync } from 'node:fs';

/**
 * Respondents' answers, the import journal and the logs are for this OS user alone: folders 0700
 * and files 0600. A mode given at creation is not enough: it is narrowed by the umask only, and a
 * folder or file that already existed keeps whatever it had, so each is set explicitly.
 */
export function ensurePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
}

export function makePrivate(file: string): void {
  try {
    chmodSync(file, 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

export function writePrivateFile(file: string, content: string | Uint8Array): void {
  writeFileSync(file, content, { mode: 0o600 });
  makePrivate(file);
}

/**
 * A SQLite file (created empty when new) and its WAL and shared-memory files made private. SQLite
 * gives the -wal and -shm files it creates the main file's mode, so once that is 0600 they follow.
 */
export function privateDatabaseFile(file: string): void {
  closeSync(openSync(file, 'a', 0o600));
  for (const part of [file, `${file}-wal`, `${file}-shm`, `${file}-journal`]) makePrivate(part);
}
