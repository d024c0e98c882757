import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppError } from '../../shared/errors';
import { userVersion, type Migration } from './migrate';
import { migrations } from '../operations/schema';
import { quickCheck } from './quickCheck';
import { connectCache, type CacheDb, type CacheRebuild } from './openCache';
import { KEPT_COLUMNS } from './keptColumns';
import { openCache } from '../operations/workspaceCache';
import { logActivity, writeCacheDamagedInside } from '../operations/testing/damagedCache';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'formdesk-cache-'));
});
afterEach(() => {
  vi.restoreAllMocks();
  fs.rmSync(dir, { recursive: true, force: true });
});

const latest = migrations.at(-1)?.version ?? 0;

/**
 * A cache damaged past its schema, held open by a reader as the app's threads hold it: its log
 * and shared memory beside it.
 */
function damagedAndHeld(file: string): CacheDb {
  writeCacheDamagedInside(file, 'kept through the rebuild');
  const reader = connectCache(file);
  reader.prepare('SELECT count(*) FROM activity_log').get();
  return reader;
}

/**
 * `fs.renameSync` refusing to move a file while something holds it open, as Windows does
 * (`EBUSY`): `refuses(from, nth)` says whether the `nth` try of moving `from` is refused.
 */
function renamesRefused(refuses: (from: string, nth: number) => boolean): string[] {
  const rename = fs.renameSync.bind(fs);
  const tries: string[] = [];
  vi.spyOn(fs, 'renameSync').mockImplementation((from, to) => {
    const name = path.basename(String(from));
    tries.push(name);
    if (refuses(name, tries.filter((t) => t === name).length))
      throw Object.assign(new Error(`EBUSY: resource busy or locked, rename '${name}'`), {
        code: 'EBUSY',
      });
    rename(from, to);
  });
  return tries;
}

/** Overwrites the middle of the file, where table pages live, keeping the header readable. */
function damagePages(file: string): void {
  const size = fs.statSync(file).size;
  const fd = fs.openSync(file, 'r+');
  fs.writeSync(fd, Buffer.alloc(size - 4096, 0xab), 0, size - 4096, 4096);
  fs.closeSync(fd);
}

