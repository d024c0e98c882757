import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { connectCache } from '../core/cache/openCache';
import { openTempCache, type TempCache } from '../core/operations/testing/tempCache';
import { CacheConnection } from './cacheConnection';
import { openedCache } from './testing/openedCache';

let cache: TempCache;
beforeEach(() => {
  cache = openTempCache('cache-connection');
});
afterEach(() => cache.close());

const opening = (generation: number) => openedCache(cache.file, generation);

describe("a thread's connection to the cache", () => {
  it('closes when the core closes the workspace or opens it anew, and not while it stays open', () => {
    const connection = new CacheConnection(connectCache);
    const db = connection.to(opening(1));
    connection.coreOpened(opening(1));
    expect(db.open).toBe(true);
    expect(connection.isOn(opening(1))).toBe(true);
    expect(connection.isOn(opening(2))).toBe(false);
    connection.coreOpened(opening(2));
    expect(db.open).toBe(false);
    expect(connection.isOn(opening(1))).toBe(false);
    expect(connection.current()).toBeNull();

    const again = connection.to(opening(2));
    connection.coreOpened(null);
    expect(again.open).toBe(false);
  });

  it('outlives the core moving on while a call still uses it, and closes as the last call ends', async () => {
    const connection = new CacheConnection(connectCache);
    let finish = () => {};
    const held = new Promise<void>((resolve) => (finish = resolve));
    const call = connection.serving(async () => {
      const db = connection.to(opening(1));
      await held;
      return db.prepare('SELECT count(*) FROM activity_log').pluck().get();
    });
    connection.coreOpened(null);
    expect(connection.current()?.open).toBe(true);
    expect(connection.isOn(opening(1))).toBe(false);
    finish();
    expect(await call).toBe(0);
    expect(connection.current()).toBeNull();
  });
});
