import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { connectCache, type CacheDb } from './openCache';
import { SyncStateStore } from './syncStateStore';
import { openTempCache, type TempCache } from '../operations/testing/tempCache';
import { takingTurns, WriteTurns } from './writeTurns';

let cache: TempCache;
let db: CacheDb;
beforeEach(() => {
  cache = openTempCache('sync-state');
  db = cache.db;
});
afterEach(() => cache.close());

describe('SyncStateStore: requests for a walk', () => {
  it('lets a walk answer the requests made before it opened, and none made while it ran', () => {
    const state = new SyncStateStore(db);
    const due = () => state.get('f1', 'finished').reconcileDue;
    expect(due()).toBe(false);
    state.askWalk('f1', 'finished');
    state.askWalk('f1', 'finished');
    expect(due()).toBe(true);
    expect(state.get('f1', 'in_progress').reconcileDue).toBe(false);

    state.walkOpened('f1', 'finished');
    state.askWalk('f1', 'finished');
    state.walkAnswered('f1', 'finished');
    expect(due()).toBe(true);

    state.walkOpened('f1', 'finished');
    state.walkAnswered('f1', 'finished');
    expect(due()).toBe(false);
    // A walk not asked for (the periodic one) answers nothing, and leaves nothing due.
    state.walkOpened('f1', 'finished');
    state.walkAnswered('f1', 'finished');
    expect(due()).toBe(false);
  });

  it('keeps what a walk under way answers across a restart', () => {
    const before = new SyncStateStore(db);
    before.askWalk('f1', 'finished');
    before.walkOpened('f1', 'finished');
    before.askWalk('f1', 'finished');
    db.close();
    db = cache.reopen();
    const after = new SyncStateStore(db);
    after.walkAnswered('f1', 'finished');
    expect(after.get('f1', 'finished').reconcileDue).toBe(true);
    after.walkOpened('f1', 'finished');
    after.walkAnswered('f1', 'finished');
    expect(after.get('f1', 'finished').reconcileDue).toBe(false);
  });
});

describe('SyncStateStore: writing', () => {
  it("writes a form's state in one turn at the file's lock, the first time too", () => {
    // Each turn outside a transaction has the page writer commit early and let the writer in.
    class CountedTurns extends WriteTurns {
      taken = 0;
      override take<T>(write: () => T): T {
        this.taken++;
        return super.take(write);
      }
    }
    const turns = new CountedTurns(undefined, 'core');
    const state = new SyncStateStore(takingTurns(db, turns));
    state.update('f1', 'finished', { phase: 'incremental', nextOffset: 150, passDisturbed: true });
    state.update('f1', 'finished', { nextOffset: 300 });
    state.askWalk('f2', 'in_progress');
    expect(turns.taken).toBe(3);
    expect(state.get('f1', 'finished')).toMatchObject({
      phase: 'incremental',
      nextOffset: 300,
      passDisturbed: true,
      reconcileDue: false,
    });
    expect(state.get('f2', 'in_progress')).toMatchObject({ phase: 'idle', reconcileDue: true });
    expect(turns.taken).toBe(3);
  });
});

describe('SyncStateStore: reading', () => {
  it("reads a form's state while another connection holds the write lock, once it has one", () => {
    const state = new SyncStateStore(db);
    state.update('f1', 'finished', { nextOffset: 300 });
    const other = connectCache(cache.file);
    try {
      other.exec('BEGIN IMMEDIATE');
      // No wait: a read that needed the lock would fail at once, not after a page writer's store.
      db.pragma('busy_timeout = 0');
      expect(state.get('f1', 'finished').nextOffset).toBe(300);
      expect(() => state.get('f2', 'finished')).toThrow(/locked/);
    } finally {
      other.close();
    }
    expect(state.get('f2', 'finished').nextOffset).toBe(0);
  });
});
