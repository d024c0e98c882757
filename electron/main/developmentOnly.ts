import { type App, type Dialog } from 'electron';

/**
 * Chromium switches that hand control of the app to another program: a debugger port, a pipe,
 * V8 flags. The fuses already refuse Node's `--inspect`; these are Chromium's, and no fuse covers
 * them.
 */
export const DEBUGGING_SWITCHES = [
  'remote-debugging-port',
  'remote-debugging-pipe',
  'remote-debugging-address',
  'remote-allow-origins',
  'inspect',
  'inspect-brk',
  'inspect-port',
  'js-flags',
] as const;

/**
 * What only development builds accept: electron-vite's dev server as the page
 * (`ELECTRON_RENDERER_URL`, trusted for navigation and IPC as if it were the app) and debugging
 * switches. A packaged build forgets the variable, and refuses to start with such a switch after
 * saying why: false means quit.
 */
export function startsWithoutDevelopmentSettings(
  app: Pick<App, 'isPackaged' | 'commandLine'>,
  env: NodeJS.ProcessEnv,
  dialog: Pick<Dialog, 'showErrorBox'>,
): boolean {
  if (!app.isPackaged) return true;
  delete env.ELECTRON_RENDERER_URL;
  const given = DEBUGGING_SWITCHES.filter((name) => app.commandLine.hasSwitch(name));
  if (given.length === 0) return true;
  dialog.showErrorBox(
    'Formdesk',
    `Formdesk does not start with ${given.map((name) => `--${name}`).join(', ')}: it would let other programs control the app that holds your API key.`,
  );
  return false;
}
