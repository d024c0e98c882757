import fs, { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeAll, afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startLocalApi, type LocalApi } from '../../local-api';
import { refusingPort } from '../../local-api/testing/refusingPort';
import { type AppEvent } from '../../shared/contract';
import { createApiClient } from '../api';
import { quickCheck } from '../cache/quickCheck';
import { openCache } from '../operations/workspaceCache';
import { writeCacheDamagedInside } from '../operations/testing/damagedCache';
import { type WorkspaceSession } from '../session/context';
import { createLogger } from '../logging/log';
import { WorkspaceManager, type WorkspaceManagerOptions } from './manager';
import { MemoryKeyVault } from './memoryVault';
import { type KeyringStatus } from './types';

let remote: LocalApi;
let dataDir: string;
let managers: WorkspaceManager[];
const logLines: string[] = [];

beforeAll(async () => {
  remote = await startLocalApi({ port: 0, rateLimit: 0 });
});
afterAll(() => remote.close());

beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'formdesk-workspaces-'));
  managers = [];
});
afterEach(async () => {
  for (const manager of managers) await manager.close();
  rmSync(dataDir, { recursive: true, force: true });
});

function manage(
  options: {
    vault?: MemoryKeyVault;
    events?: AppEvent[];
    checkCache?: boolean | WorkspaceManagerOptions['checkCache'];
    now?: () => Date;
    onCacheOpened?: WorkspaceManagerOptions['onCacheOpened'];
  } = {},
) {
  const vault = options.vault ?? new MemoryKeyVault();
  const demoStores: string[] = [];
  const manager = new WorkspaceManager({
    dataDir,
    vault,
    log: createLogger({ write: (line) => logLines.push(line) }),
    emit: (event) => options.events?.push(event),
    createApiClient: (o) => createApiClient({ ...o, retry: { maxAttempts: 1 } }),
    openCache: (file, hooks) => openCache(file, hooks),
    ...(options.checkCache
      ? {
          checkCache: options.checkCache === true ? checkedSoon : options.checkCache,
        }
      : {}),
    ...(options.now ? { now: options.now } : {}),
    ...(options.onCacheOpened ? { onCacheOpened: options.onCacheOpened } : {}),
    startDemo: ({ store }) => {
      demoStores.push(store);
      return startLocalApi({ port: 0, store, rateLimit: 0 });
    },
  });
  managers.push(manager);
  return { manager, vault, demoStores };
}

const add = (
  manager: WorkspaceManager,
  fields: {
    baseUrl?: string;
    apiKey?: string;
    keyStorage?: 'secure' | 'session' | 'plaintext';
  } = {},
) =>
  manager.add({ baseUrl: remote.baseUrl, apiKey: remote.apiKey, keyStorage: 'secure', ...fields });

/** A workspace added and closed, its cache then damaged past its schema with `summary` logged. */
async function damagedWorkspace(summary: string) {
  const vault = new MemoryKeyVault();
  const first = manage({ vault }).manager;
  const workspace = await add(first);
  await first.close();
  const dir = join(dataDir, 'workspaces', workspace.id);
  writeCacheDamagedInside(join(dir, 'cache.sqlite'), summary);
  return { vault, workspace, dir };
}

/** The activity log of an open session's cache, oldest first. */
const activityOf = (session: WorkspaceSession) =>
  session.db.prepare('SELECT kind, summary FROM activity_log ORDER BY id').all() as {
    kind: string;
    summary: string;
  }[];

/** The whole-file check as the app runs it, answering after the open that started it. */
async function checkedSoon(file: string): Promise<string | null> {
  await new Promise((resolve) => setImmediate(resolve));
  return quickCheck(file);
}

