import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../../shared/errors';
import { userVersion, type Migration } from './migrate';
import { migrations } from './migrations';
import { openCache, type CacheRebuild } from './openCache';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'formdesk-cache-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const latest = migrations.at(-1)?.version ?? 0;

function logActivity(file: string, summary: string): void {
  const db = openCache(file);
  db.prepare(
    `INSERT INTO activity_log (at, workspace_id, kind, summary) VALUES ('2026-01-01T00:00:00.000Z', 'w1', 'submission.deleted', ?)`,
  ).run(summary);
  db.close();
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
    const rebuilds: CacheRebuild[] = [];
    const db = openCache(file, { onRebuilt: (r) => rebuilds.push(r), now: () => new Date('2026-03-04T05:06:07.890Z') });
    expect(userVersion(db)).toBe(latest);
    db.close();
    expect(rebuilds).toHaveLength(1);
    expect(rebuilds[0]?.movedTo).toBe(`${file}.damaged-2026-03-04T05-06-07-890Z`);
    expect(fs.readFileSync(rebuilds[0]?.movedTo ?? '', 'utf8')).toMatch(/^this is not a database/);
  });

  it('copies the activity log out of a file with damaged pages', () => {
    const file = path.join(dir, 'damaged.sqlite');
    logActivity(file, 'kept through the rebuild');
    // Grow the cache part so the damage lands in submission pages, past the small durable tables.
    const db = openCache(file);
    const insert = db.prepare(
      `INSERT INTO submissions (form_id, submission_id, status, submission_time, raw, synced_at) VALUES ('f', ?, 'finished', 't', ?, 't')`,
    );
    db.transaction(() => {
      for (let i = 0; i < 2000; i++) insert.run(`s${i}`, 'x'.repeat(300));
    })();
    db.pragma('wal_checkpoint(TRUNCATE)');
    db.close();
    const before = fs.statSync(file).size;
    const fd = fs.openSync(file, 'r+');
    fs.writeSync(fd, Buffer.alloc(64 * 1024, 0xab), 0, 64 * 1024, Math.floor(before / 2));
    fs.closeSync(fd);

    const rebuilds: CacheRebuild[] = [];
    const reopened = openCache(file, { onRebuilt: (r) => rebuilds.push(r) });
    expect(rebuilds).toHaveLength(1);
    const kept = reopened.prepare('SELECT summary FROM activity_log').all();
    expect(kept).toEqual([{ summary: 'kept through the rebuild' }]);
    expect(reopened.prepare('SELECT count(*) AS n FROM submissions').get()).toEqual({ n: 0 });
    reopened.close();
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
