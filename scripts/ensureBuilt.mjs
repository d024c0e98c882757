// Builds the app (`electron-vite build` into out/) unless out/ is newer than every source file.
// Tests that run the built main, preload, host or renderer call this first.
import { spawnSync } from 'node:child_process';
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const stamp = path.join(root, 'out', '.built');
const lock = path.join(root, 'out', '.building');
const sources = ['electron', 'renderer', 'electron.vite.config.ts', 'package.json'];

function newestSource(entry) {
  const info = statSync(entry, { throwIfNoEntry: false });
  if (!info) return 0;
  if (!info.isDirectory()) return /\.test\.tsx?$/.test(entry) ? 0 : info.mtimeMs;
  let newest = 0;
  for (const child of readdirSync(entry)) {
    if (child === 'node_modules') continue;
    newest = Math.max(newest, newestSource(path.join(entry, child)));
  }
  return newest;
}

function isFresh() {
  const built = statSync(stamp, { throwIfNoEntry: false })?.mtimeMs ?? 0;
  return built > 0 && sources.every((s) => newestSource(path.join(root, s)) < built);
}

/** Waits (bounded) while another process builds, so two test runners never build into out/ at once. */
function acquireLock() {
  mkdirSync(path.dirname(lock), { recursive: true });
  const deadline = Date.now() + 5 * 60_000;
  for (;;) {
    try {
      closeSync(openSync(lock, 'wx'));
      return;
    } catch {
      const age = Date.now() - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? 0);
      if (age > 5 * 60_000) rmSync(lock, { force: true });
      if (Date.now() > deadline)
        throw new Error('Timed out waiting for another build of out/ to finish.');
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 500);
    }
  }
}

export function ensureBuilt() {
  if (isFresh()) return;
  acquireLock();
  try {
    if (isFresh()) return;
    const started = Date.now();
    const result = spawnSync(
      process.execPath,
      [path.join(root, 'node_modules/electron-vite/bin/electron-vite.js'), 'build'],
      {
        cwd: root,
        stdio: ['ignore', 'ignore', 'inherit'],
      },
    );
    if (result.status !== 0) throw new Error(`electron-vite build failed (exit ${result.status}).`);
    writeFileSync(stamp, new Date(started).toISOString());
  } finally {
    rmSync(lock, { force: true });
  }
}

if (
  existsSync(process.argv[1] ?? '') &&
  path.resolve(process.argv[1]) === path.resolve(import.meta.filename)
)
  ensureBuilt();
