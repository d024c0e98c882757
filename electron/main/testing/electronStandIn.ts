import { EventEmitter } from 'node:events';
import Module from 'node:module';
import { resolve } from 'node:path';
import { standInNetRequest } from './standInNet';

/**
 * A stand-in for the `electron` module, for tests that load the BUILT main and preload bundles in
 * plain Node: each API records what the bundle asked of it, so the tests can assert the window's
 * options, the handlers installed, and drive them (IPC calls, navigations, permission requests).
 */
export interface Recorded {
  privilegedSchemes: unknown[];
  protocolHandlers: Map<string, (request: Request) => Promise<Response>>;
  windows: StandInWindow[];
  ipcHandlers: Map<string, (event: unknown, ...args: unknown[]) => Promise<unknown>>;
  headerFilters: Array<
    (
      details: unknown,
      callback: (response: { responseHeaders?: Record<string, string[]> }) => void,
    ) => void
  >;
  permissionRequestHandler:
    | ((
        contents: unknown,
        permission: string,
        callback: (granted: boolean) => void,
        details: { requestingUrl: string },
      ) => void)
    | null;
  permissionCheckHandler:
    ((contents: unknown, permission: string, requestingOrigin: string) => boolean) | null;
  openedExternally: string[];
  /** The addresses `net.request` sent a request to, each redirect it followed included. */
  netRequests: string[];
  exposed: Map<string, unknown>;
  rendererInvokes: unknown[][];
  rendererListeners: Map<string, Set<(...args: unknown[]) => void>>;
  quitCalls: number;
  paths: Map<string, string>;
  sandboxEnabled: boolean;
  menu: unknown;
  errorBoxes: Array<[string, string]>;
  /** What the next save dialog answers: a path, or null for "cancelled". */
  saveDialogAnswer: string | null;
}

export class StandInWindow extends EventEmitter {
  static all: StandInWindow[] = [];
  readonly loadedUrls: string[] = [];
  readonly sent: Array<[string, unknown]> = [];
  readonly webContents = Object.assign(new EventEmitter(), {
    send: (channel: string, payload: unknown) => this.sent.push([channel, payload]),
  });

  constructor(readonly options: Record<string, unknown>) {
    super();
    StandInWindow.all.push(this);
  }
  static getAllWindows(): StandInWindow[] {
    return StandInWindow.all;
  }
  static getFocusedWindow(): StandInWindow | null {
    return StandInWindow.all[0] ?? null;
  }
  async loadURL(url: string): Promise<void> {
    this.loadedUrls.push(url);
  }
  isDestroyed(): boolean {
    return false;
  }
  isMinimized(): boolean {
    return false;
  }
  restore(): void {}
  focus(): void {}
  show(): void {}
}

/** A web contents as `web-contents-created` hands it out: events plus the window-open handler. */
export class StandInContents extends EventEmitter {
  windowOpenHandler: ((details: { url: string }) => { action: string }) | null = null;
  setWindowOpenHandler(handler: (details: { url: string }) => { action: string }): void {
    this.windowOpenHandler = handler;
  }
}

