import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../core/logging/log';
import { MemoryKeyVault } from '../core/workspaces/memoryVault';
import { migrations } from '../core/operations/schema';
import { startCoreThreads, type CoreThreads } from './coreThreads';

let dir: string;
let core: CoreThreads | undefined;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'formdesk-startup-'));
});
afterEach(async () => {
  await core?.close();
  core = undefined;
  rmSync(dir, { recursive: true, force: true });
});

const start = () =>
  startCoreThreads({
    start: { dataDir: dir, remote: null, autoOpenDemo: true, demo: {}, rateLimit: null },
    vault: new MemoryKeyVault(),
    deliverExport: () => Promise.reject(new Error('no exports here')),
    log: createLogger({ write: () => {} }),
    emit: () => {},
  });

async function call(op: string): Promise<unknown> {
  return JSON.parse(new TextDecoder().decode(await core!.callForJson(op, {})));
}

describe('the start of the app', () => {
  it("says whose cache it brings up to date while the core's thread does, and nothing once open", async () => {
    core = await start();
    await core.opened;
    const listed = (await call('workspaces.list')) as {
      data: { workspaces: { id: string; name: string }[] };
    };
    const demo = listed.data.workspaces[0]!;
    await core.close();
    core = undefined;

    // The cache as the Formdesk before the last schema step left it, and another program's write
    // holding the file: the update waits for the lock, as a large one takes its time.
    const file = join(dir, 'workspaces', demo.id, 'cache.sqlite');
    expect(readdirSync(join(dir, 'workspaces', demo.id))).toContain('cache.sqlite');
    const other = new Database(file);
    other.pragma(`user_version = ${migrations.at(-2)!.version}`);
    other.exec('BEGIN IMMEDIATE');
    try {
      core = await start();
      let answered = false;
      void core.callForJson('workspaces.list', {}).then(() => (answered = true));
      await vi.waitFor(
        async () =>
          expect(await call('app.startup')).toEqual({
            ok: true,
            data: { updating: { workspaceName: demo.name } },
          }),
        { interval: 10 },
      );
      // The core answers nothing until the workspace is open; the shell answered meanwhile.
      expect(answered).toBe(false);
    } finally {
      other.exec('ROLLBACK');
      other.close();
    }
    await core.opened;
    expect(await call('app.startup')).toEqual({ ok: true, data: { updating: null } });
    const reopened = new Database(file, { readonly: true });
    expect(reopened.pragma('user_version', { simple: true })).toBe(migrations.at(-1)!.version);
    reopened.close();
  });
});
