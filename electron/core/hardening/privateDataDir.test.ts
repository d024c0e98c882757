import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startLocalApi } from '../../local-api';
import { writeExport } from '../submissions/exportFile';
import { testWorkspaces } from './testing/testWorkspaces';

const demo = ({ store }: { store: string }) => startLocalApi({ port: 0, store });

let root: string;

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'formdesk-private-'));
  // Whatever the process's umask, the data dir must not follow it.
  fs.chmodSync(root, 0o755);
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

const permissions = (p: string) => fs.statSync(p).mode & 0o777;

/** Every folder and file under `dir` (itself included) with its permission bits. */
function modesUnder(dir: string): Array<[string, number]> {
  const entries = fs.readdirSync(dir, { recursive: true, encoding: 'utf8' });
  return [
    ['.', permissions(dir)],
    ...entries.map((name): [string, number] => [name, permissions(path.join(dir, name))]),
  ];
}

/** What each of them should have: 0700 for folders, 0600 for files. */
const privateModes = (dir: string) =>
  modesUnder(dir).map(([name]): [string, number] => [
    name,
    fs.statSync(path.join(dir, name)).isDirectory() ? 0o700 : 0o600,
  ]);

describe('the data dir', () => {
  it.skipIf(process.platform === 'win32')(
    'is created readable by this OS user alone, caches included',
    async () => {
      const dataDir = path.join(root, 'nested', 'formdesk');
      const previous = process.umask(0o022);
      const workspaces = testWorkspaces(dataDir, demo);
      try {
        await workspaces.openDemo();
        await writeExport(dataDir, 'A form', 'csv', ['id\n1\n']);
        expect(permissions(dataDir)).toBe(0o700);
        expect(modesUnder(dataDir)).toEqual(privateModes(dataDir));
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

  it.skipIf(process.platform === 'win32')(
    'makes a data dir that already existed private, with every file Formdesk wrote, and removes old exports',
    async () => {
      const dataDir = path.join(root, 'existing');
      fs.mkdirSync(dataDir, { mode: 0o755 });
      const previous = process.umask(0o022);
      try {
        const first = testWorkspaces(dataDir, demo);
        await first.openDemo();
        const old = await writeExport(dataDir, 'Old form', 'csv', ['id\n1\n']);
        const recent = await writeExport(dataDir, 'Recent form', 'csv', ['id\n2\n']);
        await first.close();
        fs.mkdirSync(path.join(dataDir, 'logs'));
        fs.writeFileSync(path.join(dataDir, 'logs', 'main.log'), 'a line\n');
        // As an older Formdesk, or another umask, left them: readable by everyone.
        for (const [name] of modesUnder(dataDir)) {
          const full = path.join(dataDir, name);
          fs.chmodSync(full, fs.statSync(full).isDirectory() ? 0o755 : 0o644);
        }
        const eightDaysAgo = new Date(Date.now() - 8 * 24 * 60 * 60 * 1000);
        fs.utimesSync(old.filePath, eightDaysAgo, eightDaysAgo);

        const again = testWorkspaces(dataDir, demo);
        try {
          await again.openDemo();
          expect(fs.existsSync(old.filePath)).toBe(false);
          expect(fs.existsSync(recent.filePath)).toBe(true);
          const modes = modesUnder(dataDir);
          expect(modes.map(([name]) => name)).toEqual(
            expect.arrayContaining([
              'workspaces.json',
              path.join('logs', 'main.log'),
              path.join('demo', 'store.jsonl'),
              expect.stringMatching(/cache\.sqlite-wal$/),
              expect.stringMatching(/cache\.sqlite-shm$/),
            ]),
          );
          expect(modes).toEqual(privateModes(dataDir));
        } finally {
          await again.close();
        }
      } finally {
        process.umask(previous);
      }
    },
  );
});
