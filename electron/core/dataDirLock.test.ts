import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DataDirInUse, LOCK_FILE, lockDataDir } from './dataDirLock';

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

function refusal(): DataDirInUse {
  try {
    lockDataDir(dir);
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
