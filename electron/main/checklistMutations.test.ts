import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt } from '../../scripts/ensureBuilt.mjs';
import { type BuiltMain, startBuiltMain } from './testing/builtMain';
import {
  expectHardenedWindow,
  expectMenu,
  expectPagesKeptOnApp,
  expectRendererFilesOnly,
  expectSwitchesRefused,
} from './testing/checklist';

const projectRoot = resolve(__dirname, '../..');
const mainBundle = join(projectRoot, 'out/main/index.js');
// Beside the original, so its chunks and the preload resolve as they do for it.
const mutatedBundle = join(projectRoot, `out/main/index.mutated-${process.pid}.js`);

/**
 * Each a change to the built bundle that breaks one row of the checklist, with the text it
 * replaces: that text must be in the bundle, or the mutation would test nothing.
 */
const MUTATIONS = [
  {
    row: 'no Node in workers (item 2)',
    from: 'nodeIntegrationInWorker: false',
    to: 'nodeIntegrationInWorker: true',
  },
  {
    row: 'redirects stay on the app (item 13)',
    from: 'contents.on("will-redirect", stayOnApp);',
    to: '',
  },
  {
    row: 'no developer tools in a packaged menu',
    from: '...app.isPackaged ? [] : [{ role: "toggleDevTools" }]',
    to: '{ role: "toggleDevTools" }',
  },
  {
    row: 'devTools tied to packaging',
    from: /devTools: !(?:\w+\.)*isPackaged/,
    to: 'devTools: true',
  },
  {
    row: 'app:// serves the renderer only (item 18)',
    from: /\w+\.resolveRendererFile\(rendererDir, url\.pathname\)/,
    to: 'require("node:path").join(rendererDir, decodeURIComponent(url.pathname))',
  },
  {
    row: 'switches on an allow-list (item 19)',
    from: 'ALLOWED_SWITCHES = ["data-dir", "no-demo"]',
    to: 'ALLOWED_SWITCHES = ["data-dir", "no-demo", "remote-debugging-port", "log-net-log", "net-log-capture-mode", "ignore-certificate-errors", "proxy-server", "ssl-key-log-file", "no-sandbox", "inspect", "remote-debugging-pipe", ""]',
  },
];

let mutated: BuiltMain;
let dataDir: string;
const savedDataDir = process.env.FORMDESK_DATA_DIR;

beforeAll(async () => {
  ensureBuilt();
  let text = readFileSync(mainBundle, 'utf8');
  for (const { row, from, to } of MUTATIONS) {
    const changed = text.replace(from, to);
    expect(changed, `the bundle no longer holds the text of "${row}"`).not.toBe(text);
    text = changed;
  }
  writeFileSync(mutatedBundle, text);
  dataDir = mkdtempSync(join(tmpdir(), 'formdesk-mutated-'));
  process.env.FORMDESK_DATA_DIR = dataDir;
  mutated = await startBuiltMain(mutatedBundle, { isPackaged: true });
});

afterAll(async () => {
  await mutated?.quit();
  rmSync(mutatedBundle, { force: true });
  if (savedDataDir === undefined) delete process.env.FORMDESK_DATA_DIR;
  else process.env.FORMDESK_DATA_DIR = savedDataDir;
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the checklist tests, on a bundle changed to break their rows', () => {
  it('fail on a window with Node in workers or developer tools in a packaged build', () => {
    expect(() => expectHardenedWindow(mutated, true)).toThrow(/nodeIntegrationInWorker/);
    expect(() => expectHardenedWindow(mutated, true)).toThrow(/devTools/);
  });

  it('fail when redirects are no longer kept on the app', () => {
    expect(() => expectPagesKeptOnApp(mutated)).toThrow(/will-redirect/);
  });

  it('fail on a packaged menu that offers developer tools', () => {
    expect(() => expectMenu(mutated, true)).toThrow(/devtools/i);
  });

  it('fail when app:// serves files beside the renderer', async () => {
    await expect(expectRendererFilesOnly(mutated)).rejects.toThrow(/404/);
  });

  it('fail when a packaged build takes switches off the allow-list', () => {
    expect(() => expectSwitchesRefused(mutatedBundle)).toThrow();
  });
});
