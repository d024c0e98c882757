import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { type AssistantAccess, type AssistantAccessView } from '../../shared/contract/workspaces';

/** The name an assistant's configuration knows the server by. */
export const SERVER_NAME = 'formdesk';

/** What of a workspace's record its assistant access depends on. */
export interface AccessedWorkspace {
  name: string;
  kind: 'demo' | 'remote';
  assistants?: AssistantAccess;
}

/**
 * A workspace's assistant access. The demo's respondents are made up, so an assistant can be
 * tried on it at once; any other workspace is closed to assistants until its owner opens it.
 */
export function assistantAccessOf(record: AccessedWorkspace): AssistantAccess {
  if (record.assistants) return record.assistants;
  return record.kind === 'demo'
    ? { allowed: true, includeContacts: true }
    : { allowed: false, includeContacts: false };
}

/** Where a workspace's cache file lives in a data dir. */
export function cacheFileOf(dataDir: string, workspaceId: string): string {
  return join(dataDir, 'workspaces', workspaceId, 'cache.sqlite');
}

/** The access, with the command that starts the server on this workspace. */
export function assistantAccessView(
  dataDir: string,
  record: AccessedWorkspace,
  start = serverLauncher(),
): AssistantAccessView {
  const args = [...start.args, '--data-dir', resolve(dataDir), '--workspace', record.name];
  return {
    ...assistantAccessOf(record),
    command: [start.command, ...args].map(shellWord).join(' '),
    config: JSON.stringify(
      { mcpServers: { [SERVER_NAME]: { command: start.command, args } } },
      null,
      2,
    ),
  };
}

/** A program and the arguments before `--data-dir` that start the assistants' server. */
export interface ServerLauncher {
  command: string;
  args: string[];
}

/**
 * The desktop app starts the server itself (`--mcp`), so an installed copy needs neither Node nor
 * the project; an unpackaged Electron needs the project's folder to find the app. Elsewhere (the
 * browser mode, tests) it is `npm run mcp` in the project, on the Node it pins.
 */
export function serverLauncher(
  execPath = process.execPath,
  electron = process.versions.electron,
  root = projectRoot(),
): ServerLauncher {
  if (electron !== undefined)
    return /^electron(\.exe)?$/i.test(basename(execPath))
      ? { command: execPath, args: [root, '--mcp'] }
      : { command: execPath, args: ['--mcp'] };
  return { command: 'npm', args: ['--prefix', root, 'run', '--silent', 'mcp', '--'] };
}

/**
 * The folder of Formdesk's package.json: `npm run mcp` runs from there, on the Node it pins. Found
 * from the running script, which the shells and the tests all start from inside it.
 */
function projectRoot(): string {
  let dir = dirname(resolve(process.argv[1] ?? '.'));
  for (;;) {
    if (isFormdesk(join(dir, 'package.json'))) return dir;
    const parent = dirname(dir);
    if (parent === dir) return process.cwd();
    dir = parent;
  }
}

function isFormdesk(file: string): boolean {
  if (!existsSync(file)) return false;
  try {
    return (JSON.parse(readFileSync(file, 'utf8')) as { name?: unknown }).name === 'formdesk';
  } catch {
    return false;
  }
}

/** A word a POSIX shell reads back as it is. */
function shellWord(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`;
}
