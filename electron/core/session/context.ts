import type Database from 'better-sqlite3';
import { type AppEvent } from '../../shared/contract';
import { type Workspace } from '../../shared/contract/workspaces';
import { type ApiClient } from '../api/types';
import { type Logger } from '../logging/log';
import { type PageWriter } from './pageWriter';

/** A workspace's cache file as it was opened: each open of a file is a generation of its own. */
export interface OpenedCache {
  workspace: Workspace;
  file: string;
  /** Moves each time a cache is opened (a switch back, a rebuild): connections elsewhere reopen. */
  generation: number;
}

/** The open workspace: its record, its API client (key inside), its cache database. */
export interface WorkspaceSession {
  readonly workspace: Workspace;
  readonly api: ApiClient;
  readonly db: Database.Database;
  /** Where a sync stores its pages: a thread of its own in the app; through `db` when absent. */
  readonly pages?: PageWriter;
  /** Aborted when the workspace is closed or switched: long work stops with it. */
  readonly signal: AbortSignal;
}

/**
 * What every feature's handlers are given. Main and the host build one at start-up; core never
 * learns which process it runs in.
 */
export interface AppContext {
  readonly dataDir: string;
  /** The app's log: failures no person is waiting on are written here with their cause. */
  readonly log: Logger;
  emit(event: AppEvent): void;
  /** The open workspace; throws AppError NOT_FOUND ("Open a workspace first") when none is. */
  session(): WorkspaceSession;
  /** Called with each newly opened session, so features can start background work (sync). */
  onSessionOpened(listener: (session: WorkspaceSession) => void): () => void;
}
