import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openCache } from '../core/operations/workspaceCache';
import { writeCacheDamagedInside } from '../core/operations/testing/damagedCache';
import { fullCheckInThread } from './fullCheck';

const checkCacheFile = fullCheckInThread(undefined);

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'formdesk-check-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const now = { delayMs: 0 };

describe('the whole-file check on a thread of its own', () => {
  it('finds nothing wrong with a sound file, while the app holds it open', async () => {
    const file = path.join(dir, 'sound.sqlite');
    const db = openCache(file);
    expect(await checkCacheFile(file, new AbortController().signal, now)).toBeNull();
    db.close();
  });

  it("lets go of the file before it answers, while the cores are busy: the app's connection, closed next, removes the WAL", async () => {
    // The check's thread runs below the app's: with both cores taken, one that answered before
    // its connection closed left the WAL behind four checks in five.
    const busy = [0, 1].map(() => new Worker('for (;;) {}', { eval: true }));
    try {
      for (const name of ['a', 'b', 'c', 'd', 'e']) {
        const file = path.join(dir, `${name}.sqlite`);
        const db = openCache(file);
        expect(await checkCacheFile(file, new AbortController().signal, now)).toBeNull();
        db.close();
        expect(fs.readdirSync(dir).filter((entry) => entry.startsWith(`${name}.`))).toEqual([
          `${name}.sqlite`,
        ]);
      }
    } finally {
      await Promise.all(busy.map((thread) => thread.terminate()));
    }
  });

  it('reports the first problem in pages that opening does not read', async () => {
    const file = path.join(dir, 'damaged.sqlite');
    writeCacheDamagedInside(file, 'an entry');
    expect(await checkCacheFile(file, new AbortController().signal, now)).toMatch(/\S/);
  });

  it('reports a file that is not a database as damage', async () => {
    const file = path.join(dir, 'junk.sqlite');
    fs.writeFileSync(file, 'not a database '.repeat(1000));
    expect(await checkCacheFile(file, new AbortController().signal, now)).toMatch(/not a database/);
  });

  it('rejects when the check cannot run at all', async () => {
    const missing = path.join(dir, 'missing.sqlite');
    await expect(checkCacheFile(missing, new AbortController().signal, now)).rejects.toThrow(
      /could not run/,
    );
  });

  it('answers null without reading when the workspace closes before the check starts', async () => {
    const file = path.join(dir, 'damaged.sqlite');
    writeCacheDamagedInside(file, 'an entry');
    const closed = new AbortController();
    const check = checkCacheFile(file, closed.signal, { delayMs: 60_000 });
    closed.abort();
    expect(await check).toBeNull();
  });
});
