import { type App, type Dialog } from 'electron';

/**
 * Every switch a packaged build starts with: Formdesk's own. Any other Chromium or Node switch
 * may hand the app that holds the API key to another program (a debugger, a net log with full
 * capture, a proxy with certificate errors ignored, a TLS key log), and the fuses cover only
 * Node's.
 */
export const ALLOWED_SWITCHES = ['data-dir', 'no-demo'] as const;

/** Switches whose value is the next argument when not written `--name=value`. */
const TAKES_VALUE = new Set<string>(['data-dir']);

/** Variables that make Chromium write the TLS keys of every connection to a file. */
const REFUSED_VARIABLES = ['SSLKEYLOGFILE'] as const;

/** The switches in `args` (the arguments after the executable) not on the allow-list. */
export function refusedSwitches(args: readonly string[]): string[] {
  const refused: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (!arg.startsWith('-')) continue;
    const [written = '', value] = arg.replace(/^-{1,2}/, '').split('=', 2);
    const name = written.toLowerCase();
    if (!(ALLOWED_SWITCHES as readonly string[]).includes(name))
      refused.push(arg.split('=', 1)[0]!);
    else if (TAKES_VALUE.has(name) && value === undefined) i += 1;
  }
  return refused;
}

/**
 * What only development builds accept: electron-vite's dev server as the page
 * (`ELECTRON_RENDERER_URL`, trusted for navigation and IPC as if it were the app), switches other
 * than Formdesk's own, and a TLS key log. A packaged build forgets the variable, and refuses to
 * start with such a switch or key log after saying why: false means quit.
 */
export function startsWithoutDevelopmentSettings(
  app: Pick<App, 'isPackaged'>,
  argv: readonly string[],
  env: NodeJS.ProcessEnv,
  dialog: Pick<Dialog, 'showErrorBox'>,
): boolean {
  if (!app.isPackaged) return true;
  delete env.ELECTRON_RENDERER_URL;
  const given = [
    ...refusedSwitches(argv.slice(1)),
    ...REFUSED_VARIABLES.filter((name) => env[name] !== undefined),
  ];
  if (given.length === 0) return true;
  dialog.showErrorBox(
    'Formdesk',
    `Formdesk does not start with ${given.join(', ')}: it would let other programs watch or control the app that holds your API key. It accepts ${ALLOWED_SWITCHES.map((name) => `--${name}`).join(' and ')} only.`,
  );
  return false;
}
