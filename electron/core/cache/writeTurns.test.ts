import { once } from 'node:events';
import { Worker } from 'node:worker_threads';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openTempCache, type TempCache } from '../operations/testing/tempCache';
import { takingTurns, WriteTurns } from './writeTurns';

let cache: TempCache;
beforeEach(() => {
  cache = openTempCache('write-turns');
});
afterEach(() => cache.close());

describe('a connection taking turns', () => {
  it('asks for the lock from before each transaction begins to after it ends, however begun', () => {
    const turns = new WriteTurns(undefined, 'core');
    const db = takingTurns(cache.db, turns);
    const seen: boolean[] = [];
    const write = db.transaction((kind: string) => {
      seen.push(turns.asked());
      db.prepare(
        `INSERT INTO activity_log (at, workspace_id, kind, summary) VALUES ('t', 'w', 'x', ?)`,
      ).run(kind);
    });
    write('default');
    write.immediate('immediate');
    write.deferred('deferred');
    // Nested: a savepoint inside the outer transaction, still asking.
    db.transaction(() => write('nested'))();
    expect(seen).toEqual([true, true, true, true]);
    expect(turns.asked()).toBe(false);
    expect(db.prepare(`SELECT count(*) FROM activity_log`).pluck().get()).toBe(4);
  });

  it('asks for the lock while a statement writes outside a transaction, never while one reads', () => {
    const turns = new WriteTurns(undefined, 'core');
    const db = takingTurns(cache.db, turns);
    db.function('asked', { deterministic: false }, () => (turns.asked() ? 'yes' : 'no'));
    const record = db.prepare(
      `INSERT INTO activity_log (at, workspace_id, kind, summary) VALUES ('t', 'w', 'x', asked())`,
    );
    record.run();
    expect(db.prepare(`SELECT summary FROM activity_log`).pluck().get()).toBe('yes');
    expect(db.prepare(`SELECT asked()`).pluck().get()).toBe('no');
    // Inside a transaction the statement asks no more than the transaction does.
    db.transaction(() => record.run())();
    expect(turns.asked()).toBe(false);
    expect(db.prepare(`SELECT count(*) FROM activity_log`).pluck().get()).toBe(2);
  });

  it('stops asking when its transaction fails', () => {
    const turns = new WriteTurns(undefined, 'core');
    const db = takingTurns(cache.db, turns);
    expect(() =>
      db.transaction(() => {
        throw new Error('no space left');
      })(),
    ).toThrow('no space left');
    expect(turns.asked()).toBe(false);
  });
});

describe('the page writer letting another thread in', () => {
  it('goes on at once when nobody asks, and once the thread that asked is done', async () => {
    const turns = new WriteTurns();
    turns.letIn(60_000);
    // Another thread asks as `WriteTurns.take` does, and is done when told.
    const other = new Worker(
      `const { parentPort, workerData } = require('node:worker_threads');
       const waiting = new Int32Array(workerData);
       Atomics.add(waiting, 0, 1);
       parentPort.postMessage('asked');
       parentPort.once('message', () => {
         Atomics.sub(waiting, 0, 1);
         Atomics.notify(waiting, 0);
       });`,
      { eval: true, workerData: turns.shared },
    );
    try {
      await once(other, 'message');
      expect(turns.asked()).toBe(true);
      other.postMessage('done');
      turns.letIn(60_000);
      expect(turns.asked()).toBe(false);
    } finally {
      await other.terminate();
    }
  });

  it('goes on after its time when the thread that asked is not done', () => {
    const turns = new WriteTurns();
    const stuck = new WriteTurns(turns.shared, 'importWizard');
    stuck.take(() => {
      turns.letIn(5);
      expect(turns.asked()).toBe(true);
    });
  });

  it('no longer waits for a thread that stopped while asking, once the thread is started again', async () => {
    const turns = new WriteTurns();
    // The import wizard's thread asks (its place is the second) and stops before it is done.
    const stopped = new Worker(
      `const { workerData } = require('node:worker_threads');
       Atomics.add(new Int32Array(workerData), 1, 1);`,
      { eval: true, workerData: turns.shared },
    );
    await once(stopped, 'exit');
    expect(turns.asked()).toBe(true);
    new WriteTurns(turns.shared, 'importWizard');
    expect(turns.asked()).toBe(false);
    turns.letIn(60_000);
  });
});