export function createElectronStandIn(
  options: { singleInstance?: boolean; isPackaged?: boolean } = {},
) {
  const recorded: Recorded = {
    privilegedSchemes: [],
    protocolHandlers: new Map(),
    windows: StandInWindow.all,
    ipcHandlers: new Map(),
    headerFilters: [],
    permissionRequestHandler: null,
    permissionCheckHandler: null,
    openedExternally: [],
    netRequests: [],
    exposed: new Map(),
    rendererInvokes: [],
    rendererListeners: new Map(),
    quitCalls: 0,
    paths: new Map([['userData', resolve('/nonexistent/userData')]]),
    saveDialogAnswer: null,
    errorBoxes: [],
    sandboxEnabled: false,
    menu: null,
  };
  StandInWindow.all.length = 0;

  let ready: () => void = () => {};
  const whenReady = new Promise<void>((resolveReady) => (ready = resolveReady));
  const app = Object.assign(new EventEmitter(), {
    getPath: (name: string) => recorded.paths.get(name) ?? '',
    setPath: (name: string, value: string) => recorded.paths.set(name, value),
    isPackaged: options.isPackaged ?? false,
    requestSingleInstanceLock: () => options.singleInstance ?? true,
    enableSandbox: () => {
      recorded.sandboxEnabled = true;
    },
    whenReady: () => whenReady,
    quit: () => {
      recorded.quitCalls += 1;
    },
    exit: () => {
      recorded.quitCalls += 1;
    },
  });

  const electron = {
    app,
    BrowserWindow: StandInWindow,
    protocol: {
      registerSchemesAsPrivileged: (schemes: unknown[]) =>
        recorded.privilegedSchemes.push(...schemes),
      handle: (scheme: string, handler: (request: Request) => Promise<Response>) =>
        recorded.protocolHandlers.set(scheme, handler),
    },
    session: {
      defaultSession: {
        webRequest: {
          onHeadersReceived: (filter: Recorded['headerFilters'][number]) =>
            recorded.headerFilters.push(filter),
        },
        setPermissionRequestHandler: (handler: Recorded['permissionRequestHandler']) => {
          recorded.permissionRequestHandler = handler;
        },
        setPermissionCheckHandler: (handler: Recorded['permissionCheckHandler']) => {
          recorded.permissionCheckHandler = handler;
        },
      },
    },
    ipcMain: {
      handle: (
        channel: string,
        handler: Recorded['ipcHandlers'] extends Map<string, infer H> ? H : never,
      ) => recorded.ipcHandlers.set(channel, handler),
    },
    Menu: {
      buildFromTemplate: (template: unknown) => template,
      setApplicationMenu: (menu: unknown) => {
        recorded.menu = menu;
      },
    },
    dialog: {
      showErrorBox: (title: string, content: string) => recorded.errorBoxes.push([title, content]),
      showSaveDialog: async () =>
        recorded.saveDialogAnswer === null
          ? { canceled: true, filePath: '' }
          : { canceled: false, filePath: recorded.saveDialogAnswer },
    },
    shell: {
      openExternal: async (url: string) => {
        recorded.openedExternally.push(url);
      },
    },
    // A keyring that is present and unlocked; the cipher is not the subject of these tests.
    safeStorage: {
      isAsyncEncryptionAvailable: async () => true,
      getSelectedStorageBackend: () => 'gnome_libsecret',
      encryptStringAsync: async (text: string) => Buffer.from(text, 'utf8').reverse(),
      decryptStringAsync: async (data: Buffer) => ({
        result: Buffer.from(data).reverse().toString('utf8'),
        shouldReEncrypt: false,
      }),
    },
    net: { request: standInNetRequest(recorded.netRequests) },
    contextBridge: {
      exposeInMainWorld: (name: string, api: unknown) => recorded.exposed.set(name, api),
    },
    ipcRenderer: {
      invoke: async (...args: unknown[]) => {
        recorded.rendererInvokes.push(args);
        // As main answers: the envelope's UTF-8 JSON.
        return new TextEncoder().encode(JSON.stringify({ ok: true, data: null }));
      },
      on: (channel: string, listener: (...args: unknown[]) => void) => {
        const set = recorded.rendererListeners.get(channel) ?? new Set();
        set.add(listener);
        recorded.rendererListeners.set(channel, set);
      },
      removeListener: (channel: string, listener: (...args: unknown[]) => void) => {
        recorded.rendererListeners.get(channel)?.delete(listener);
      },
    },
  };
  return { electron, recorded, markReady: () => ready(), app };
}

type Loader = (request: string, parent: unknown, isMain: boolean) => unknown;
const moduleInternals = Module as unknown as { _load: Loader; _cache: Record<string, unknown> };

/**
 * Loads a built CommonJS bundle with `require('electron')` answered by the stand-in. Answers the
 * ids of every module the bundle itself asked for (not what those modules load in turn).
 */
export function loadWithStandIn(bundle: string, electron: unknown): { requested: string[] } {
  const file = resolve(bundle);
  const outDir = resolve(file, '../..');
  for (const key of Object.keys(moduleInternals._cache)) {
    if (key.startsWith(outDir)) delete moduleInternals._cache[key];
  }
  const requested: string[] = [];
  const original = moduleInternals._load;
  moduleInternals._load = function load(this: unknown, request, parent, isMain) {
    const from = (parent as { filename?: string } | null)?.filename ?? '';
    if (from.startsWith(outDir) && request !== file) requested.push(request);
    if (request === 'electron') return electron;
    return original.call(this, request, parent, isMain);
  };
  try {
    Module.createRequire(file)(file);
  } finally {
    moduleInternals._load = original;
  }
  return { requested };
}
