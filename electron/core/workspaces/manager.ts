import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type Database from 'better-sqlite3';
import { type AppEvent } from '../../shared/contract';
import {
  type AssistantAccessView,
  type KeyStorage,
  type Simulation,
  type Workspace,
} from '../../shared/contract/workspaces';
import { AppError } from '../../shared/errors';
import { type ApiClient } from '../api/types';
import { assistantAccessView } from '../assistants/assistantAccess';
import { assistantActivity } from '../assistants/assistantActivity';
import { fileCheckDue } from '../cache/fileCheckRecord';
import { type CacheRebuild, type OpenCacheOptions } from '../cache/openCache';
import { type OpenedCache, type WorkspaceSession } from '../session/context';
import { prepareDataDir } from '../files/dataDirSetup';
import { type PageWriter } from '../session/pageWriter';
import { type Logger } from '../logging/log';
import { removeHeld } from '../files/heldFiles';
import { ensurePrivateDir } from '../files/privateFiles';
import { defaultWorkspaceName, normaliseBaseUrl } from './baseUrl';
import { recordRebuild, recordSound, recordUnrebuilt } from './cacheNotes';
import { type DemoServer, DemoService } from './demoService';
import { FileCheckRun } from './fileCheckRun';
import { lockedApiClient } from './lockedApiClient';
import { DEMO_WORKSPACE_ID, WorkspaceRegistry, type WorkspaceRecord } from './registry';
import { RetiringCaches } from './retiringCaches';
import { type KeyVault, type ShellContext, type WorkspaceOperations } from './types';
import { checkedClient, verifyConfigured } from './verifyKey';

export interface WorkspaceManagerOptions {
  dataDir: string;
  vault: KeyVault;
  log: Logger;
  emit(event: AppEvent): void;
  createApiClient(options: { baseUrl: string; apiKey: string }): ApiClient;
  /** Opens a workspace's cache file; tells `onRebuilt` when a damaged file was replaced. */
  openCache(
    file: string,
    hooks?: Pick<OpenCacheOptions, 'onRebuilt' | 'rebuildFor' | 'onUpdating'>,
  ): Database.Database;
  /**
   * Reads the whole of an open cache file in the background (threads): the first problem
   * found, or null. Without it only what opening reads is checked.
   */
  checkCache?(file: string, signal: AbortSignal): Promise<string | null>;
  /** Starts the local API persisted in `store` (a file under `<dataDir>/demo/`). */
  startDemo(options: { store: string }): Promise<DemoServer>;
  /**
   * Told the open workspace's cache file each time one opens, and null when none is open: told
   * null once the session's own connection is closed, when it closes at once.
   */
  onCacheOpened?(cache: OpenedCache | null): void;
  /** Told before the cache of the workspace named is brought up to date, which it waits for. */
  onCacheUpdating?(workspaceName: string): void;
  /** Where the sync of a cache just opened stores its pages; through the session's own connection when absent. */
  pageWriter?(cache: OpenedCache): PageWriter;
  /** The clock of the whole-file check's schedule; the system's by default. */
  now?(): Date;
}

interface OpenSession extends WorkspaceSession {
  readonly controller: AbortController;
}

/** What a rebuild empties, and the activity log that records it: the renderer refetches them. */
const REBUILT_TABLES = ['submissions', 'forms', 'questions', 'sync_state', 'activity'];

/**
 * Owns the workspaces and the one open session. Implements the AppContext every feature receives:
 * opening a workspace builds its API client (key inside) and opens its cache; switching closes the
 * previous session first (its signal aborts at once, its database a few seconds later). Changes
 * run one at a time.
 */
export class WorkspaceManager implements ShellContext, WorkspaceOperations {
  readonly dataDir: string;
  private readonly registry: WorkspaceRegistry;
  private readonly listeners = new Set<(session: WorkspaceSession) => void>();
  private current: OpenSession | null = null;
  private readonly retiring: RetiringCaches;
  private readonly demo: DemoService;
  private queue: Promise<unknown> = Promise.resolve();
  private opens = 0;
  private readonly checking: FileCheckRun;
  private readonly now: () => Date;

  constructor(private readonly options: WorkspaceManagerOptions) {
    this.now = options.now ?? (() => new Date());
    this.dataDir = options.dataDir;
    prepareDataDir(options.dataDir);
    this.registry = new WorkspaceRegistry(options.dataDir);
    this.demo = new DemoService(options.dataDir, options.log, options.startDemo);
    this.retiring = new RetiringCaches(options.log);
    this.checking = new FileCheckRun(options.checkCache);
    assistantActivity(this);
  }