describe('openCache', () => {
  it('creates a migrated file in WAL mode with foreign keys and full sync', () => {
    const db = openCache(path.join(dir, 'w.sqlite'));
    expect(userVersion(db)).toBe(latest);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(db.pragma('synchronous', { simple: true })).toBe(2);
    expect(db.pragma('busy_timeout', { simple: true })).toBeGreaterThan(0);
    expect(db.pragma('page_size', { simple: true })).toBe(16384);
    db.close();
  });

  it('syncs every commit of a second writer, but the one writing only what the service gives again', () => {
    const file = path.join(dir, 'w.sqlite');
    const core = openCache(file);
    const writer = connectCache(file);
    const pages = connectCache(file, { refetchable: true });
    try {
      expect(writer.pragma('synchronous', { simple: true })).toBe(2);
      expect(pages.pragma('synchronous', { simple: true })).toBe(1);
      expect(pages.pragma('journal_mode', { simple: true })).toBe('wal');
      // The import journal's connection keeps syncing each commit.
      expect(core.pragma('synchronous', { simple: true })).toBe(2);
    } finally {
      for (const db of [pages, writer, core]) db.close();
    }
  });

  it('says when it brings a file from an earlier Formdesk up to date, and only then', () => {
    const file = path.join(dir, 'w.sqlite');
    const updating = vi.fn();
    const earlier = migrations.slice(0, -1);
    // A new file is made at once.
    openCache(file, { migrations: earlier, onUpdating: updating }).close();
    expect(updating).not.toHaveBeenCalled();
    // The schema's last step is still to run: the file is brought up to date, and it is said
    // before the step runs.
    const last = migrations.at(-1)!;
    const steps: string[] = [];
    updating.mockImplementation(() => steps.push('told'));
    const watched: Migration = { ...last, up: (db) => (steps.push('ran'), last.up(db)) };
    openCache(file, { migrations: [...earlier, watched], onUpdating: updating }).close();
    expect(steps).toEqual(['told', 'ran']);
    // Up to date: nothing to say.
    openCache(file, { onUpdating: updating }).close();
    expect(updating).toHaveBeenCalledTimes(1);
  });

  it('gives back to the disk the pages a step freed when it made a table again', () => {
    const file = path.join(dir, 'p.sqlite');
    const earlier = migrations.filter((m) => m.version < 48);
    const db = openCache(file, { migrations: earlier });
    const add = db.prepare(
      `INSERT INTO submissions (form_id, submission_id, status, submission_time, raw, synced_at)
       VALUES ('f1', ?, 'finished', '2026-01-01T00:00:00.000Z', ?, 't')`,
    );
    const answers = Array.from({ length: 20 }, (_, i) => ({
      id: `q${i}`,
      name: `Question ${i}`,
      type: 'ShortAnswer',
      value: `An answer ${i}`,
    }));
    db.transaction(() => {
      for (let i = 0; i < 2000; i++)
        add.run(`s${i}`, JSON.stringify({ submissionId: `s${i}`, questions: answers }));
    })();
    db.close();
    const before = fs.statSync(file).size;

    const reopened = openCache(file);
    expect(reopened.pragma('freelist_count', { simple: true })).toBe(0);
    expect(reopened.prepare('SELECT count(*) FROM submissions').pluck().get()).toBe(2000);
    reopened.pragma('wal_checkpoint(TRUNCATE)');
    reopened.close();
    expect(fs.statSync(file).size).toBeLessThan(before / 2);
  });

  it('refuses a file from a newer version with a DB error and leaves it in place', () => {
    const file = path.join(dir, 'future.sqlite');
    openCache(file).close();
    const future: Migration = { version: latest + 1, name: 'future', up: () => {} };
    openCache(file, { migrations: [...migrations, future] }).close();
    expect(() => openCache(file)).toThrow(AppError);
    expect(() => openCache(file)).toThrow(/newer version of Formdesk/);
    expect(fs.existsSync(file)).toBe(true);
  });

  it('rebuilds a file that is not a database, keeping the original aside', () => {
    const file = path.join(dir, 'junk.sqlite');
    fs.writeFileSync(file, 'this is not a database file at all, just text'.repeat(200));
    // Answer columns kept of the file's rows: the new file will hold none of them.
    fs.writeFileSync(file + KEPT_COLUMNS, 'codes of the rows of the file replaced');
    const rebuilds: CacheRebuild[] = [];
    const db = openCache(file, {
      onRebuilt: (r) => rebuilds.push(r),
      now: () => new Date('2026-03-04T05:06:07.890Z'),
    });
    expect(userVersion(db)).toBe(latest);
    db.close();
    expect(rebuilds).toHaveLength(1);
    expect(rebuilds[0]?.movedTo).toBe(`${file}.damaged-2026-03-04T05-06-07-890Z`);
    expect(fs.readFileSync(rebuilds[0]?.movedTo ?? '', 'utf8')).toMatch(/^this is not a database/);
    expect(fs.existsSync(file + KEPT_COLUMNS)).toBe(false);
  });

  it('moves a damaged file aside once whatever holds it lets go, trying again meanwhile', () => {
    const file = path.join(dir, 'held.sqlite');
    const reader = damagedAndHeld(file);
    const tries = renamesRefused((name, nth) => name === 'held.sqlite' && nth <= 2);
    const rebuilds: CacheRebuild[] = [];
    const db = openCache(file, { rebuildFor: 'damaged', onRebuilt: (r) => rebuilds.push(r) });
    reader.close();
    expect(tries.filter((name) => name === 'held.sqlite')).toHaveLength(3);
    expect(rebuilds).toEqual([
      expect.objectContaining({
        copied: expect.objectContaining({ activity_log: 1 }),
        movedTo: null,
      }),
    ]);
    expect(db.prepare('SELECT summary FROM activity_log').pluck().all()).toEqual([
      'kept through the rebuild',
    ]);
    db.close();
  });

  it('leaves a damaged file and its log where they were when it cannot move them aside, and says what to do', () => {
    const file = path.join(dir, 'held.sqlite');
    const reader = damagedAndHeld(file);
    // The file moves and its log never does: the file must come back to its log.
    renamesRefused((name) => name === 'held.sqlite-wal');
    let refusal: unknown;
    try {
      openCache(file, { rebuildFor: 'damaged' }).close();
    } catch (error) {
      refusal = error;
    }
    reader.close();
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal).toMatchObject({
      code: 'DB',
      retryable: true,
      message: expect.stringMatching(/could not be moved aside \(EBUSY.*close any program/),
    });
    vi.restoreAllMocks();
    expect(fs.readdirSync(dir)).toEqual(['held.sqlite']);
    const again = connectCache(file);
    expect(again.prepare('SELECT summary FROM activity_log').pluck().all()).toEqual([
      'kept through the rebuild',
    ]);
    again.close();
  });

  it('opens a file damaged past its schema, and rebuilds it when the full check finds the damage', async () => {
    const file = path.join(dir, 'damaged.sqlite');
    writeCacheDamagedInside(file, 'kept through the rebuild');
    const rebuilds: CacheRebuild[] = [];
    // Opening reads the header and the schema only: what lies deeper is the full check's to find.
    openCache(file, { onRebuilt: (r) => rebuilds.push(r) }).close();
    expect(rebuilds).toEqual([]);

    const damage = quickCheck(file);
    expect(damage).toEqual(expect.any(String));
    const reopened = openCache(file, {
      rebuildFor: damage ?? '',
      onRebuilt: (r) => rebuilds.push(r),
    });
    expect(rebuilds).toEqual([
      expect.objectContaining({
        reason: damage,
        copied: expect.objectContaining({ activity_log: 1 }),
      }),
    ]);
    const kept = reopened.prepare('SELECT summary FROM activity_log').all();
    expect(kept).toEqual([{ summary: 'kept through the rebuild' }]);
    expect(reopened.prepare('SELECT count(*) AS n FROM submissions').get()).toEqual({ n: 0 });
    reopened.close();
    expect(quickCheck(file)).toBeNull();
  });

  it('keeps a damaged file aside when its durable tables cannot be read', () => {
    const file = path.join(dir, 'ruined.sqlite');
    logActivity(file, 'lost unless kept aside');
    damagePages(file);
    const rebuilds: CacheRebuild[] = [];
    const db = openCache(file, { onRebuilt: (r) => rebuilds.push(r) });
    db.close();
    expect(rebuilds[0]?.movedTo).not.toBeNull();
    expect(fs.existsSync(rebuilds[0]?.movedTo ?? '')).toBe(true);
  });
});
