import { resolve } from 'node:path';

/**
 * Where Formdesk keeps its files: `--data-dir DIR` (or `--data-dir=DIR`), else FORMDESK_DATA_DIR
 * (tests, a portable copy), else Electron's per-user folder.
 */
export function chooseDataDir(
  argv: readonly string[],
  env: NodeJS.ProcessEnv,
  userData: string,
): string {
  const chosen = dataDirFlag(argv) || env.FORMDESK_DATA_DIR;
  return chosen ? resolve(chosen) : userData;
}

function dataDirFlag(argv: readonly string[]): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--data-dir') return argv[i + 1];
    if (arg.startsWith('--data-dir=')) return arg.slice('--data-dir='.length);
  }
  return undefined;
}
