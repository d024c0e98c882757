import fs from 'node:fs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { logFrames } from '../core/cache/logFrames';
import { CHECKPOINT_PAGES, connectCache, type CacheDb } from '../core/cache/openCache';
import { PAGES_PER_STORE } from '../core/sync/streamSync';
import { openTempCache, type TempCache } from '../core/operations/testing/tempCache';
import { type Workspace } from '../shared/contract/workspaces';
import { CacheConnection } from './cacheConnection';
import { CheckpointsAside, PAGES_BETWEEN_CHECKPOINTS } from './checkpointsAside';
import { type OpenCache } from './protocol';
import { WorkerThread } from './workerThread';

let cache: TempCache;
let open: OpenCache;
let connection: CacheConnection;
let writer: CacheDb;
beforeEach(() => {
  cache = openTempCache('checkpoints-aside');
  open = { workspace: { id: 'w' } as Workspace, file: cache.file, generation: 1 };
  connection = new CacheConnection((file) => connectCache(file, { refetchable: true }));
  writer = connection.to(open);
});
afterEach(() => {
  connection.close();
  cache.close();
});

const checkpointThread = () =>
  new WorkerThread({
    entry: 'checkpointWorker',
    builtDir: undefined,
    workerData: () => null,
    onNote: () => {},
    onStopped: () => {},
  });

const walBytes = () => fs.statSync(`${cache.file}-wal`).size;

/**
 * Ten commits as the page writer makes them, each of `pages` pages (by default half of what a
 * checkpoint waits for: pages that piled up), the last one ending its listing; with no
 * checkpoints at all without `checkpoints`.
 */
async function tenStores(
  checkpoints: CheckpointsAside | null,
  pages = PAGES_BETWEEN_CHECKPOINTS / 2,
): Promise<void> {
  const insert = writer.prepare(
    `INSERT INTO activity_log (at, workspace_id, kind, summary) VALUES ('t', 'w', 'sync', ?)`,
  );
  const store = writer.transaction((n: number) => {
    for (let i = 0; i < 200; i++) insert.run(`${n}:${i}:${'x'.repeat(10_000)}`);
  });
  if (!checkpoints) writer.pragma('wal_autocheckpoint = 0');
  for (let n = 0; n < 10; n++) {
    if (checkpoints) await checkpoints.commit(writer, open, pages, n === 9, async () => store(n));
    else store(n);
  }
  // The last checkpoint done, as the writer's next write would wait for it.
  await checkpoints?.commit(writer, open, 0, true, async () => {});
}

const autocheckpoint = () => writer.pragma('wal_autocheckpoint', { simple: true });

describe("the page writer's checkpoints", () => {
  it('run on their own thread when pages piled up, keeping the log to about two stores', async () => {
    const started = vi.fn(checkpointThread);
    const checkpoints = new CheckpointsAside(started, connection, { warn: () => {} });
    try {
      await tenStores(checkpoints);
    } finally {
      await checkpoints.close();
    }
    expect(started).toHaveBeenCalledTimes(1);
    // The writer's own checkpoints are off for such a store only.
    expect(autocheckpoint()).toBe(CHECKPOINT_PAGES);
    const kept = walBytes();
    expect(writer.prepare(`SELECT count(*) FROM activity_log`).pluck().get()).toBe(2_000);

    await tenStores(null);
    // The log started over every two stores, then took all ten of the next.
    expect(kept).toBeLessThan(walBytes() / 3);
  });

  it("are the writer's own at the service's pace, a few pages a store", async () => {
    const started = vi.fn(checkpointThread);
    const checkpoints = new CheckpointsAside(started, connection, { warn: () => {} });
    await tenStores(checkpoints, PAGES_PER_STORE);
    await checkpoints.close();
    expect(started).not.toHaveBeenCalled();
    expect(autocheckpoint()).toBe(CHECKPOINT_PAGES);
  });

  it('are made by the writer when their thread cannot make them', async () => {
    const thread = checkpointThread();
    await thread.close();
    const warn = vi.fn();
    const checkpoints = new CheckpointsAside(() => thread, connection, { warn });
    await tenStores(checkpoints);
    const kept = walBytes();
    await tenStores(null);
    expect(kept).toBeLessThan(walBytes() / 3);
    // One checkpoint every two stores: each copies the pages both stores changed once.
    expect(warn).toHaveBeenCalledTimes(5);
    expect(warn.mock.calls[0]![0]).toMatch(/the page writer made it/);
  });

  it("copy a pile at its listing's end, or at a store of pages that did not pile up", async () => {
    const thread = checkpointThread();
    const made = vi.spyOn(thread, 'call');
    const checkpoints = new CheckpointsAside(() => thread, connection, { warn: () => {} });
    const store = (pages: number, ends: boolean) =>
      checkpoints.commit(writer, open, pages, ends, async () => {
        writer.exec(
          `INSERT INTO activity_log (at, workspace_id, kind, summary) VALUES ('t', 'w', 'sync', 's')`,
        );
      });
    try {
      await store(PAGES_PER_STORE + 1, false);
      await store(PAGES_PER_STORE + 1, false);
      expect(made).not.toHaveBeenCalled();
      // The sync caught up: the writer's own checkpoint would copy the pile on its thread.
      await store(PAGES_PER_STORE, false);
      expect(made).toHaveBeenCalledTimes(1);
      await store(PAGES_PER_STORE, false);
      expect(made).toHaveBeenCalledTimes(1);
      await store(PAGES_PER_STORE + 1, false);
      await store(PAGES_PER_STORE + 1, true);
      expect(made).toHaveBeenCalledTimes(2);
    } finally {
      await checkpoints.close();
    }
  });

  it('copy what the core committed when it asks, on the thread', async () => {
    const thread = checkpointThread();
    const made = vi.spyOn(thread, 'call');
    const checkpoints = new CheckpointsAside(() => thread, connection, { warn: () => {} });
    // The core's connection, which never copies the log itself.
    cache.db.pragma('wal_autocheckpoint = 0');
    const mib = 'x'.repeat(1024 * 1024);
    for (let i = 0; i < 8; i++)
      cache.db
        .prepare(
          `INSERT INTO activity_log (at, workspace_id, kind, summary) VALUES ('t', 'w', 'x', ?)`,
        )
        .run(mib);
    expect(logFrames(cache.file)).toBeGreaterThan(8 * 64);
    const before = fs.statSync(cache.file).size;
    try {
      await checkpoints.others(open);
      expect(made).toHaveBeenCalledTimes(1);
      expect(fs.statSync(cache.file).size).toBeGreaterThan(before + 8 * 1024 * 1024);
    } finally {
      await checkpoints.close();
    }
  });

  it("hold the writer's connection open until the thread's checkpoint is done", async () => {
    const checkpoints = new CheckpointsAside(checkpointThread, connection, { warn: () => {} });
    try {
      await checkpoints.commit(writer, open, PAGES_PER_STORE + 1, true, async () => {
        writer.exec(
          `INSERT INTO activity_log (at, workspace_id, kind, summary) VALUES ('t', 'w', 'sync', 's')`,
        );
      });
      // The workspace closes while the thread checkpoints: the two connections must not close at
      // the same moment, or neither copies the log into the file.
      connection.coreOpened(null);
      expect(connection.current()).toBe(writer);
    } finally {
      await checkpoints.close();
    }
    expect(writer.open).toBe(false);
    expect(connection.current()).toBeNull();
  });
});
