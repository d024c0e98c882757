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
import { createLogger, type Logger } from '../core/logging/log';
import { ensurePrivateDir, makePrivate } from '../core/files/privateFiles';
import { DEMO_RESPONDENTS_PER_MINUTE } from '../core/workspaces/demoRespondents';
import { startCoreThreads } from '../threads/coreThreads';
import { installAppMenu } from './appMenu';
import { registerAppScheme, serveRenderer } from './appProtocol';
import { APP_URL } from './appUrl';
import { guardWebContents, hardenSession } from './contentGuards';
import { chooseDataDir, flagValue } from './dataDir';
import { claimDataDir } from './dataDirClaim';
import { startsWithoutDevelopmentSettings } from './developmentOnly';
import { broadcast, registerIpcRouter } from './ipcRouter';
import { netFetch } from './netFetch';
import { SafeStorageVault } from './safeStorageVault';
import { saveExportWithDialog } from './saveExport';

const dataDir = chooseDataDir(process.argv, process.env, app.getPath('userData'));
// Chromium's own profile (cache, local storage) goes with the data, so a test run leaves no trace.
app.setPath('userData', dataDir);
registerAppScheme(protocol);
// Every renderer sandboxed, whatever a window's preferences say: defence in depth.
app.enableSandbox();

if (process.argv.includes('--mcp')) {
  // The assistants' server: no window and no data-dir lock, since it only reads a cache, beside a
  // running app or alone; the assistant that started it ends it by closing stdin.
  app.dock?.hide();
  import('../mcp/stdio')
    .then(({ serveAssistantsOnStdio }) =>
      serveAssistantsOnStdio({ dataDir, workspace: flagValue(process.argv, '--workspace') }, () =>
        app.exit(0),
      ),
    )
    .catch((error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      app.exit(1);
    });
} else if (
  !startsWithoutDevelopmentSettings(app, process.argv, process.env, dialog) ||
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

  const deliverExport = saveExportWithDialog(
    dialog,
    app,
    () => BrowserWindow.getFocusedWindow() ?? BrowserWindow.getAllWindows()[0],
  );
  // The core runs in worker threads: this process routes calls and never waits for SQLite or the
  // service, so windows, menus and IPC answer whatever a sync or an import is doing. The core
  // reaches the service through this process's `net` (Electron's network stack exists only here):
  // the system's proxy settings and certificate store apply.
  const core = await startCoreThreads({
    start: {
      dataDir,
      remote: null,
      // The last workspace, else the demo on a first run (unless --no-demo asks for the welcome screen).
      autoOpenDemo: !process.argv.includes('--no-demo'),
      // Respondents arrive now and then, so webhooks and the tables can be seen working.
      demo: { simulatePerMinute: DEMO_RESPONDENTS_PER_MINUTE },
      rateLimit: null,
    },
    vault: await SafeStorageVault.open(dataDir, safeStorage, process.platform),
    deliverExport,
    log,
    emit: (event) => broadcast(BrowserWindow.getAllWindows(), event),
    fetch: netFetch(net),
    builtDir: __dirname,
  });
  registerIpcRouter(ipcMain, (op, input) => core.callForJson(op, input), log);

  let closing = false;
  app.on('before-quit', (event) => {
    if (closing) return;
    closing = true;
    event.preventDefault();
    void core.close().finally(() => app.quit());
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
      // A packaged build has no developer tools, whatever opens them (a key, a menu, a switch).
      devTools: !app.isPackaged,
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
