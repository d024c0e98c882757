import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openTempCache, type TempCache } from '../operations/testing/tempCache';
import { checkpointsElsewhere } from './checkpointsElsewhere';
import { logFrames } from './logFrames';
import { CHECKPOINT_PAGES, connectCache, type CacheDb } from './openCache';
import { takingTurns, WriteTurns } from './writeTurns';

let cache: TempCache;
let other: CacheDb;
beforeEach(() => {
  cache = openTempCache('checkpoints-elsewhere');
  // The page writer's connection, whose commits leave the log to a checkpoint after them.
  other = connectCache(cache.file, { refetchable: true });
  other.pragma('wal_autocheckpoint = 0');
});
afterEach(() => {
  other.close();
  cache.close();
});

const record = (db: CacheDb, summary: string) =>
  db
    .prepare(`INSERT INTO activity_log (at, workspace_id, kind, summary) VALUES ('t', 'w', 'x', ?)`)
    .run(summary);

/** Commits on the other connection, at least once, until the log holds `pages` frames. */
function fillLog(pages: number): void {
  const mib = 'x'.repeat(1024 * 1024);
  // At least one: a log all copied starts over only at the next commit.
  do other.transaction(() => record(other, mib))();
  while (logFrames(cache.file) < pages);
}

/** Every promise callback queued so far has run. */
const settled = () => new Promise((resolve) => setImmediate(resolve));

/** What a PASSIVE checkpoint on another connection reports: frames in the log, frames copied. */
const checkpointed = () =>
  (other.pragma('wal_checkpoint(PASSIVE)') as { log: number; checkpointed: number }[])[0]!;

/** The cache file's own size: it grows only as a checkpoint copies the log into it. */
const fileBytes = () => fs.statSync(cache.file).size;

describe("the log's frames", () => {
  it('are counted as a checkpoint finds them, and from one again once the log starts over', () => {
    expect(logFrames(path.join(cache.dir, 'no-such.sqlite'))).toBe(0);
    checkpointed();
    fillLog(40);
    const frames = logFrames(cache.file);
    expect(frames).toBeGreaterThanOrEqual(40);
    expect(checkpointed()).toEqual({ busy: 0, log: frames, checkpointed: frames });
    // All of it copied: the next commit writes the log from its first frame.
    record(other, 'after the checkpoint');
    expect(logFrames(cache.file)).toBeLessThan(5);
  });
});

describe("a connection whose checkpoints are made elsewhere (the core's)", () => {
  it('asks once for a checkpoint when a commit leaves the log past the bound, copying none', async () => {
    let asks = 0;
    let copy!: (copied: boolean) => void;
    const db = takingTurns(
      cache.db,
      new WriteTurns(undefined, 'core'),
      checkpointsElsewhere(cache.db, () => {
        asks++;
        return new Promise((resolve) => (copy = resolve));
      }),
    );
    record(db, 'a short log');
    expect(asks).toBe(0);

    fillLog(CHECKPOINT_PAGES);
    const before = fileBytes();
    record(db, 'the commit that finds the log long');
    db.transaction(() => record(db, 'another, while the checkpoint runs'))();
    expect(asks).toBe(1);
    expect(fileBytes()).toBe(before);

    checkpointed();
    copy(true);
    await settled();
    fillLog(CHECKPOINT_PAGES);
    record(db, 'a long log again');
    expect(asks).toBe(2);
  });

  it('copies the log itself when the checkpoint elsewhere failed', async () => {
    let failed!: Promise<boolean>;
    const db = takingTurns(
      cache.db,
      new WriteTurns(undefined, 'core'),
      checkpointsElsewhere(cache.db, () => (failed = Promise.reject(new Error('thread stopped')))),
    );
    fillLog(CHECKPOINT_PAGES);
    const before = fileBytes();
    record(db, 'the commit that finds the log long');
    expect(fileBytes()).toBe(before);
    await failed.catch(() => {});
    await settled();
    expect(fileBytes()).toBeGreaterThan(before + 32 * 1024 * 1024);
  });

  it('differs from a connection left as it is, whose commit copies the whole log itself', () => {
    fillLog(CHECKPOINT_PAGES);
    const before = fileBytes();
    record(cache.db, 'the commit that finds the log long');
    expect(fileBytes()).toBeGreaterThan(before + 32 * 1024 * 1024);
  });
});
