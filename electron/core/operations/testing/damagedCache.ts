import fs from 'node:fs';
import { openCache } from '../workspaceCache';

/** Adds one entry to the activity log, a durable table a rebuild must carry over. */
export function logActivity(file: string, summary: string): void {
  const db = openCache(file);
  db.prepare(
    `INSERT INTO activity_log (at, workspace_id, kind, summary) VALUES ('2026-01-01T00:00:00.000Z', 'w1', 'submission.deleted', ?)`,
  ).run(summary);
  db.close();
}

/**
 * A cache holding `summary` in its activity log and 2,000 submissions, whose middle pages are then
 * overwritten: the header, the schema and the small durable tables still read; a full check of
 * the file does not.
 */
export function writeCacheDamagedInside(file: string, summary: string): void {
  logActivity(file, summary);
  const db = openCache(file);
  const insert = db.prepare(
    `INSERT INTO submissions (form_id, submission_id, status, submission_time, raw, synced_at) VALUES ('f', ?, 'finished', 't', ?, 't')`,
  );
  db.transaction(() => {
    for (let i = 0; i < 2000; i++) insert.run(`s${i}`, Buffer.alloc(300, 'x'));
  })();
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
  const size = fs.statSync(file).size;
  const fd = fs.openSync(file, 'r+');
  fs.writeSync(fd, Buffer.alloc(64 * 1024, 0xab), 0, 64 * 1024, Math.floor(size / 2));
  fs.closeSync(fd);
}
