// `npm start`: build (when a source changed), then open Formdesk in Electron on the demo
// workspace; where Electron cannot run (no binary, no display) say so in one line and open
// browser mode instead.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { findElectron } from './electronBinary.mjs';
import { ensureBuilt } from './ensureBuilt.mjs';

const root = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);

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
