// Finds the Electron binary the way `require('electron')` does, in a child process: on a machine
// with internet access that require downloads the binary on first use (minutes); where the
// download host is unreachable it fails at once. Either way this answers, never throws, and
// prints nothing but an optional note when the lookup is slow (a download under way).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/** @returns {Promise<{ path: string } | { reason: string }>} */
export function findElectron({ onSlow } = {}) {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      ['-e', "process.stdout.write('\\n@@' + require('electron'))"],
      {
        cwd: root,
        stdio: ['ignore', 'pipe', 'pipe'],
        timeout: 15 * 60_000,
      },
    );
    const slow = onSlow ? setTimeout(onSlow, 3_000) : undefined;
    let stdout = '';
    child.stdout.setEncoding('utf8').on('data', (chunk) => (stdout += chunk));
    child.stderr.resume();
    const finish = () => {
      clearTimeout(slow);
      const found = /\n@@(.+)$/.exec(stdout)?.[1];
      if (!found || !existsSync(found)) {
        resolve({
          reason: 'its binary could not be downloaded (no access to the Electron release host)',
        });
      } else if (
        process.platform === 'linux' &&
        !process.env.DISPLAY &&
        !process.env.WAYLAND_DISPLAY
      ) {
        resolve({ reason: 'there is no display to open a window on (DISPLAY is not set)' });
      } else {
        resolve({ path: found });
      }
    };
    child.once('error', finish);
    child.once('close', finish);
  });
}
