import { randomBytes } from 'node:crypto';
import { linkSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { writeFileAtomic } from './workspaces/atomicFile';
import { ensurePrivateDir, writePrivateFile } from './privateFiles';
import { pidIsAlive } from './processAlive';

/** The process that owns a data dir, as its lock file records it. */
const Owner = z.object({
  pid: z.number().int().positive(),
  startedAt: z.string(),
  /** The OS's start time of the process (Linux: ticks since boot), so a reused pid is not taken for the owner. */
  processStart: z.string().nullable(),
  /** Browser mode's address to open (it carries that run's token); null for the desktop app. */
  address: z.string().nullable(),
});
export type DataDirOwner = z.infer<typeof Owner>;

export const LOCK_FILE = 'formdesk.lock';

/** A second process asked for a data dir another live process owns. */
export class DataDirInUse extends Error {
  constructor(
    readonly dataDir: string,
    readonly owner: DataDirOwner,
  ) {
    super(
      `Formdesk is already running on ${dataDir} (process ${owner.pid}, since ${owner.startedAt}). ` +
        (owner.address
          ? `Open it at ${owner.address}`
          : 'Switch to its window, or quit it first; two copies on one data dir would send the same imports twice.'),
    );
    this.name = 'DataDirInUse';
  }
}

export interface DataDirLock {
  /** Records where browser mode can be opened, for a second start to point to. */
  announce(address: string): void;
  /** Gives the dir up (only while this process still owns the file). Also runs at exit. */
  release(): void;
}

/**
 * Makes this process the one owner of `dataDir`: only the owner writes the caches, the import
 * journal and the workspace list, so two copies can never run one import side by side. The lock
 * file appears whole or not at all (a hard link of a finished temp file); a lock left by a process
 * that died (or whose pid now belongs to another program) is moved aside and taken over.
 * Throws {@link DataDirInUse} naming the live owner.
 */
export function lockDataDir(dataDir: string): DataDirLock {
  ensurePrivateDir(dataDir);
  const file = join(dataDir, LOCK_FILE);
  let mine: DataDirOwner = {
    pid: process.pid,
    startedAt: new Date().toISOString(),
    processStart: processStart(process.pid),
    address: null,
  };
  // Each round either creates the file or removes a dead owner's; contenders settle in a few.
  for (let round = 0; round < 8; round++) {
    if (createWhole(file, mine)) {
      const release = () => {
        const holder = readOwner(file);
        if (holder && holder !== 'gone' && sameOwner(holder, mine)) rmSync(file, { force: true });
        process.removeListener('exit', release);
      };
      process.once('exit', release);
      return {
        announce: (address) => {
          mine = { ...mine, address };
          writeFileAtomic(file, JSON.stringify(mine));
        },
        release,
      };
    }
    const holder = readOwner(file);
    if (holder === 'gone') continue;
    if (holder && isAlive(holder)) throw new DataDirInUse(dataDir, holder);
    takeOverStale(file, holder);
  }
  throw new Error(`The data dir ${dataDir} could not be locked: its lock file keeps changing.`);
}

function createWhole(file: string, owner: DataDirOwner): boolean {
  const temp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
  writePrivateFile(temp, JSON.stringify(owner));
  try {
    linkSync(temp, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    rmSync(temp, { force: true });
  }
}

/** The owner, null for a file that is not a lock Formdesk wrote, 'gone' when there is none. */
function readOwner(file: string): DataDirOwner | null | 'gone' {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'gone';
    throw error;
  }
  try {
    return Owner.parse(JSON.parse(text));
  } catch {
    return null;
  }
}

/**
 * Moves the dead owner's file aside and deletes it; when a contender replaced it meanwhile (the
 * file moved is not the one judged dead), that live lock is put back.
 */
function takeOverStale(file: string, judged: DataDirOwner | null): void {
  const aside = `${file}.${randomBytes(6).toString('hex')}.stale`;
  try {
    renameSync(file, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  const moved = readOwner(aside);
  const wasJudged =
    moved === null
      ? judged === null
      : moved !== 'gone' && judged !== null && sameOwner(moved, judged);
  if (!wasJudged) {
    try {
      linkSync(aside, file);
    } catch {
      // Someone holds the dir again; theirs stands and the next round reads it.
    }
  }
  rmSync(aside, { force: true });
}

const sameOwner = (a: DataDirOwner, b: DataDirOwner) =>
  a.pid === b.pid && a.startedAt === b.startedAt;

function isAlive(owner: DataDirOwner): boolean {
  if (!pidIsAlive(owner.pid)) return false;
  const now = processStart(owner.pid);
  return owner.processStart === null || now === null || now === owner.processStart;
}

/** Linux's start time of a process (field 22 of /proc/PID/stat); null where there is no /proc. */
function processStart(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The name (field 2) is in parentheses and may hold spaces: count from after it.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}
