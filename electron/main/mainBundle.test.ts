import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ensureBuilt } from '../../scripts/ensureBuilt.mjs';
import { EVENT_CHANNEL } from '../shared/channels';
import { CONTENT_SECURITY_POLICY } from '../core/files/rendererFiles';
import { lockDataDir } from '../core/files/dataDirLock';
import { writeExport } from '../core/submissions/exportFile';
import {
  createElectronStandIn,
  loadWithStandIn,
  StandInContents,
  type Recorded,
} from './testing/electronStandIn';
import { type BuiltMain, type SenderFrame, startBuiltMain } from './testing/builtMain';
import {
  expectHardenedWindow,
  expectMenu,
  expectPagesKeptOnApp,
  expectRendererFilesOnly,
  expectSwitchesRefused,
} from './testing/checklist';

const projectRoot = resolve(__dirname, '../..');
const mainBundle = join(projectRoot, 'out/main/index.js');

let dataDir: string;
let main: BuiltMain;
let recorded: Recorded;
const savedDataDir = process.env.FORMDESK_DATA_DIR;

beforeAll(async () => {
  ensureBuilt();
  dataDir = mkdtempSync(join(tmpdir(), 'formdesk-main-'));
  process.env.FORMDESK_DATA_DIR = dataDir;
  // Start-up shows the window while the core opens the demo workspace (a local API in-process).
  main = await startBuiltMain(mainBundle);
  recorded = main.recorded;
});

afterAll(async () => {
  await main.quit();
  if (savedDataDir === undefined) delete process.env.FORMDESK_DATA_DIR;
  else process.env.FORMDESK_DATA_DIR = savedDataDir;
  rmSync(dataDir, { recursive: true, force: true });
});

const invoke = (frame: SenderFrame | null, op: unknown, input?: unknown) =>
  main.invoke(op, input, frame);
const appFrame = { url: 'app://formdesk/index.html#/forms', parent: null };

