// `npm start`: build (when a source changed), then open Formdesk in Electron on the demo
// workspace; where Electron cannot run (no binary, no display) say so in one line and open
// browser mode instead.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);

// Before anything is built or written: on an older Node the SQLite binding crashes without a word.
const oldest = /([\d.]+)/.exec(
  JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).engines.node,
)[1];
const older = (a, b) => {
  const [x, y] = [a, b].map((v) => v.split('.').map(Number));
  const i = [0, 1, 2].find((n) => (x[n] ?? 0) !== (y[n] ?? 0));
  return i !== undefined && (x[i] ?? 0) < (y[i] ?? 0);
};
if (older(process.versions.node, oldest)) {
  console.error(
    `Formdesk needs Node ${oldest} or newer, and this is Node ${process.versions.node}. ` +
      'Start it with `npm start` (npm scripts run on the Node 22 the project pins), ' +
      'or install Node 22.12 or newer.',
  );
  process.exit(1);
}

const { findElectron } = await import('./electronBinary.mjs');
const { ensureBuilt } = await import('./ensureBuilt.mjs');

try {
  ensureBuilt();
} catch (error) {
  console.error(error.message);
  process.exit(1);
}

const electron = await findElectron({
  onSlow: () => console.log('Getting Electron (the first run downloads it)…'),
});
/** @type {[string, string[]]} */
let command;
if ('path' in electron) {
  // Chromium refuses to run as root with its OS sandbox on; renderers stay sandboxed by webPreferences.
  const rootFlags = process.getuid?.() === 0 ? ['--no-sandbox'] : [];
  command = [electron.path, [...rootFlags, root, ...args]];
} else {
  console.log(`Electron cannot start here: ${electron.reason}. Starting browser mode instead.`);
  command = [process.execPath, [path.join(root, 'out/main/host.js'), ...args]];
}

const env = { ...process.env };
delete env.ELECTRON_RUN_AS_NODE;
const child = spawn(command[0], command[1], { cwd: root, stdio: 'inherit', env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
