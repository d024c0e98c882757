import { statSync } from 'node:fs';
import Database from 'better-sqlite3';
import { type AssistantAccess } from '../shared/contract/workspaces';
import { AppError } from '../shared/errors';
import { assistantAccessOf, cacheFileOf } from '../core/assistants/assistantAccess';
import { cacheStores, type CacheStores } from '../core/cache/cacheStores';
import { addCacheFunctions } from '../core/cache/cacheFunctions';
import { userVersion } from '../core/cache/migrate';
import { migrations } from '../core/operations/schema';
import { WorkspaceRegistry, type WorkspaceRecord } from '../core/workspaces/registry';

/** What a tool call reads: the workspace, what its owner allowed, and its cache. */
export interface OpenedWorkspace {
  record: WorkspaceRecord;
  access: AssistantAccess;
  /** Null when assistants are not allowed: the cache is then not even opened. */
  stores: CacheStores | null;
}

/**
 * One workspace's cache, read-only, as the assistants' server sees it at each call: the workspace
 * list is read again (a change in Settings counts from the next call, and the server writes
 * nothing to learn it), and the file is opened again when the app replaced it (a rebuild).
 */
export class WorkspaceCache {
  private opened: { file: string; inode: number; db: Database.Database } | null = null;

  constructor(
    private readonly dataDir: string,
    /** A workspace's name or id; without it, the workspace open last in the app. */
    private readonly wanted: string | undefined,
  ) {}

  open(): OpenedWorkspace {
    const record = this.record();
    const access = assistantAccessOf(record);
    if (!access.allowed) {
      this.close();
      return { record, access, stores: null };
    }
    return {
      record,
      access,
      stores: cacheStores(this.connect(cacheFileOf(this.dataDir, record.id))),
    };
  }

  /** The workspace asked for, found in the data dir's list of workspaces. */
  record(): WorkspaceRecord {
    const registry = new WorkspaceRegistry(this.dataDir);
    const all = registry.all();
    const names = all.map((w) => `“${w.name}”`).join(', ');
    if (all.length === 0)
      throw new AppError(
        'NOT_FOUND',
        `There is no Formdesk workspace in ${this.dataDir}: open Formdesk with this data folder first.`,
      );
    if (this.wanted !== undefined) {
      const wanted = this.wanted.trim().toLowerCase();
      const found =
        all.find((w) => w.id === this.wanted) ??
        all.find((w) => w.name.trim().toLowerCase() === wanted);
      if (!found)
        throw new AppError(
          'NOT_FOUND',
          `No workspace named “${this.wanted}” in Formdesk; there are ${names}.`,
        );
      return found;
    }
    const current = all.find((w) => w.id === registry.currentId);
    if (current) return current;
    if (all.length === 1) return all[0]!;
    throw new AppError(
      'NOT_FOUND',
      `Say which workspace to read with --workspace: there are ${names}.`,
    );
  }

  close(): void {
    if (this.opened?.db.open) this.opened.db.close();
    this.opened = null;
  }

  private connect(file: string): Database.Database {
    let inode: number;
    try {
      inode = statSync(file).ino;
    } catch {
      this.close();
      throw new AppError(
        'NOT_FOUND',
        'This workspace has no local copy yet: open it in Formdesk once and let it sync.',
      );
    }
    const { opened } = this;
    if (opened && opened.file === file && opened.inode === inode && opened.db.open)
      return opened.db;
    this.close();
    // Its own connection, read-only: WAL lets it read the last commit while the app writes the next.
    const db = new Database(file, { readonly: true, fileMustExist: true });
    try {
      db.pragma('busy_timeout = 5000');
      addCacheFunctions(db);
      const version = userVersion(db);
      const latest = migrations.at(-1)?.version ?? 0;
      if (version !== latest)
        throw new AppError(
          'DB',
          version > latest
            ? 'This workspace was last opened by a newer Formdesk: start the assistants’ server from that version.'
            : 'This workspace’s local copy is from an older Formdesk: open it in Formdesk once, then ask again.',
        );
    } catch (error) {
      db.close();
      throw error;
    }
    this.opened = { file, inode, db };
    return db;
  }
}
