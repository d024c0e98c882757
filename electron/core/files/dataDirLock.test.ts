import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  DataDirInUse,
  HEARTBEAT_MS,
  LOCK_FILE,
  lockDataDir,
  type LockOptions,
  STALE_AFTER_MS,
} from './dataDirLock';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'formdesk-lock-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const lockFile = () => path.join(dir, LOCK_FILE);
const owner = () => JSON.parse(fs.readFileSync(lockFile(), 'utf8')) as Record<string, unknown>;

/** The pid of a process that has already exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
  return Number(child.stdout.toString());
}

function refusal(options?: LockOptions): DataDirInUse {
  try {
    lockDataDir(dir, options);
  } catch (error) {
    if (error instanceof DataDirInUse) return error;
    throw error;
  }
  throw new Error('the second lock was granted');
}

describe('the data dir lock', () => {
  it('refuses a second owner, naming the live one and where it can be opened', () => {
    const lock = lockDataDir(dir);
    lock.announce('http://127.0.0.1:4242/?token=abc');
    const error = refusal();
    expect(error.owner.pid).toBe(process.pid);
    expect(error.message).toContain(`process ${process.pid}`);
    expect(error.message).toContain('Open it at http://127.0.0.1:4242/?token=abc');
    lock.release();
    expect(fs.existsSync(lockFile())).toBe(false);
    lockDataDir(dir).release();
  });

  it('without an address (the desktop app) says to switch to its window', () => {
    const lock = lockDataDir(dir);
    expect(refusal().message).toMatch(/Switch to its window, or quit it first/);
    lock.release();
  });

  it('takes over the lock a dead process left, and one whose pid now belongs to another program', () => {
    const stale = {
      pid: deadPid(),
      startedAt: '2026-01-01T00:00:00.000Z',
      processStart: null,
      address: null,
    };
    fs.writeFileSync(lockFile(), JSON.stringify(stale));
    const first = lockDataDir(dir);
    expect(owner().pid).toBe(process.pid);
    first.release();

    // This very pid, but recorded with another start time: a reboot gave the number to us.
    const reused = { ...stale, pid: process.pid, processStart: '1' };
    fs.writeFileSync(lockFile(), JSON.stringify(reused));
    const second = lockDataDir(dir);
    expect(owner().startedAt).not.toBe(stale.startedAt);
    second.release();
  });

  it('treats a lock file that is not one of its own as stale', () => {
    fs.writeFileSync(lockFile(), 'not json');
    lockDataDir(dir).release();
  });

  it.skipIf(process.platform === 'win32')(
    'makes an existing data dir and the lock file private to this OS user',
    () => {
      fs.chmodSync(dir, 0o755);
      const lock = lockDataDir(dir);
      expect(fs.statSync(dir).mode & 0o777).toBe(0o700);
      expect(fs.statSync(lockFile()).mode & 0o777).toBe(0o600);
      lock.announce('http://127.0.0.1:1/');
      expect(fs.statSync(lockFile()).mode & 0o777).toBe(0o600);
      lock.release();
    },
  );

  it('release leaves a lock that another process took meanwhile', () => {
    const lock = lockDataDir(dir);
    const theirs = {
      pid: process.pid,
      startedAt: 'another run',
      processStart: null,
      address: null,
    };
    fs.writeFileSync(lockFile(), JSON.stringify(theirs));
    lock.release();
    expect(owner().startedAt).toBe('another run');
  });
});

describe('taking over a stale lock', () => {
  const staleLock = () =>
    fs.writeFileSync(
      lockFile(),
      JSON.stringify({
        pid: deadPid(),
        startedAt: '2026-01-01T00:00:00.000Z',
        processStart: null,
        address: null,
      }),
    );
  const leftovers = () => fs.readdirSync(dir).filter((name) => name !== LOCK_FILE);

  it('never moves the lock another start took after this one judged the old one dead', () => {
    staleLock();
    let other: ReturnType<typeof lockDataDir> | undefined;
    const error = refusal({
      // The other start runs whole between this one's judgement and its takeover.
      onStep: (step) => {
        if (step === 'judged' && !other) other = lockDataDir(dir);
      },
    });
    expect(other).toBeDefined();
    expect(error.owner.startedAt).toBe(owner().startedAt);
    expect(owner().startedAt).not.toBe('2026-01-01T00:00:00.000Z');
    other!.release();
    expect(leftovers()).toEqual([]);
  });

  it('lets one of two starts racing for the same stale lock own it, and refuses the other', () => {
    staleLock();
    let second: unknown;
    const first = lockDataDir(dir, {
      // The second start judges the same lock dead while the first holds its takeover.
      onStep: (step) => {
        if (step !== 'claimed' || second) return;
        try {
          second = lockDataDir(dir, { contentionMs: 0 });
        } catch (error) {
          second = error;
        }
      },
    });
    expect(second).toBeInstanceOf(Error);
    expect(second).not.toBeInstanceOf(DataDirInUse);
    expect((second as Error).message).toMatch(/another start keeps taking it over/);
    expect(owner().pid).toBe(process.pid);
    expect(refusal().owner.startedAt).toBe(owner().startedAt);
    first.release();
    expect(leftovers()).toEqual([]);
  });

  it('is not held up by the takeover file of a start that died halfway', () => {
    staleLock();
    const { ino } = fs.statSync(lockFile());
    const abandoned = path.join(dir, `${LOCK_FILE}.${ino}.0.takeover`);
    fs.writeFileSync(abandoned, JSON.stringify({ pid: deadPid(), processStart: null }));
    const lock = lockDataDir(dir);
    expect(owner().pid).toBe(process.pid);
    lock.release();
    expect(leftovers()).toEqual([]);
  });
});

describe('where a process start time cannot be read', () => {
  const unknownStart = { processStart: () => null };
  /** A lock of this live pid, as a program that reused the pid of a dead owner would leave it. */
  const reusedPidLock = (touchedAgoMs: number) => {
    fs.writeFileSync(
      lockFile(),
      JSON.stringify({
        pid: process.pid,
        startedAt: '2026-01-01T00:00:00.000Z',
        processStart: null,
        address: null,
      }),
    );
    const at = new Date(Date.now() - touchedAgoMs);
    fs.utimesSync(lockFile(), at, at);
  };

  it('takes over a lock whose heartbeat stopped, though its pid is alive', () => {
    reusedPidLock(STALE_AFTER_MS + 1_000);
    const lock = lockDataDir(dir, unknownStart);
    expect(owner().startedAt).not.toBe('2026-01-01T00:00:00.000Z');
    lock.release();
  });

  it('leaves a lock whose heartbeat is recent to its owner', () => {
    reusedPidLock(HEARTBEAT_MS);
    expect(refusal(unknownStart).owner.startedAt).toBe('2026-01-01T00:00:00.000Z');
  });

  it('keeps its own lock by a heartbeat while it runs, and stops beating once released', () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      let clock = Date.now();
      const now = () => clock;
      const lock = lockDataDir(dir, { ...unknownStart, now });
      // Long after the lock was taken, a start finds it touched by the last heartbeat.
      clock += 10 * STALE_AFTER_MS;
      vi.advanceTimersByTime(HEARTBEAT_MS);
      expect(Math.abs(fs.statSync(lockFile()).mtimeMs - clock)).toBeLessThan(1);
      clock += HEARTBEAT_MS;
      expect(refusal({ ...unknownStart, now }).owner.pid).toBe(process.pid);

      // Once the beats stop, the same start judges it stale.
      clock += STALE_AFTER_MS;
      const taken = lockDataDir(dir, { ...unknownStart, now });
      const takenAt = owner().startedAt;
      // The first owner's next beat finds the lock is no longer its own, and stops.
      vi.advanceTimersByTime(HEARTBEAT_MS);
      expect(vi.getTimerCount()).toBe(1);
      lock.release();
      expect(owner().startedAt).toBe(takenAt);
      taken.release();
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
});