describe('WorkspaceManager', () => {
  it('checks the key with the service before saving anything', async () => {
    const { manager, vault } = manage();
    await expect(add(manager, { apiKey: 'sk_test_wrong_key_0001' })).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
      message: expect.stringContaining('refused this API key'),
    });
    expect((await manager.list()).workspaces).toEqual([]);
    expect(existsSync(join(dataDir, 'workspaces'))).toBe(false);
    expect(JSON.stringify(vault)).not.toContain('sk_test_wrong_key_0001');
  });

  it('tells an unreachable host apart from a refused key', async () => {
    const port = await refusingPort();
    const { manager } = manage();
    await expect(
      add(manager, { baseUrl: `http://127.0.0.1:${port}/v1/api` }),
    ).rejects.toMatchObject({
      code: 'NETWORK',
      message: expect.stringContaining(`Could not reach 127.0.0.1:${port}`),
    });
  });

  it('refuses plain http to a remote host before sending the key anywhere', async () => {
    const { manager } = manage();
    await expect(add(manager, { baseUrl: 'http://api.fillout.com/v1/api' })).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      details: { field: 'baseUrl' },
    });
  });

  it('asks for a choice when the keyring is not secure', async () => {
    const insecure: KeyringStatus = { secure: false, backend: 'basic_text' };
    const { manager } = manage({ vault: new MemoryKeyVault(insecure) });
    await expect(add(manager)).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      details: { field: 'keyStorage' },
    });
    expect((await add(manager, { keyStorage: 'session' })).keyStorage).toBe('session');
  });

  it('opens an added workspace with its own cache file and tells features about it', async () => {
    const { manager } = manage();
    const opened: WorkspaceSession[] = [];
    manager.onSessionOpened((session) => opened.push(session));
    const workspace = await add(manager);

    expect(workspace).toMatchObject({
      kind: 'remote',
      baseUrl: remote.baseUrl,
      keyAvailable: true,
    });
    expect(opened.map((s) => s.workspace.id)).toEqual([workspace.id]);
    const session = manager.session();
    expect(existsSync(join(dataDir, 'workspaces', workspace.id, 'cache.sqlite'))).toBe(true);
    expect(session.db.open).toBe(true);
    expect((await session.api.listForms()).length).toBeGreaterThan(0);
    expect((await manager.list()).currentId).toBe(workspace.id);
  });

  it('reopens the last workspace after a restart, with the key from the vault', async () => {
    const vault = new MemoryKeyVault();
    const first = manage({ vault }).manager;
    const workspace = await add(first);
    await first.close();

    const again = manage({ vault }).manager;
    expect(await again.restore()).toMatchObject({ id: workspace.id });
    expect((await again.session().api.listForms()).length).toBeGreaterThan(0);
  });

  it('opens a workspace whose key is gone for offline browsing, and takes a new key', async () => {
    const first = manage().manager;
    const workspace = await add(first, { keyStorage: 'session' });
    await first.close();

    const events: AppEvent[] = [];
    const again = manage({ events }).manager;
    expect(await again.restore()).toMatchObject({ id: workspace.id, keyAvailable: false });
    expect(again.session().db.open).toBe(true);
    await expect(again.session().api.listForms()).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
      message: expect.stringContaining('Enter it again'),
    });
    expect(events).toContainEqual({
      type: 'connection.changed',
      workspaceId: workspace.id,
      state: 'unauthorized',
    });

    await expect(
      again.setKey({ id: workspace.id, apiKey: 'sk_test_wrong_key_0002', keyStorage: 'session' }),
    ).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
    });
    const unlocked = await again.setKey({
      id: workspace.id,
      apiKey: remote.apiKey,
      keyStorage: 'session',
    });
    expect(unlocked).toMatchObject({ id: workspace.id, keyAvailable: true });
    expect((await again.session().api.listForms()).length).toBeGreaterThan(0);
  });

  it('switching aborts the previous session at once and closes its cache after running work had its chance', async () => {
    const { manager } = manage();
    const a = await add(manager, { keyStorage: 'session' });
    const before = manager.session();
    const b = await manager.openDemo();
    expect(b.id).not.toBe(a.id);
    expect(before.signal.aborted).toBe(true);
    expect(manager.session().workspace.kind).toBe('demo');
    // A query that was already running on the old cache still completes.
    expect(before.db.prepare('select 1 as one').get()).toEqual({ one: 1 });
    await manager.close();
    expect(before.db.open).toBe(false);
    expect(() => manager.session()).toThrow(/Open a workspace first/);
  });

  it('switches the simulated respondents of the demo service on and off, and offers no switch elsewhere', async () => {
    const { manager } = manage();
    await add(manager, { keyStorage: 'session' });
    expect(await manager.simulation()).toMatchObject({ available: false, on: false });
    await expect(manager.setSimulation({ on: true })).rejects.toMatchObject({ code: 'CONFLICT' });

    await manager.openDemo();
    expect(await manager.simulation()).toEqual({ available: true, on: false, perMinute: 3 });
    const forms = await manager.session().api.listForms();
    const total = async () => {
      let sum = 0;
      for (const { formId } of forms) {
        for (const status of ['finished', 'in_progress'] as const) {
          const page = await manager.session().api.listSubmissions(formId, { limit: 1, status });
          sum += page.totalResponses;
        }
      }
      return sum;
    };
    const before = await total();
    expect(await manager.setSimulation({ on: true })).toMatchObject({ on: true });
    // The first respondent arrives as the switch turns on (finished or not: count both).
    await vi.waitFor(async () => expect(await total()).toBeGreaterThan(before), {
      timeout: 60_000,
    });
    expect(await manager.setSimulation({ on: false })).toMatchObject({ on: false });
  });

  it('rebuilds a cache whose damage the background check finds, says so in Activity and announces it', async () => {
    const { vault, workspace } = await damagedWorkspace('kept through the rebuild');

    const events: AppEvent[] = [];
    const again = manage({ vault, events, checkCache: true }).manager;
    const opened: WorkspaceSession[] = [];
    again.onSessionOpened((session) => opened.push(session));
    await again.restore();
    const damaged = again.session();

    await vi.waitFor(() => expect(opened).toHaveLength(2), { timeout: 60_000 });
    expect(damaged.signal.aborted).toBe(true);
    expect(damaged.db.open).toBe(false);
    const rebuilt = again.session();
    expect(rebuilt.workspace).toEqual(damaged.workspace);
    expect(events).toContainEqual(
      expect.objectContaining({ type: 'cache.changed', workspaceId: workspace.id }),
    );
    const activity = activityOf(rebuilt);
    expect(activity.map((entry) => entry.summary)).toContain('kept through the rebuild');
    expect(activity.at(-1)).toMatchObject({
      kind: 'cache.rebuilt',
      summary: expect.stringContaining('The local cache was damaged and has been rebuilt'),
    });
    expect(rebuilt.db.prepare('SELECT count(*) AS n FROM submissions').get()).toEqual({ n: 0 });
  });

  it('goes on with a damaged cache it cannot move aside to rebuild, and says so in Activity', async () => {
    const { vault, workspace, dir } = await damagedWorkspace('kept as it was');
    // Held open by another program, as Windows then refuses to move it.
    const refused = vi.spyOn(fs, 'renameSync').mockImplementation(() => {
      throw Object.assign(new Error('EBUSY: resource busy or locked, rename'), { code: 'EBUSY' });
    });
    try {
      const events: AppEvent[] = [];
      let checks = 0;
      const again = manage({
        vault,
        events,
        checkCache: (file) => {
          checks++;
          return checkedSoon(file);
        },
      }).manager;
      const opened: WorkspaceSession[] = [];
      again.onSessionOpened((session) => opened.push(session));
      await again.restore();
      const damaged = again.session();

      await vi.waitFor(() => expect(opened).toHaveLength(2), { timeout: 60_000 });
      const goneOn = again.session();
      expect(damaged.db.open).toBe(false);
      expect(goneOn.workspace).toEqual(damaged.workspace);
      expect(goneOn.db.open).toBe(true);
      expect(events).toContainEqual({
        type: 'cache.changed',
        workspaceId: workspace.id,
        tables: ['activity'],
      });
      const activity = activityOf(goneOn);
      expect(activity.map((entry) => entry.summary)).toContain('kept as it was');
      expect(activity.at(-1)).toMatchObject({
        kind: 'cache.damaged',
        summary: expect.stringMatching(/could not be moved aside.*close any program.*as it is\.$/),
      });
      expect(readdirSync(dir).filter((name) => name.includes('.damaged-'))).toEqual([]);
      // Not checked again in this session, to be refused again.
      expect(checks).toBe(1);
    } finally {
      refused.mockRestore();
    }
  });

  it('leaves a file whose check was cut short by a close due: the next open reads it whole', async () => {
    const vault = new MemoryKeyVault();
    // Closed while the check still waits to start, as it does for a while after an open.
    const waiting = (_file: string, signal: AbortSignal) =>
      new Promise<null>((resolve) => signal.addEventListener('abort', () => resolve(null)));
    const first = manage({ vault, checkCache: waiting });
    await add(first.manager);
    await first.manager.close();

    const checked: string[] = [];
    const again = manage({
      vault,
      checkCache: async (file) => {
        checked.push(file);
        return null;
      },
    }).manager;
    await again.restore();
    expect(checked).toHaveLength(1);
  });

  it('closes as a check finds damage, and leaves the rebuild to the next open', async () => {
    const { vault, dir } = await damagedWorkspace('kept as it was');
    let answer = (_damage: string) => {};
    const events: AppEvent[] = [];
    const again = manage({
      vault,
      events,
      // Its finding arrives after the close stopped it.
      checkCache: () => new Promise((resolve) => (answer = resolve)),
    }).manager;
    await again.restore();
    const closed = again.close();
    answer('*** in database main *** page 40 is never used');
    await closed;
    expect(events.filter((event) => event.type === 'cache.changed')).toEqual([]);
    expect(readdirSync(dir).filter((name) => name.includes('.damaged-'))).toEqual([]);
  });

  it('reads a sound file once a day: not again at the next open that day, again a day later', async () => {
    const vault = new MemoryKeyVault();
    let now = new Date('2026-11-26T08:00:00Z');
    const checked: string[] = [];
    const checkCache = async (file: string) => {
      checked.push(file);
      return null;
    };
    const first = manage({ vault, checkCache, now: () => now }).manager;
    await add(first);
    expect(checked).toHaveLength(1);
    // Recorded once the check has answered, in the file it read.
    await vi.waitFor(() =>
      expect(first.session().db.prepare('SELECT count(*) AS n FROM file_checks').get()).toEqual({
        n: 1,
      }),
    );
    await first.close();

    now = new Date('2026-11-26T20:00:00Z');
    const sameDay = manage({ vault, checkCache, now: () => now }).manager;
    await sameDay.restore();
    expect(checked).toHaveLength(1);
    await sameDay.close();

    now = new Date('2026-11-27T08:00:00Z');
    const nextDay = manage({ vault, checkCache, now: () => now }).manager;
    await nextDay.restore();
    expect(checked).toHaveLength(2);
  });

  it('folds the WAL into the file at close while a whole-file check is reading it', async () => {
    let reading = () => {};
    const checkStarted = new Promise<void>((resolve) => (reading = resolve));
    const { manager } = manage({
      // A check on a read-only connection of its own, which closes a moment after it is stopped,
      // as a thread ends after it is told to.
      checkCache: (file, signal) =>
        new Promise((resolve) => {
          const db = new Database(file, { readonly: true, fileMustExist: true });
          db.pragma('quick_check');
          signal.addEventListener('abort', () =>
            setImmediate(() => {
              db.close();
              resolve(null);
            }),
          );
          reading();
        }),
    });
    const workspace = await add(manager);
    await checkStarted;
    await manager.close();
    const dir = join(dataDir, 'workspaces', workspace.id);
    expect(readdirSync(dir).filter((name) => /-(wal|shm)$/.test(name))).toEqual([]);
  });

  it('closes its own connection before the other threads are told to let go of the file', async () => {
    // The page writer's thread has the file open too, as it has after storing a sync's pages.
    let writer: Database.Database | null = null;
    let own: WorkspaceSession['db'] | null = null;
    const openWhenTold: (boolean | undefined)[] = [];
    const { manager } = manage({
      onCacheOpened: (cache) => {
        if (cache) writer = new Database(cache.file);
        else {
          openWhenTold.push(own?.open);
          writer?.close();
        }
      },
    });
    const workspace = await add(manager);
    own = manager.session().db;
    await manager.close();

    expect(openWhenTold).toEqual([false]);
    const dir = join(dataDir, 'workspaces', workspace.id);
    expect(readdirSync(dir).filter((name) => /-(wal|shm)$/.test(name))).toEqual([]);
  });

  it('goes on when a sound file cannot be noted, the cache kept busy by another writer', async () => {
    const held: { release?: () => void } = {};
    let opened = () => {};
    const sessionReady = new Promise<void>((resolve) => (opened = resolve));
    const { manager } = manage({
      checkCache: async (file) => {
        await sessionReady;
        // Another connection takes the write lock, as a page writer storing page after page.
        const other = openCache(file);
        other.exec('BEGIN IMMEDIATE');
        held.release = () => {
          other.exec('ROLLBACK');
          other.close();
        };
        return null;
      },
    });
    const workspace = await add(manager);
    const { db } = manager.session();
    // The session waits 5 s for a lock; here less, so the test does not.
    db.pragma('busy_timeout = 50');
    opened();
    try {
      await vi.waitFor(() =>
        expect(logLines.join('\n')).toContain(
          `the cache of workspace ${workspace.id} was read whole and found sound, but that could not be noted`,
        ),
      );
    } finally {
      held.release?.();
    }
    // Still open and answering, and the check still due: the next open reads the file again.
    expect(db.open).toBe(true);
    expect(db.prepare('SELECT count(*) AS n FROM file_checks').get()).toEqual({ n: 0 });
    expect((await manager.list()).workspaces.map((w) => w.id)).toEqual([workspace.id]);
  });

  it('removes a workspace with its key and its cache', async () => {
    const { manager, vault } = manage();
    const workspace = await add(manager);
    const session = manager.session();
    expect(await manager.remove({ id: workspace.id })).toEqual({ removed: true });
    expect(session.db.open).toBe(false);
    expect(await vault.get(workspace.id)).toBeNull();
    expect(existsSync(join(dataDir, 'workspaces', workspace.id))).toBe(false);
    expect(() => manager.session()).toThrow(/Open a workspace first/);
    expect(await manager.remove({ id: workspace.id })).toEqual({ removed: false });
  });

  it('runs the demo on the local API persisted under the data dir, again after a restart', async () => {
    const first = manage();
    await first.manager.openDemo();
    expect(first.demoStores).toEqual([join(dataDir, 'demo', 'store.jsonl')]);
    expect((await first.manager.session().api.listForms()).length).toBeGreaterThanOrEqual(3);
    await first.manager.close();

    const again = manage();
    expect(await again.manager.restore()).toMatchObject({ id: 'demo', kind: 'demo' });
    expect(again.demoStores).toHaveLength(1);
    expect((await again.manager.session().api.listForms()).length).toBeGreaterThanOrEqual(3);
  });

  it('keeps keys out of its files, its answers and its log', async () => {
    const { manager } = manage();
    const workspace = await add(manager);
    await manager.rename({ id: workspace.id, name: 'Support' });
    const files = readdirSync(dataDir, { recursive: true, encoding: 'utf8' })
      .map((name) => join(dataDir, name))
      .filter((file) => /\.(json|log)$/.test(file))
      .map((file) => readFileSync(file, 'utf8'));
    const answers = JSON.stringify(await manager.list());
    expect(answers).toContain('Support');
    for (const text of [...files, answers, logLines.join('\n')])
      expect(text).not.toContain(remote.apiKey);
  });
});
