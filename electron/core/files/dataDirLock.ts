import { randomBytes } from 'node:crypto';
import {
  closeSync,
  fstatSync,
  linkSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeSync,
} from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { z } from 'zod';
import { writeFileAtomic } from './atomicFile';
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
  /** Tells this start from another in the same process and millisecond. */
  nonce: z.string().optional(),
});
export type DataDirOwner = z.infer<typeof Owner>;

export const LOCK_FILE = 'formdesk.lock';

/** How often a live owner touches its lock file. */
export const HEARTBEAT_MS = 20_000;
/**
 * A lock whose owner's start time cannot be read (macOS, Windows, Linux with `hidepid`) is the
 * owner's while it was touched this recently; several missed heartbeats allow for a busy machine.
 */
export const STALE_AFTER_MS = 2 * 60_000;
/** A takeover file is held for a few system calls: one this old was left by a start that died. */
const CLAIM_STALE_MS = 10_000;

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

/** What a test may put in place of the OS, to force the timings a race needs. */
export interface LockOptions {
  /** A process's start time, null where the OS does not tell it. */
  processStart?: (pid: number) => string | null;
  /** The clock heartbeats are written and judged by. */
  now?: () => number;
  /** Called between the steps of a takeover. */
  onStep?: (step: 'judged' | 'claimed') => void;
  /** How long to wait for another start that is taking a stale lock over. */
  contentionMs?: number;
}

/** A lock file as read: its owner (null for a file Formdesk did not write), text and identity. */
interface ReadLock {
  owner: DataDirOwner | null;
  text: string;
  ino: number;
  mtimeMs: number;
}

/**
 * Makes this process the one owner of `dataDir`: only the owner writes the caches, the import
 * journal and the workspace list, so two copies can never run one import side by side. The lock
 * file appears whole or not at all (a hard link of a finished temp file). A lock left by a
 * process that died, whose pid now belongs to another program, or (where start times cannot be
 * read) whose heartbeat stopped, is replaced whole by one start at a time, never removed, so no
 * live owner's lock can be moved. Throws {@link DataDirInUse} naming the live owner.
 */
export function lockDataDir(dataDir: string, options: LockOptions = {}): DataDirLock {
  ensurePrivateDir(dataDir);
  const file = join(dataDir, LOCK_FILE);
  const startOf = options.processStart ?? processStart;
  const now = options.now ?? Date.now;
  let mine: DataDirOwner = {
    pid: process.pid,
    startedAt: new Date().toISOString(),
    processStart: startOf(process.pid),
    address: null,
    nonce: randomBytes(6).toString('hex'),
  };
  const deadline = Date.now() + (options.contentionMs ?? 2_000);
  for (;;) {
    let won = createWhole(file, mine);
    if (!won) {
      const holder = readLock(file);
      if (holder === 'gone') continue;
      if (holder.owner && isAlive(holder.owner, holder.mtimeMs, startOf, now)) {
        throw new DataDirInUse(dataDir, holder.owner);
      }
      options.onStep?.('judged');
      const outcome = takeOver(file, holder, mine, startOf, now, options);
      won = outcome === 'mine';
      if (!won && Date.now() >= deadline) {
        throw new Error(
          `The data dir ${dataDir} could not be locked: another start keeps taking it over. Try again.`,
        );
      }
      if (outcome === 'busy') pause();
    }
    if (won)
      return hold(
        file,
        () => mine,
        (next) => (mine = next),
        now,
      );
  }
}

function hold(
  file: string,
  current: () => DataDirOwner,
  update: (owner: DataDirOwner) => void,
  now: () => number,
): DataDirLock {
  const owns = () => {
    const holder = readLock(file);
    return holder !== 'gone' && holder.owner !== null && sameOwner(holder.owner, current());
  };
  const touch = () => {
    try {
      if (!owns()) return clearInterval(heartbeat);
      const at = new Date(now());
      utimesSync(file, at, at);
    } catch {
      // The dir went away (a test's temp dir, an unplugged drive); the next beat tries again.
    }
  };
  const heartbeat = setInterval(touch, HEARTBEAT_MS);
  heartbeat.unref();
  touch();
  const release = () => {
    clearInterval(heartbeat);
    if (owns()) rmSync(file, { force: true });
    process.removeListener('exit', release);
  };
  process.once('exit', release);
  return {
    announce: (address) => {
      update({ ...current(), address });
      writeFileAtomic(file, JSON.stringify(current()));
      touch();
    },
    release,
  };
}

function createWhole(file: string, owner: DataDirOwner): boolean {
  const temp = tempBeside(file);
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

function readLock(file: string): ReadLock | 'gone' {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'gone';
    throw error;
  }
  try {
    const { ino, mtimeMs } = fstatSync(fd);
    const text = readFileSync(fd, 'utf8');
    return { owner: parseOwner(text), text, ino, mtimeMs };
  } finally {
    closeSync(fd);
  }
}

