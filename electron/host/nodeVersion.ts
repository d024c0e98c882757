/** The oldest Node the built host runs on: package.json's `engines.node` (a test holds them equal). */
export const OLDEST_NODE = '22.12.0';

function parts(version: string): number[] {
  return version
    .replace(/^v/, '')
    .split('.')
    .map((part) => Number.parseInt(part, 10) || 0);
}

/** Whether `version` (as `process.versions.node` gives it) is older than `oldest`. */
export function isOlder(version: string, oldest = OLDEST_NODE): boolean {
  const [a, b] = [parts(version), parts(oldest)];
  for (let i = 0; i < 3; i++) {
    if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) < (b[i] ?? 0);
  }
  return false;
}

/** What to tell a person who started the host on an older Node; null when this Node will do. */
export function olderNodeMessage(version: string): string | null {
  if (!isOlder(version)) return null;
  return (
    `Formdesk needs Node ${OLDEST_NODE} or newer, and this is Node ${version}. ` +
    'Start it with `npm start` or `npm run serve` (npm scripts run on the Node 22 the project ' +
    'pins), or install Node 22.12 or newer.\n'
  );
}
