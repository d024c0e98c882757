import { resolve } from 'node:path';

/**
 * Where Formdesk keeps its files: `--data-dir DIR` or FORMDESK_DATA_DIR when given (tests, a
 * portable copy), else Electron's per-user folder.
 */
export function chooseDataDir(argv: readonly string[], env: NodeJS.ProcessEnv, userData: string): string {
  const flagIndex = argv.findIndex((arg) => arg === '--data-dir' || arg.startsWith('--data-dir='));
  const flag = flagIndex === -1 ? undefined : argv[flagIndex]!.includes('=') ? argv[flagIndex]!.split('=').slice(1).join('=') : argv[flagIndex + 1];
  const chosen = flag || env.FORMDESK_DATA_DIR;
  return chosen ? resolve(chosen) : userData;
}
