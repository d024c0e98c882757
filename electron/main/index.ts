import { appendFileSync, renameSync, statSync } from 'node:fs';
import { join } from 'node:path';
import {
  app,
  BrowserWindow,
  dialog,
  ipcMain,
  Menu,
  net,
  protocol,
  safeStorage,
  session,
  shell,
} from 'electron';
import { createApiClient } from '../core/api';
import { checkCacheFile } from '../core/cache/fullCheck';
import { openCache } from '../core/cache/openCache';
import { createHandlers } from '../core/handlers';
import { createLogger, type Logger } from '../core/log';
import { ensurePrivateDir, makePrivate } from '../core/privateFiles';
import { WorkspaceManager } from '../core/workspaces/manager';
import { startLocalApi } from '../local-api';
import { installAppMenu } from './appMenu';
import { registerAppScheme, serveRenderer } from './appProtocol';
import { APP_URL } from './appUrl';
import { guardWebContents, hardenSession } from './contentGuards';
import { chooseDataDir } from './dataDir';
import { claimDataDir } from './dataDirClaim';
import { startsWithoutDevelopmentSettings } from './developmentOnly';
import { broadcast, registerIpcRouter } from './ipcRouter';
import { SafeStorageVault } from './safeStorageVault';
import { saveExportWithDialog } from './saveExport';

const dataDir = chooseDataDir(process.argv, process.env, app.getPath('userData'));
// Chromium's own profile (cache, local storage) goes with the data, so a test run leaves no trace.
app.setPath('userData', dataDir);
registerAppScheme(protocol);
// Every renderer sandboxed, whatever a window's preferences say: defence in depth.
app.enableSandbox();

if (
  !startsWithoutDevelopmentSettings(app, process.env, dialog) ||
  !app.requestSingleInstanceLock() ||
  !claimDataDir(dataDir, dialog)
) {
  app.quit();
} else {
  const log = fileLogger(dataDir);
  guardWebContents(app, shell, log);
  app.on('second-instance', () => {
    const window = BrowserWindow.getAllWindows()[0];
    if (window?.isMinimized()) window.restore();
    window?.focus();
  });
  app.on('window-all-closed', () => app.quit());
  app
    .whenReady()
    .then(() => start(log))
    .catch((error: unknown) => {
      log.error('Formdesk could not start', error);
      app.exit(1);
    });
}

async function start(log: Logger): Promise<void> {
  hardenSession(session.defaultSession);
  installAppMenu(app, Menu, process.platform);
  serveRenderer(protocol, join(__dirname, '../renderer'));

  const workspaces = new WorkspaceManager({
    dataDir,
    vault: await SafeStorageVault.open(dataDir, safeStorage, process.platform),
    log,
    emit: (event) => broadcast(BrowserWindow.getAllWindows(), event),
    // Electron's network stack: the system's proxy settings and certificate store apply.
    createApiClient: (options) =>
      createApiClient({ ...options, fetch: (url, init) => net.fetch(url, init) }),
    openCache: (file, hooks) => openCache(file, hooks),
    checkCache: checkCacheFile,
    startDemo: ({ store }) => startLocalApi({ port: 0, store }),
  });
  const deliverExport = saveExportWithDialog(
    dialog,
    app,
    () => BrowserWindow.getFocusedWindow() ?? BrowserWindow.getAllWindows()[0],
  );
  registerIpcRouter(ipcMain, createHandlers(workspaces, deliverExport), log);

  // The last workspace, else the demo on a first run (unless --no-demo asks for the welcome screen).
  const firstRun =
    !(await workspaces.restore()) && (await workspaces.list()).workspaces.length === 0;
  if (firstRun && !process.argv.includes('--no-demo')) {
    await workspaces
      .openDemo()
      .catch((error: unknown) => log.error('the demo workspace did not open', error));
  }

  let closing = false;
  app.on('before-quit', (event) => {
    if (closing) return;
    closing = true;
    event.preventDefault();
    void workspaces.close().finally(() => app.quit());
  });

  await createMainWindow(log);
}

async function createMainWindow(log: Logger): Promise<BrowserWindow> {
  const window = new BrowserWindow({
    width: 1280,
    height: 820,
    minWidth: 900,
    minHeight: 600,
    show: false,
    title: 'Formdesk',
    webPreferences: {
      preload: join(__dirname, '../preload/index.cjs'),
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      experimentalFeatures: false,
      navigateOnDragDrop: false,
      safeDialogs: true,
      // The spellchecker fetches dictionaries from a CDN; Formdesk talks only to the service.
      spellcheck: false,
      // Middle-click would otherwise try to open links in new windows.
      disableBlinkFeatures: 'Auxclick',
    },
  });
  const appUrl = process.env.ELECTRON_RENDERER_URL ?? APP_URL;
  window.once('ready-to-show', () => window.show());
  // A crashed or killed renderer comes back instead of leaving a blank window; the core kept running.
  window.webContents.on('render-process-gone', (_event, details) => {
    log.error(`the window's renderer stopped (${details.reason})`);
    if (details.reason !== 'clean-exit' && !window.isDestroyed()) void window.loadURL(appUrl);
  });
  await window.loadURL(appUrl);
  return window;
}

/** Past this size the log starts afresh at launch, keeping one previous file. */
const MAX_LOG_BYTES = 5 * 1024 * 1024;

function fileLogger(dir: string): Logger {
  const logDir = join(dir, 'logs');
  // Created before the workspaces: the data dir it makes is for this OS user alone.
  ensurePrivateDir(logDir);
  const file = join(logDir, 'main.log');
  if ((statSync(file, { throwIfNoEntry: false })?.size ?? 0) > MAX_LOG_BYTES)
    renameSync(file, `${file}.1`);
  makePrivate(file);
  return createLogger({
    write: (line) => {
      process.stderr.write(`${line}\n`);
      appendFileSync(file, `${line}\n`, { mode: 0o600 });
    },
  });
}
