// Finds the Electron binary the way `require('electron')` does, in a child process: on a machine
// with internet access that require downloads the binary on first use (minutes, with progress);
// where the download host is unreachable it fails at once. Either way this answers, never throws.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/** @returns {{ path: string } | { reason: string }} */
export function findElectron({ quiet = false } = {}) {
  const result = spawnSync(
    process.execPath,
    ['-e', "process.stdout.write('\\n@@' + require('electron'))"],
    { cwd: root, encoding: 'utf8', timeout: 15 * 60_000, stdio: ['ignore', 'pipe', quiet ? 'pipe' : 'inherit'] },
  );
  const found = /\n@@(.+)$/.exec(result.stdout ?? '')?.[1];
  if (found && existsSync(found)) {
    if (process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY) {
      return { reason: 'no display to open a window on (DISPLAY is not set)' };
    }
    return { path: found };
  }
  return { reason: 'its binary could not be downloaded (no access to the Electron release host)' };
}
