import type Database from 'better-sqlite3';
import { type Logger } from '../logging/log';

/**
 * How long a switched-away session's cache stays open: operations already running on it (a query
 * between two awaits, a sync page) get to finish or notice their aborted signal instead of hitting
 * a closed database.
 */
const RETIRE_GRACE_MS = 5_000;

/** The caches of sessions that ended, each closed at once or after its grace. */
export class RetiringCaches {
  private readonly retiring = new Map<
    Database.Database,
    { workspaceId: string; timer: NodeJS.Timeout }
  >();

  constructor(private readonly log: Logger) {}

  /** Closes a session's cache now, or once operations still running on it had time to end. */
  retire(db: Database.Database, workspaceId: string, when: 'now' | 'soon'): void {
    if (when === 'now') return this.close(db, workspaceId);
    const timer = setTimeout(() => this.close(db, workspaceId), RETIRE_GRACE_MS);
    timer.unref();
    this.retiring.set(db, { workspaceId, timer });
  }

  /** Closes the caches still in their grace period: all of them, or one workspace's. */
  closeAll(workspaceId?: string): void {
    for (const [db, entry] of this.retiring) {
      if (workspaceId === undefined || entry.workspaceId === workspaceId)
        this.close(db, entry.workspaceId);
    }
  }

  private close(db: Database.Database, workspaceId: string): void {
    clearTimeout(this.retiring.get(db)?.timer);
    this.retiring.delete(db);
    try {
      if (db.open) db.close();
    } catch (error) {
      this.log.warn(`closing the cache of workspace ${workspaceId} failed`, error);
    }
  }
}