function parseOwner(text: string): DataDirOwner | null {
  try {
    return Owner.parse(JSON.parse(text));
  } catch {
    return null;
  }
}

/**
 * Replaces the stale lock `judged` with ours, holding an exclusive takeover file named for that
 * lock's inode: whoever holds it checks the lock is still the one judged (same inode, same
 * text) and renames ours over it, so the file never goes missing for a third start to create.
 */
function takeOver(
  file: string,
  judged: ReadLock,
  mine: DataDirOwner,
  startOf: (pid: number) => string | null,
  now: () => number,
  options: LockOptions,
): 'mine' | 'busy' | 'changed' {
  const claim = claimTakeover(file, judged.ino, startOf, now);
  if (claim === 'busy') return 'busy';
  let outcome: 'mine' | 'changed' = 'changed';
  try {
    options.onStep?.('claimed');
    const still = readLock(file);
    if (still === 'gone' || still.ino !== judged.ino || still.text !== judged.text) return outcome;
    const temp = tempBeside(file);
    writePrivateFile(temp, JSON.stringify(mine));
    try {
      renameSync(temp, file);
    } catch (error) {
      rmSync(temp, { force: true });
      // Windows refuses to replace a file another start has open this instant: read it again.
      if (REPLACE_REFUSED.has((error as NodeJS.ErrnoException).code ?? '')) return outcome;
      throw error;
    }
    outcome = 'mine';
    return outcome;
  } finally {
    rmSync(claim, { force: true });
    // The takeover files of a replaced lock guard nothing now, those of starts that died included.
    if (outcome === 'mine') {
      for (const name of claimsOf(file, judged.ino))
        rmSync(join(dirname(file), name), { force: true });
    }
  }
}

/**
 * An exclusive takeover file for the lock with inode `ino`, or 'busy' while another live start
 * holds one. A takeover file whose start died is passed over for the next generation's.
 */
function claimTakeover(
  file: string,
  ino: number,
  startOf: (pid: number) => string | null,
  now: () => number,
): string | 'busy' {
  const dir = dirname(file);
  for (let generation = 0; generation < 16; generation++) {
    const name = `${basename(file)}.${ino}.${generation}.takeover`;
    const path = join(dir, name);
    let fd: number;
    try {
      fd = openSync(path, 'wx', 0o600);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (claimAbandoned(path, startOf, now)) continue;
      return 'busy';
    }
    try {
      writeSync(fd, JSON.stringify({ pid: process.pid, processStart: startOf(process.pid) }));
    } finally {
      closeSync(fd);
    }
    // A start that found a generation abandoned before this one was cleared may hold a later one.
    const rivals = claimsOf(file, ino).filter((other) => other !== name);
    if (rivals.some((other) => !claimAbandoned(join(dir, other), startOf, now))) {
      rmSync(path, { force: true });
      return 'busy';
    }
    return path;
  }
  return 'busy';
}

function claimsOf(file: string, ino: number): string[] {
  const prefix = `${basename(file)}.${ino}.`;
  return readdirSync(dirname(file)).filter(
    (name) => name.startsWith(prefix) && name.endsWith('.takeover'),
  );
}

function claimAbandoned(
  path: string,
  startOf: (pid: number) => string | null,
  now: () => number,
): boolean {
  let text: string;
  let mtimeMs: number;
  try {
    mtimeMs = statSync(path).mtimeMs;
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw error;
  }
  if (now() - mtimeMs > CLAIM_STALE_MS) return true;
  let holder: { pid?: unknown; processStart?: unknown };
  try {
    holder = JSON.parse(text) as typeof holder;
  } catch {
    // Still being written: its age decides.
    return false;
  }
  if (typeof holder.pid !== 'number' || !pidIsAlive(holder.pid)) return true;
  const start = startOf(holder.pid);
  return typeof holder.processStart === 'string' && start !== null && start !== holder.processStart;
}

const REPLACE_REFUSED = new Set(['EPERM', 'EACCES', 'EBUSY']);

const tempBeside = (file: string) => `${file}.${randomBytes(6).toString('hex')}.tmp`;

const sameOwner = (a: DataDirOwner, b: DataDirOwner) =>
  a.pid === b.pid && a.startedAt === b.startedAt && a.nonce === b.nonce;

function isAlive(
  owner: DataDirOwner,
  touchedMs: number,
  startOf: (pid: number) => string | null,
  now: () => number,
): boolean {
  if (!pidIsAlive(owner.pid)) return false;
  const start = startOf(owner.pid);
  if (owner.processStart !== null && start !== null) return start === owner.processStart;
  // The pid cannot be told from a later program's: the owner's heartbeat decides.
  return now() - touchedMs < STALE_AFTER_MS;
}

/** A short wait, its length varied so two starts backing off do not meet again. */
function pause(): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 5 + Math.random() * 20);
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
