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
  const chosen = flagValue(argv, '--data-dir') || env.FORMDESK_DATA_DIR;
  return chosen ? resolve(chosen) : userData;
}

/** The value of `--name VALUE` or `--name=VALUE` on the command line. */
export function flagValue(argv: readonly string[], name: string): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === name) return argv[i + 1];
    if (arg.startsWith(`${name}=`)) return arg.slice(name.length + 1);
  }
  return undefined;
}