  get workspaces(): WorkspaceOperations {
    return this;
  }

  emit(event: AppEvent): void {
    this.options.emit(event);
  }

  get log(): Logger {
    return this.options.log;
  }

  session(): WorkspaceSession {
    if (!this.current) throw new AppError('NOT_FOUND', 'Open a workspace first.');
    return this.current;
  }

  onSessionOpened(listener: (session: WorkspaceSession) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async list(): Promise<{
    workspaces: Workspace[];
    currentId: string | null;
    keyring: ReturnType<KeyVault['status']>;
  }> {
    const workspaces = await Promise.all(
      this.registry.all().map((record) => this.describe(record)),
    );
    return {
      workspaces,
      currentId: this.current?.workspace.id ?? null,
      keyring: this.options.vault.status(),
    };
  }

  add(input: Parameters<WorkspaceOperations['add']>[0]): Promise<Workspace> {
    return this.serial(async () => {
      const baseUrl = normaliseBaseUrl(input.baseUrl);
      const api = await checkedClient(this.options, baseUrl, input.apiKey, input.keyStorage);

      const id = randomUUID();
      const keyStorage = await this.options.vault.put(id, input.apiKey, input.keyStorage);
      let record: WorkspaceRecord;
      try {
        const name = input.name ?? defaultWorkspaceName(baseUrl);
        record = this.registry.add({ id, name, kind: 'remote', baseUrl, keyStorage });
      } catch (error) {
        await this.options.vault.remove(id);
        throw error;
      }
      this.options.log.info(`workspace ${id} added for ${new URL(baseUrl).host}`);
      return this.open(record, api);
    });
  }

  setKey(input: { id: string; apiKey: string; keyStorage: KeyStorage }): Promise<Workspace> {
    return this.serial(async () => {
      const record = this.registry.require(input.id);
      if (record.kind === 'demo')
        throw new AppError('INVALID_INPUT', 'The demo workspace needs no key.');
      const api = await checkedClient(this.options, record.baseUrl, input.apiKey, input.keyStorage);
      const keyStorage = await this.options.vault.put(record.id, input.apiKey, input.keyStorage);
      return this.open(this.registry.update(record.id, { keyStorage }), api);
    });
  }

  rename(input: { id: string; name: string }): Promise<Workspace> {
    return this.serial(async () =>
      this.describe(this.registry.update(input.id, { name: input.name })),
    );
  }

  remove(input: { id: string }): Promise<{ removed: boolean }> {
    return this.serial(async () => {
      const record = this.registry.get(input.id);
      if (!record) return { removed: false };
      if (this.current?.workspace.id === record.id) await this.closeNow();
      this.retiring.closeAll(record.id);
      if (record.kind === 'demo') {
        await this.demo.stop();
        removeHeld(join(this.dataDir, 'demo'));
      }
      await this.options.vault.remove(record.id);
      removeHeld(this.workspaceDir(record.id));
      this.registry.remove(record.id);
      this.options.log.info(`workspace ${record.id} removed with its key and cache`);
      return { removed: true };
    });
  }

  select(input: { id: string }): Promise<Workspace> {
    return this.serial(() => this.selectNow(input.id));
  }

  simulation(): Promise<Simulation> {
    return this.demo.simulation(this.current?.workspace.kind === 'demo');
  }

  setSimulation({ on }: { on: boolean }): Promise<Simulation> {
    return this.demo.setSimulation(this.current?.workspace.kind === 'demo', on);
  }

  async assistantAccess({ id }: { id: string }): Promise<AssistantAccessView> {
    return assistantAccessView(this.dataDir, this.registry.require(id));
  }

  /** Written to `workspaces.json`, which the assistants' server reads at every call. */
  setAssistantAccess(input: {
    id: string;
    allowed: boolean;
    includeContacts: boolean;
  }): Promise<AssistantAccessView> {
    return this.serial(async () => {
      const assistants = { allowed: input.allowed, includeContacts: input.includeContacts };
      const record = this.registry.update(input.id, { assistants });
      this.options.log.info(
        `workspace ${record.id}: assistants ${input.allowed ? 'allowed' : 'not allowed'}, contact answers ${input.includeContacts ? 'included' : 'masked'}`,
      );
      return assistantAccessView(this.dataDir, record);
    });
  }

  openDemo(): Promise<Workspace> {
    return this.serial(async () => {
      if (this.registry.get(DEMO_WORKSPACE_ID)) return this.selectNow(DEMO_WORKSPACE_ID);
      const demo = await this.demo.start();
      const record = this.registry.add({
        id: DEMO_WORKSPACE_ID,
        name: 'Demo workspace',
        kind: 'demo',
        baseUrl: demo.baseUrl,
        keyStorage: 'session',
      });
      return this.open(
        record,
        this.options.createApiClient({ baseUrl: demo.baseUrl, apiKey: demo.apiKey }),
      );
    });
  }

  /**
   * Adds a workspace from configuration (browser mode's FORMDESK_API_URL + FORMDESK_API_KEY),
   * checked as `add` checks, except that an unreachable service does not stop the app opening.
   * A workspace with the same base URL is reused: its key is replaced.
   */
  configure(input: { baseUrl: string; apiKey: string; name?: string }): Promise<Workspace> {
    return this.serial(async () => {
      const baseUrl = normaliseBaseUrl(input.baseUrl);
      this.options.log.addSecret(input.apiKey);
      const api = this.options.createApiClient({ baseUrl, apiKey: input.apiKey });
      await verifyConfigured(api, input.apiKey);
      const existing = this.registry
        .all()
        .find((w) => w.kind === 'remote' && w.baseUrl === baseUrl);
      const id = existing?.id ?? randomUUID();
      const keyStorage = await this.options.vault.put(id, input.apiKey, 'session');
      const record = existing
        ? this.registry.update(id, { keyStorage })
        : this.registry.add({
            id,
            name: input.name ?? defaultWorkspaceName(baseUrl),
            kind: 'remote',
            baseUrl,
            keyStorage,
          });
      return this.open(record, api);
    });
  }

  /** Reopens the workspace that was open when the app last closed; null when there is none. */
  async restore(): Promise<Workspace | null> {
    const id = this.registry.currentId;
    if (!id) return null;
    try {
      return await this.select({ id });
    } catch (error) {
      this.options.log.warn(`could not reopen workspace ${id}`, error);
      return null;
    }
  }

  async close(): Promise<void> {
    await this.serial(async () => {
      await this.closeNow();
      this.retiring.closeAll();
      await this.demo.stop();
    });
  }

  private async selectNow(id: string): Promise<Workspace> {
    const record = this.registry.require(id);
    if (record.kind === 'demo') {
      const demo = await this.demo.start();
      const updated =
        record.baseUrl === demo.baseUrl
          ? record
          : this.registry.update(id, { baseUrl: demo.baseUrl });
      return this.open(
        updated,
        this.options.createApiClient({ baseUrl: demo.baseUrl, apiKey: demo.apiKey }),
      );
    }
    const apiKey = await this.options.vault.get(id);
    if (apiKey === null) {
      // Its cache still opens: browsing works offline; syncing asks for the key (workspaces.setKey).
      const workspace = this.open(record, lockedApiClient(record.baseUrl, record.name), false);
      this.emit({ type: 'connection.changed', workspaceId: id, state: 'unauthorized' });
      return workspace;
    }
    this.options.log.addSecret(apiKey);
    return this.open(record, this.options.createApiClient({ baseUrl: record.baseUrl, apiKey }));
  }

  /**
   * `rebuildFor`: damage the whole-file check found, for which the file is rebuilt; `check: false`
   * opens the file without reading it whole again this session.
   */
  private open(
    record: WorkspaceRecord,
    api: ApiClient,
    keyAvailable = true,
    { rebuildFor, check = true }: { rebuildFor?: string; check?: boolean } = {},
  ): Workspace {
    this.closeSession();
    const dir = this.workspaceDir(record.id);
    ensurePrivateDir(dir);
    const file = join(dir, 'cache.sqlite');
    let rebuilt: CacheRebuild | null = null;
    const db = this.options.openCache(file, {
      onRebuilt: (rebuild) => (rebuilt = rebuild),
      onUpdating: () => this.options.onCacheUpdating?.(record.name),
      ...(rebuildFor === undefined ? {} : { rebuildFor }),
    });
    if (rebuilt) recordRebuild(this.options.log, db, record.id, rebuilt);
    const workspace: Workspace = { ...record, keyAvailable };
    const opened: OpenedCache = { workspace, file, generation: ++this.opens };
    const controller = new AbortController();
    const pages = this.options.pageWriter?.(opened);
    const session: OpenSession = {
      workspace,
      api,
      db,
      signal: controller.signal,
      controller,
      ...(pages ? { pages } : {}),
    };
    this.current = session;
    this.registry.setCurrent(record.id);
    this.options.onCacheOpened?.(opened);
    // Damage comes from disks and other programs, not from a crash (WAL survives those), so the
    // check does not wait for an unclean exit: a file not found sound for a day is read again, in
    // the background, as it can be large.
    if (check && !rebuilt && fileCheckDue(db, this.now())) this.startCheck(session, file);
    for (const listener of this.listeners) {
      try {
        listener(this.current);
      } catch (error) {
        this.options.log.error(`a feature failed to start on workspace ${record.id}`, error);
      }
    }
    return workspace;
  }

  /**
   * Reading a whole cache file takes seconds on a large form, and longer as it grows: it runs after
   * the workspace opened, so the app answers from the start. Damage found then rebuilds the cache
   * as damage found at open does, and the renderer refetches everything.
   */
  private startCheck(session: OpenSession, file: string): void {
    const run = this.checking.start(file, session.signal);
    if (run) void this.afterCheck(session, run.reading, run.signal);
  }

  private async afterCheck(
    session: OpenSession,
    reading: Promise<string | null>,
    signal: AbortSignal,
  ): Promise<void> {
    const id = session.workspace.id;
    let damage: string | null;
    try {
      damage = await reading;
    } catch (error) {
      this.options.log.warn(`the cache of workspace ${id} could not be checked`, error);
      return;
    }
    if (damage === null) {
      // Found sound, or stopped before it could say (a check cut short answers null too): only a
      // check that ran to its end, in a session still open, records the file sound.
      if (!signal.aborted && session.db.open) recordSound(this.options.log, session, this.now());
      return;
    }
    try {
      await this.serial(async () => {
        // Closed or switched meanwhile: the next open checks the file again.
        if (this.current !== session) return;
        // The damaged file is moved aside: nothing may still hold it open.
        this.closeSession('now');
        this.retiring.closeAll(id);
        const record = this.registry.require(id);
        const { api, workspace } = session;
        try {
          this.open(record, api, workspace.keyAvailable, { rebuildFor: damage });
        } catch (error) {
          // Still held by another program (Windows refuses to move it): the workspace goes on
          // with the file as it is, rather than closed under the person; the next open checks it.
          this.open(record, api, workspace.keyAvailable, { check: false });
          recordUnrebuilt(this.options.log, this.session().db, record.id, damage, error);
          this.emit({ type: 'cache.changed', workspaceId: id, tables: ['activity'] });
          return;
        }
        this.emit({ type: 'cache.changed', workspaceId: id, tables: REBUILT_TABLES });
      });
    } catch (error) {
      this.options.log.error(`the damaged cache of workspace ${id} could not be rebuilt`, error);
    }
  }

  /** Ends the open session and closes its cache at once, once the whole-file check let go of it. */
  private async closeNow(): Promise<void> {
    await this.checking.end();
    this.closeSession('now');
  }

  /**
   * Ends the open session: its signal aborts at once; its cache closes now or after the grace. The
   * other threads are told to let go of the file after this connection closed, not at the same
   * moment: two connections closing at once each find the other still open, and neither folds
   * the WAL into the file.
   */
  private closeSession(when: 'now' | 'soon' = 'soon'): void {
    const session = this.current;
    if (!session) return;
    this.current = null;
    session.controller.abort(new AppError('CANCELLED', 'The workspace was closed.'));
    this.retiring.retire(session.db, session.workspace.id, when);
    this.options.onCacheOpened?.(null);
  }

  private async describe(record: WorkspaceRecord): Promise<Workspace> {
    const keyAvailable =
      record.kind === 'demo' || (await this.options.vault.get(record.id)) !== null;
    return { ...record, keyAvailable };
  }

  private workspaceDir(id: string): string {
    return join(this.dataDir, 'workspaces', id);
  }

  /** Runs workspace changes one after another: a switch never interleaves with another. */
  private serial<T>(task: () => Promise<T>): Promise<T> {
    const run = this.queue.then(task, task);
    this.queue = run.catch(() => undefined);
    return run;
  }
}