describe('built main process', () => {
  it('keeps its data in the chosen data dir, Chromium profile included', async () => {
    expect(recorded.paths.get('userData')).toBe(dataDir);
    // Answered once the core has opened the demo workspace, which it records there.
    expect(await invoke(appFrame, 'workspaces.list', {})).toMatchObject({ ok: true });
    expect(existsSync(join(dataDir, 'workspaces.json'))).toBe(true);
  });

  it('answers what the core is busy with at start from its own thread', async () => {
    expect(await invoke(appFrame, 'app.startup', {})).toMatchObject({
      ok: true,
      data: { updating: null },
    });
  });

  it('starts without the spreadsheet reader, which only an import of a workbook loads', () => {
    // SheetJS holds a thread 250 ms as it loads: the shell's thread paid that at every start.
    expect(main.requested).toContain('electron');
    expect(main.requested).not.toContain('@e965/xlsx');
  });

  it('opens one hardened window on the app origin with the built preload', () => {
    expect(recorded.windows).toHaveLength(1);
    const window = recorded.windows[0]!;
    expect(window.loadedUrls[0]).toBe('app://formdesk/index.html');
    expectHardenedWindow(main, false);
    const prefs = window.options.webPreferences as Record<string, unknown>;
    expect(prefs.preload).toBe(join(projectRoot, 'out/preload/index.cjs'));
    expect(existsSync(String(prefs.preload))).toBe(true);
  });

  it('reloads the app when its renderer crashes, not when it exits cleanly', () => {
    const window = recorded.windows[0]!;
    const loadsBefore = window.loadedUrls.length;
    window.webContents.emit('render-process-gone', {}, { reason: 'crashed', exitCode: 1 });
    window.webContents.emit('render-process-gone', {}, { reason: 'clean-exit', exitCode: 0 });
    expect(window.loadedUrls.slice(loadsBefore)).toEqual(['app://formdesk/index.html']);
  });

  it('installs a menu of standard roles, with developer tools in unpackaged builds only', () => {
    expectMenu(main, false);
  });

  it('registers app:// as a standard secure scheme and serves the renderer with its policy', async () => {
    expect(recorded.privilegedSchemes).toEqual([
      {
        scheme: 'app',
        privileges: { standard: true, secure: true, supportFetchAPI: true, corsEnabled: true },
      },
    ]);
    const serve = recorded.protocolHandlers.get('app')!;
    const page = await serve(new Request('app://formdesk/index.html'));
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(await page.text()).toContain('<div id="root">');
    await expectRendererFilesOnly(main);
    expect((await serve(new Request('app://elsewhere/index.html'))).status).toBe(404);
  });

  it('adds the policy header to every response and refuses every permission but clipboard writes', () => {
    let headers: Record<string, string[]> | undefined;
    recorded.headerFilters[0]!(
      { responseHeaders: { 'X-Other': ['1'] } },
      (response) => (headers = response.responseHeaders),
    );
    expect(headers?.['Content-Security-Policy']).toEqual([CONTENT_SECURITY_POLICY]);
    expect(headers?.['X-Other']).toEqual(['1']);
    const answers: boolean[] = [];
    const app = 'app://formdesk/index.html';
    for (const permission of [
      'media',
      'geolocation',
      'notifications',
      'openExternal',
      'clipboard-read',
    ]) {
      recorded.permissionRequestHandler!({}, permission, (granted) => answers.push(granted), {
        requestingUrl: app,
      });
    }
    expect(answers).toEqual([false, false, false, false, false]);
    expect(recorded.permissionCheckHandler!({}, 'media', 'app://formdesk')).toBe(false);
    // Copying an id to the clipboard works from the app's page only.
    expect(
      recorded.permissionCheckHandler!({}, 'clipboard-sanitized-write', 'app://formdesk'),
    ).toBe(true);
    expect(
      recorded.permissionCheckHandler!({}, 'clipboard-sanitized-write', 'https://evil.example'),
    ).toBe(false);
  });

  it('keeps every page on the app: navigation away and new windows refused, https links to the OS browser', () => {
    expectPagesKeptOnApp(main);
    const contents = new StandInContents();
    main.app.emit('web-contents-created', {}, contents);
    expect(contents.windowOpenHandler!({ url: 'javascript:alert(1)' })).toEqual({ action: 'deny' });
    expect(recorded.openedExternally).toContain('https://evil.example/');
    expect(recorded.openedExternally).toContain('https://fillout.com/help');
    expect(recorded.openedExternally.every((url) => url.startsWith('https://'))).toBe(true);
  });

  it('answers operations from the app frame through the router, on the demo workspace', async () => {
    const answer = await invoke(appFrame, 'workspaces.list', {});
    expect(answer).toMatchObject({
      ok: true,
      data: { currentId: 'demo', keyring: { secure: true, backend: 'gnome_libsecret' } },
    });
  });

  it("reaches the service through Electron's network stack, not Node's", async () => {
    expect(await invoke(appFrame, 'forms.list', {})).toMatchObject({ ok: true });
    // The demo's forms were listed once at least (at start-up, or just now), and only through `net`.
    const sent = recorded.netRequests.map((url) => new URL(url));
    expect(sent.some((url) => url.pathname.endsWith('/forms'))).toBe(true);
    expect(sent.every((url) => url.hostname === '127.0.0.1')).toBe(true);
  });

  it('sends app events to the window on the event channel', async () => {
    const window = recorded.windows[0]!;
    expect(await invoke(appFrame, 'sync.start', { mode: 'full' })).toMatchObject({ ok: true });
    await vi.waitFor(
      () =>
        expect(
          window.sent.some(
            ([channel, event]) =>
              channel === EVENT_CHANNEL && (event as { type: string }).type === 'sync.progress',
          ),
        ).toBe(true),
      { timeout: 60_000, interval: 50 },
    );
  });

  it('refuses calls from other origins and from subframes, unknown operations and bad input', async () => {
    const refused = { ok: false, error: { code: 'UNAUTHORIZED' } };
    expect(
      await invoke({ url: 'https://evil.example/', parent: null }, 'workspaces.list', {}),
    ).toMatchObject(refused);
    expect(
      await invoke({ url: 'app://formdesk/index.html', parent: {} }, 'workspaces.list', {}),
    ).toMatchObject(refused);
    expect(await invoke(null, 'workspaces.list', {})).toMatchObject(refused);
    expect(await invoke(appFrame, 'process.exit', {})).toMatchObject({
      ok: false,
      error: { code: 'INVALID_INPUT' },
    });
    expect(await invoke(appFrame, 'workspaces.rename', { id: 'demo' })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_INPUT', message: expect.stringContaining('(name)') },
    });
  });
});

