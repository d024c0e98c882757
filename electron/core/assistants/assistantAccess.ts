import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { type AssistantAccess, type AssistantAccessView } from '../../shared/contract/workspaces';
import { type WorkspaceRecord } from '../workspaces/registry';

/** The name an assistant's configuration knows the server by. */
export const SERVER_NAME = 'formdesk';

/**
 * A workspace's assistant access. The demo's respondents are made up, so an assistant can be
 * tried on it at once; any other workspace is closed to assistants until its owner opens it.
 */
export function assistantAccessOf(record: WorkspaceRecord): AssistantAccess {
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
  record: WorkspaceRecord,
  root = projectRoot(),
): AssistantAccessView {
  const args = [
    '--prefix',
    root,
    'run',
    '--silent',
    'mcp',
    '--',
    '--data-dir',
    resolve(dataDir),
    '--workspace',
    record.name,
  ];
  return {
    ...assistantAccessOf(record),
    command: ['npm', ...args].map(shellWord).join(' '),
    config: JSON.stringify({ mcpServers: { [SERVER_NAME]: { command: 'npm', args } } }, null, 2),
  };
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
