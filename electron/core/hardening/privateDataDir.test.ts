import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startLocalApi } from '../../local-api';
import { createApiClient } from '../api';
import { openCache } from '../cache/openCache';
import { createLogger } from '../log';
import { WorkspaceManager } from '../workspaces/manager';
import { MemoryKeyVault } from '../workspaces/memoryVault';

let root: string;

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'formdesk-private-'));
  // Whatever the process's umask, the data dir must not follow it.
  fs.chmodSync(root, 0o755);
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

const permissions = (p: string) => fs.statSync(p).mode & 0o777;

describe('the data dir', () => {
  it.skipIf(process.platform === 'win32')(
    'is created readable by this OS user alone, caches included',
    async () => {
      const dataDir = path.join(root, 'nested', 'formdesk');
      const previous = process.umask(0o022);
      const workspaces = new WorkspaceManager({
        dataDir,
        vault: new MemoryKeyVault(),
        log: createLogger({ write: () => {} }),
        emit: () => {},
        createApiClient,
        openCache: (file) => openCache(file),
        startDemo: ({ store }) => startLocalApi({ port: 0, store }),
      });
      try {
        await workspaces.openDemo();
        expect(permissions(dataDir)).toBe(0o700);
        expect(permissions(path.join(root, 'nested'))).toBe(0o700);
        // Everything the workspaces wrote sits inside it.
        const written = fs.readdirSync(dataDir, { recursive: true, encoding: 'utf8' });
        expect(written).toEqual(
          expect.arrayContaining(['workspaces.json', expect.stringMatching(/cache\.sqlite$/)]),
        );
      } finally {
        await workspaces.close();
        process.umask(previous);
      }
    },
  );
});
