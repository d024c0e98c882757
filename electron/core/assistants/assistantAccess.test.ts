import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { assistantAccessView, serverLauncher } from './assistantAccess';
import { type WorkspaceRecord } from '../workspaces/registry';

const record: WorkspaceRecord = {
  id: 'w-1',
  name: "Ana's forms",
  kind: 'remote',
  baseUrl: 'https://api.example.com/v1/api',
  keyStorage: 'session',
  createdAt: '2026-11-01T00:00:00.000Z',
};

describe('the command an assistant starts the server with', () => {
  it('runs the installed app itself with --mcp', () => {
    expect(serverLauncher('/opt/Formdesk/formdesk', '39.2.0', '/unused')).toEqual({
      command: '/opt/Formdesk/formdesk',
      args: ['--mcp'],
    });
  });

  it('names the project folder when Electron runs it unpackaged', () => {
    expect(serverLauncher('/p/node_modules/electron/dist/electron', '39.2.0', '/p')).toEqual({
      command: '/p/node_modules/electron/dist/electron',
      args: ['/p', '--mcp'],
    });
  });

  it('runs npm in the project outside the desktop app', () => {
    expect(serverLauncher('/usr/bin/node', undefined, '/p')).toEqual({
      command: 'npm',
      args: ['--prefix', '/p', 'run', '--silent', 'mcp', '--'],
    });
  });

  it('gives a command a shell reads back word for word, and the same as the config', () => {
    const view = assistantAccessView('/data dir', record, {
      command: '/opt/Formdesk/formdesk',
      args: ['--mcp'],
    });
    const config = JSON.parse(view.config) as {
      mcpServers: { formdesk: { command: string; args: string[] } };
    };
    expect(config.mcpServers.formdesk).toEqual({
      command: '/opt/Formdesk/formdesk',
      args: ['--mcp', '--data-dir', '/data dir', '--workspace', "Ana's forms"],
    });
    const words = execFileSync('sh', ['-c', `printf '%s\\n' ${view.command}`], {
      encoding: 'utf8',
    });
    expect(words.trimEnd().split('\n')).toEqual([
      config.mcpServers.formdesk.command,
      ...config.mcpServers.formdesk.args,
    ]);
  });
});
