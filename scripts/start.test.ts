import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findElectron } from './electronBinary.mjs';
import { ensureBuilt } from './ensureBuilt.mjs';

const root = resolve(__dirname, '..');

describe('npm start', () => {
  it('says in one line why Electron cannot run here, then serves browser mode', async (context) => {
    const electron = await findElectron();
    if ('path' in electron) context.skip();
    ensureBuilt();
    const dataDir = mkdtempSync(join(tmpdir(), 'formdesk-start-'));
    const start = spawn(
      process.execPath,
      [join(root, 'scripts/start.mjs'), '--data-dir', dataDir, '--no-demo'],
      {
        cwd: root,
      },
    );
    try {
      let printed = '';
      let url: URL | null = null;
      for await (const chunk of start.stdout) {
        printed += String(chunk);
        const found = /http:\/\/127\.0\.0\.1:\d+\/\?token=[\w-]+/.exec(printed);
        if (found) {
          url = new URL(found[0]);
          break;
        }
      }
      const lines = printed.trim().split('\n');
      expect(lines[0]).toMatch(
        /^Electron cannot start here: .+\. Starting browser mode instead\.$/,
      );
      expect(lines.filter((line) => line.startsWith('Electron'))).toHaveLength(1);
      expect((await fetch(url!)).status).toBe(200);
    } finally {
      start.kill('SIGTERM');
      await once(start, 'exit');
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
