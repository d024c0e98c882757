import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ensureBuilt } from '../../scripts/ensureBuilt.mjs';
import { openTempCache } from '../core/operations/testing/tempCache';
import { type Workspace } from '../shared/contract/workspaces';
import { type Result } from '../shared/errors';
import { WorkerThread } from '../threads/workerThread';
import { type BuiltMain, startBuiltMain } from './testing/builtMain';

// The app as a package holds it (electron-builder.yml: `out/**`, `package.json`, and the runtime
// dependencies in node_modules, with nothing of the development tree around it): the main bundle
// loaded there under a stand-in `electron` starts its worker threads from their built entries, and
// each loads its modules and better-sqlite3's native binary from the package's own node_modules.
// (The archive itself needs Electron, whose worker threads read from it since Electron 18.)

const projectRoot = resolve(__dirname, '../..');
let packaged: string;
let main: BuiltMain;
const savedDataDir = process.env.FORMDESK_DATA_DIR;

/** A package's runtime dependencies and theirs, as the packager takes them. */
function runtimeClosure(names: string[], seen = new Set<string>()): Set<string> {
  for (const name of names) {
    if (seen.has(name)) continue;
    seen.add(name);
    const manifest = JSON.parse(
      readFileSync(join(projectRoot, 'node_modules', name, 'package.json'), 'utf8'),
    ) as { dependencies?: Record<string, string> };
    runtimeClosure(Object.keys(manifest.dependencies ?? {}), seen);
  }
  return seen;
}

beforeAll(async () => {
  ensureBuilt();
  packaged = mkdtempSync(join(tmpdir(), 'formdesk-packaged-'));
  const appDir = join(packaged, 'app');
  cpSync(join(projectRoot, 'out'), join(appDir, 'out'), { recursive: true });
  cpSync(join(projectRoot, 'package.json'), join(appDir, 'package.json'));
  const manifest = JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  };
  for (const name of runtimeClosure(Object.keys(manifest.dependencies))) {
    const target = join(appDir, 'node_modules', name);
    mkdirSync(join(target, '..'), { recursive: true });
    symlinkSync(join(projectRoot, 'node_modules', name), target, 'dir');
  }
  const dataDir = join(packaged, 'data');
  process.env.FORMDESK_DATA_DIR = dataDir;
  main = await startBuiltMain(join(appDir, 'out/main/index.js'));
});

afterAll(async () => {
  await main.quit();
  if (savedDataDir === undefined) delete process.env.FORMDESK_DATA_DIR;
  else process.env.FORMDESK_DATA_DIR = savedDataDir;
  rmSync(packaged, { recursive: true, force: true });
});

async function invoke<T>(op: string, input: unknown = {}): Promise<T> {
  const result = (await main.invoke(op, input)) as Result<T>;
  if (!result.ok) throw new Error(`${op}: ${result.error.code} ${result.error.message}`);
  return result.data;
}

describe('the packaged layout', () => {
  it('runs the core, the page writer, the readers and the import wizard from the built entries', async () => {
    // The demo's first sync: its pages stored by the writer, counted by a reader.
    const formId = 'cFb7q2LxWm';
    await vi.waitFor(
      async () =>
        expect(
          (await invoke<{ total: number }>('submissions.query', { formId, limit: 1 })).total,
        ).toBeGreaterThan(0),
      { timeout: 60_000, interval: 100 },
    );
    expect(await invoke('workspaces.list')).toMatchObject({ currentId: 'demo' });
    const read = await invoke<{ rowCount: number }>('imports.parse', {
      fileName: 'one.csv',
      contentBase64: Buffer.from('Full name,Email\r\nAda,ada@example.com\r\n').toString('base64'),
    });
    expect(read.rowCount).toBe(1);
  });

  it("runs the page writer's checkpoint thread from its built entry", async () => {
    // Started only when a sync's pages pile up, which the demo's paced service never lets happen.
    const cache = openTempCache('packaged-checkpoint');
    const thread = new WorkerThread({
      entry: 'checkpointWorker',
      builtDir: join(packaged, 'app/out/main'),
      workerData: () => null,
      onNote: () => {},
      onStopped: () => {},
    });
    try {
      const open = { workspace: { id: 'w' } as Workspace, file: cache.file, generation: 1 };
      expect(await thread.call('wal.checkpoint', null, open)).toEqual({ ok: true, data: null });
    } finally {
      await thread.close();
      cache.close();
    }
  });
});
