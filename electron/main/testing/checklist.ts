import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect } from 'vitest';
import { type BuiltMain } from './builtMain';
import { createElectronStandIn, loadWithStandIn, StandInContents } from './electronStandIn';

/**
 * The assertions behind the rows of docs/security-checklist.md, each run on the built main
 * bundle, and again on copies of it changed to break one row (checklistMutations.test.ts): an
 * assertion that still passes on a broken bundle tests nothing.
 */

/** Every hardened window preference, as main must set it (items 2–4, 6, 8–11 and devtools). */
export function hardenedPreferences(packaged: boolean): Record<string, unknown> {
  return {
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
    spellcheck: false,
    disableBlinkFeatures: 'Auxclick',
    devTools: !packaged,
  };
}

export function expectHardenedWindow(main: BuiltMain, packaged: boolean): void {
  const prefs = main.recorded.windows[0]?.options.webPreferences as Record<string, unknown>;
  const { preload, ...rest } = prefs;
  const expected = hardenedPreferences(packaged);
  // Named one by one, so a failure says which preference is wrong or added.
  const wrong = [...new Set([...Object.keys(expected), ...Object.keys(rest)])].filter(
    (key) => rest[key] !== expected[key],
  );
  expect(wrong, `window preferences not as hardened: ${wrong.join(', ')}`).toEqual([]);
  expect(preload).toMatch(/[\\/]preload[\\/]index\.cjs$/);
  expect(main.recorded.sandboxEnabled).toBe(true);
}

/** Item 13 and 14: navigations and redirects away, new windows and webviews are all refused. */
export function expectPagesKeptOnApp(main: BuiltMain): void {
  const contents = new StandInContents();
  main.app.emit('web-contents-created', {}, contents);
  const prevented = (event: string, url: string) => {
    let refused = false;
    contents.emit(event, { preventDefault: () => (refused = true) }, url);
    return refused;
  };
  for (const event of ['will-navigate', 'will-redirect']) {
    expect(prevented(event, 'app://formdesk/index.html#/settings'), event).toBe(false);
    expect(prevented(event, 'https://evil.example/'), event).toBe(true);
    expect(prevented(event, 'file:///etc/passwd'), event).toBe(true);
  }
  expect(contents.windowOpenHandler?.({ url: 'https://fillout.com/help' })).toEqual({
    action: 'deny',
  });
  expect(prevented('will-attach-webview', 'about:blank')).toBe(true);
}

/**
 * Item 18: app:// serves the built renderer and nothing beside it. Encoded slashes keep the dot
 * segments past the URL parser, which resolves `/../` and `/%2e%2e/` before any handler runs:
 * these reach the handler as traversals to a file that exists.
 */
export async function expectRendererFilesOnly(main: BuiltMain): Promise<void> {
  const serve = main.recorded.protocolHandlers.get('app')!;
  expect(existsSync(resolve(__dirname, '../../../out/renderer/../main/index.js'))).toBe(true);
  for (const probe of [
    'app://formdesk/..%2fmain%2findex.js',
    'app://formdesk/%2e%2e%2fmain%2findex.js',
    'app://formdesk/assets/..%2f..%2fmain%2findex.js',
    'app://formdesk/..%5cmain%5cindex.js',
  ]) {
    expect(new URL(probe).pathname, probe).toMatch(/%2f|%5c/i);
    expect((await serve(new Request(probe))).status, probe).toBe(404);
  }
}

/** The View menu: developer tools in an unpackaged build only. */
export function expectMenu(main: BuiltMain, packaged: boolean): void {
  const menu = JSON.stringify(main.recorded.menu);
  for (const role of ['editMenu', 'windowMenu', 'reload']) expect(menu).toContain(`"${role}"`);
  if (packaged) expect(menu).not.toMatch(/devtools/i);
  else expect(menu).toContain('"toggleDevTools"');
}

/**
 * Loads a bundle as a packaged build started with `args`: the error boxes it showed (empty when
 * it went on to start) and whether it quit.
 */
export function startPackagedWith(
  bundle: string,
  args: string[],
  env: Record<string, string> = {},
): { errorBoxes: Array<[string, string]>; quit: boolean } {
  // A second instance, so an accepted start stops at the single-instance lock.
  const standIn = createElectronStandIn({ isPackaged: true, singleInstance: false });
  const saved = { argv: process.argv, env: { ...process.env } };
  process.argv = ['/opt/Formdesk/formdesk', ...args];
  Object.assign(process.env, env);
  try {
    loadWithStandIn(bundle, standIn.electron);
  } finally {
    process.argv = saved.argv;
    for (const name of Object.keys(env)) delete process.env[name];
    Object.assign(process.env, saved.env);
  }
  return { errorBoxes: standIn.recorded.errorBoxes, quit: standIn.recorded.quitCalls > 0 };
}

/** Item 19: a packaged build refuses every switch but Formdesk's own, and a TLS key log. */
export function expectSwitchesRefused(bundle: string): void {
  expect(startPackagedWith(bundle, ['--data-dir', '/tmp/x', '--no-demo']).errorBoxes).toEqual([]);
  expect(startPackagedWith(bundle, ['--data-dir=/tmp/x']).errorBoxes).toEqual([]);
  for (const args of [
    ['--remote-debugging-port=9222'],
    ['--inspect'],
    ['--log-net-log=/tmp/net.json', '--net-log-capture-mode=Everything'],
    ['--ignore-certificate-errors', '--proxy-server=http://127.0.0.1:8080'],
    ['--ssl-key-log-file=/tmp/keys'],
    ['--no-sandbox'],
    ['-remote-debugging-pipe'],
    ['--no-demo', '--', '--remote-debugging-port=9222'],
  ]) {
    const { errorBoxes } = startPackagedWith(bundle, args);
    expect(errorBoxes, args.join(' ')).toEqual([['Formdesk', expect.any(String)]]);
    for (const arg of args.filter((a) => a !== '--no-demo'))
      expect(errorBoxes[0]?.[1]).toContain(arg.split('=')[0]);
  }
  expect(startPackagedWith(bundle, [], { SSLKEYLOGFILE: '/tmp/keys' }).errorBoxes).toEqual([
    ['Formdesk', expect.stringContaining('does not start with SSLKEYLOGFILE')],
  ]);
}