describe('export delivery', () => {
  it('saves an export where the save dialog says, or reports the cancel', async () => {
    const written = await writeExport(dataDir, 'Orders', 'csv', ['id\n', '1\n']);
    recorded.saveDialogAnswer = null;
    expect(await invoke(appFrame, 'files.saveExport', { exportId: written.exportId })).toEqual({
      ok: true,
      data: { delivery: 'cancelled' },
    });
    const target = join(dataDir, 'chosen.csv');
    recorded.saveDialogAnswer = target;
    expect(await invoke(appFrame, 'files.saveExport', { exportId: written.exportId })).toEqual({
      ok: true,
      data: { delivery: 'saved', fileName: written.fileName, savedTo: target },
    });
    expect(readFileSync(target, 'utf8')).toBe('id\n1\n');
  });
});

describe('a second instance', () => {
  it('quits at once without opening a window or an IPC router', () => {
    const standIn = createElectronStandIn({ singleInstance: false });
    loadWithStandIn(mainBundle, standIn.electron);
    expect(standIn.recorded.quitCalls).toBe(1);
    expect(standIn.recorded.ipcHandlers.size).toBe(0);
    expect(standIn.recorded.windows).toHaveLength(0);
  });

  it('quits, telling who holds it, when another process owns the data dir', () => {
    const otherDir = mkdtempSync(join(tmpdir(), 'formdesk-main-held-'));
    const held = lockDataDir(otherDir);
    held.announce('http://127.0.0.1:4321/?token=t');
    process.env.FORMDESK_DATA_DIR = otherDir;
    try {
      const standIn = createElectronStandIn();
      loadWithStandIn(mainBundle, standIn.electron);
      expect(standIn.recorded.quitCalls).toBe(1);
      expect(standIn.recorded.windows).toHaveLength(0);
      expect(standIn.recorded.errorBoxes).toEqual([
        ['Formdesk is already running', expect.stringContaining(`(process ${process.pid}, since`)],
      ]);
      expect(standIn.recorded.errorBoxes[0]![1]).toContain('Open it at http://127.0.0.1:4321/');
    } finally {
      process.env.FORMDESK_DATA_DIR = dataDir;
      held.release();
      rmSync(otherDir, { recursive: true, force: true });
    }
  });
});

describe('a packaged build', () => {
  let packaged: BuiltMain;
  let ownDir: string;

  beforeAll(async () => {
    ownDir = mkdtempSync(join(tmpdir(), 'formdesk-main-packaged-'));
    process.env.FORMDESK_DATA_DIR = ownDir;
    process.env.ELECTRON_RENDERER_URL = 'https://evil.example/';
    packaged = await startBuiltMain(mainBundle, { isPackaged: true });
  });

  afterAll(async () => {
    delete process.env.ELECTRON_RENDERER_URL;
    await packaged.quit();
    process.env.FORMDESK_DATA_DIR = dataDir;
    rmSync(ownDir, { recursive: true, force: true });
  });

  it('ignores ELECTRON_RENDERER_URL: it loads the app and trusts no other origin', async () => {
    expect(packaged.recorded.windows[0]!.loadedUrls).toEqual(['app://formdesk/index.html']);
    expect(process.env.ELECTRON_RENDERER_URL).toBeUndefined();
    expect(
      await packaged.invoke('workspaces.list', {}, { url: 'https://evil.example/', parent: null }),
    ).toMatchObject({ ok: false, error: { code: 'UNAUTHORIZED' } });
  });

  it('opens its window without developer tools, and its menu offers none', () => {
    expectHardenedWindow(packaged, true);
    expectMenu(packaged, true);
  });

  it("refuses to start with any switch but Formdesk's own, or a TLS key log, saying why", () => {
    expectSwitchesRefused(mainBundle);
  });

  it('while a development build takes the dev server and switches as given', () => {
    const standIn = createElectronStandIn({ singleInstance: false });
    const argv = process.argv;
    process.argv = [argv[0]!, '.', '--remote-debugging-port=9222'];
    try {
      loadWithStandIn(mainBundle, standIn.electron);
    } finally {
      process.argv = argv;
    }
    // Quit by the single-instance lock alone, not by the switch.
    expect(standIn.recorded.errorBoxes).toEqual([]);
  });
});
