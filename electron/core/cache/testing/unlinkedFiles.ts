import fs from 'node:fs';

/**
 * Files this process holds open that were unlinked, as SQLite's temporary files are (its statement
 * journal among them): what it is writing that no one will read. Linux only (/proc).
 */
export function unlinkedOpenFiles(): string[] {
  return openFiles().filter((target) => target.endsWith('(deleted)'));
}

/** The files this process holds open, by the paths their descriptors link to. */
export function openFiles(): string[] {
  return fs
    .readdirSync('/proc/self/fd')
    .map((fd) => {
      try {
        return fs.readlinkSync(`/proc/self/fd/${fd}`);
      } catch {
        return '';
      }
    })
    .filter((target) => target !== '');
}

/** The unlinked files opened since `before` was taken (`unlinkedOpenFiles`). */
export function unlinkedSince(before: readonly string[]): string[] {
  return unlinkedOpenFiles().filter((file) => !before.includes(file));
}
