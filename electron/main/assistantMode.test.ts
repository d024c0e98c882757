import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt } from '../../scripts/ensureBuilt.mjs';
import { lockDataDir } from '../core/files/dataDirLock';
import { cacheStores } from '../core/cache/cacheStores';
import { openCache } from '../core/operations/workspaceCache';
import { cacheFileOf } from '../core/assistants/assistantAccess';
import { DEMO_WORKSPACE_ID } from '../core/workspaces/registry';
import { startDemoApp } from '../mcp/testing/demoApp';

const projectRoot = resolve(__dirname, '../..');
const mainBundle = join(projectRoot, 'out/main/index.js');
const launcher = join(__dirname, 'testing/runBuiltMain.ts');

let dataDir: string;
let client: Client;

beforeAll(async () => {
  ensureBuilt();
  dataDir = mkdtempSync(join(tmpdir(), 'formdesk-app-mcp-'));
  // The app synced the demo once and quit: the server reads what it left.
  const app = await startDemoApp(dataDir);
  await app.manager.close();
  client = new Client({ name: 'formdesk-test', version: '1.0.0' });
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: ['--import', 'tsx', launcher, mainBundle, '--mcp', '--data-dir', dataDir],
      cwd: projectRoot,
      stderr: 'ignore',
    }),
  );
});

afterAll(async () => {
  await client?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the desktop app started with --mcp', () => {
  it('serves the assistants’ tools on stdio from the workspace’s cache', async () => {
    const { tools } = await client.listTools();
    expect(tools.every((tool) => tool.annotations?.readOnlyHint === true)).toBe(true);
    const result = await client.callTool({ name: 'list_forms', arguments: {} });
    const db = openCache(cacheFileOf(dataDir, DEMO_WORKSPACE_ID));
    try {
      const names = cacheStores(db)
        .forms.list()
        .map((f) => f.name);
      expect(names.length).toBeGreaterThan(0);
      expect(
        (result.structuredContent as { forms: { name: string }[] }).forms.map((f) => f.name),
      ).toEqual(names);
    } finally {
      db.close();
    }
  });

  it('leaves the data dir free for the app to open meanwhile', () => {
    const lock = lockDataDir(dataDir);
    lock.release();
  });
});
