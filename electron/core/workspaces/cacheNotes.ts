import { basename } from 'node:path';
import type Database from 'better-sqlite3';
import { AppError } from '../../shared/errors';
import { ActivityLog } from '../cache/activityLog';
import { recordSoundFile } from '../cache/fileCheckRecord';
import { type CacheRebuild } from '../cache/openCache';
import { type WorkspaceSession } from '../session/context';
import { type Logger } from '../logging/log';

/**
 * Notes the file found sound. A write the cache keeps busy longer than a connection waits (a
 * first sync storing page after page on a slow machine) is not worth the thread it runs on:
 * unnoted, the file is only read again at the next open.
 */
export function recordSound(
  log: Pick<Logger, 'warn'>,
  session: Pick<WorkspaceSession, 'db' | 'workspace'>,
  now: Date,
): void {
  try {
    recordSoundFile(session.db, now);
  } catch (error) {
    log.warn(
      `the cache of workspace ${session.workspace.id} was read whole and found sound, but that could not be noted; it is read again when the workspace next opens`,
      error,
    );
  }
}

/**
 * A damaged cache that could not be rebuilt, and goes on being used: the person finds why in
 * Activity, as far as the damaged file still takes a write.
 */
export function recordUnrebuilt(
  log: Pick<Logger, 'error' | 'warn'>,
  db: Database.Database,
  workspaceId: string,
  damage: string,
  error: unknown,
): void {
  log.error(`the damaged cache of workspace ${workspaceId} could not be rebuilt`, error);
  // The open's own sentence says what to do; anything else is wrapped in one.
  const why =
    error instanceof AppError
      ? error.message
      : `The local cache is damaged and could not be rebuilt (${error instanceof Error ? error.message : String(error)}).`;
  try {
    recordCacheEntry(db, workspaceId, 'cache.damaged', {
      summary: `${why} Until then, Formdesk goes on with the cache as it is.`,
      snapshot: { reason: damage },
    });
  } catch (failure) {
    log.warn(`the damaged cache of workspace ${workspaceId} took no note of it`, failure);
  }
}

/**
 * A damaged cache was replaced by an empty one: the person finds it in Activity, with where the
 * damaged file was kept; sync then refills the rows from the server.
 */
export function recordRebuild(
  log: Pick<Logger, 'warn'>,
  db: Database.Database,
  workspaceId: string,
  rebuild: CacheRebuild,
): void {
  log.warn(`the cache of workspace ${workspaceId} was damaged and rebuilt: ${rebuild.reason}`);
  const kept = rebuild.movedTo ? ` The damaged file was kept as ${basename(rebuild.movedTo)}.` : '';
  recordCacheEntry(db, workspaceId, 'cache.rebuilt', {
    summary: `The local cache was damaged and has been rebuilt; submissions are fetched again from the server.${kept}`,
    snapshot: rebuild,
  });
}

/** An Activity entry about a workspace's cache as a whole: no form or submission of its own. */
function recordCacheEntry(
  db: Database.Database,
  workspaceId: string,
  kind: 'cache.rebuilt' | 'cache.damaged',
  { summary, snapshot }: { summary: string; snapshot: unknown },
): void {
  new ActivityLog(db).record({
    at: new Date().toISOString(),
    workspaceId,
    kind,
    formId: null,
    submissionId: null,
    summary,
    snapshot,
  });
}
