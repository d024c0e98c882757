import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WorkspaceRegistry } from './registry';

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'formdesk-registry-'));
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

const remote = {
  name: 'Acme',
  kind: 'remote' as const,
  baseUrl: 'https://api.fillout.com/v1/api',
  keyStorage: 'secure' as const,
};

describe('WorkspaceRegistry', () => {
  it('keeps workspaces and the current one across restarts', () => {
    const first = new WorkspaceRegistry(dataDir);
    const a = first.add(remote);
    const b = first.add({ ...remote, name: 'Beta' });
    first.setCurrent(b.id);
    first.update(a.id, { name: 'Acme EU' });

    const again = new WorkspaceRegistry(dataDir);
    expect(again.all().map((w) => w.name)).toEqual(['Acme EU', 'Beta']);
    expect(again.currentId).toBe(b.id);
  });

  it('loses no change made through another copy of the list since it was read', () => {
    const setup = new WorkspaceRegistry(dataDir);
    const a = setup.add(remote);
    const one = new WorkspaceRegistry(dataDir);
    const other = new WorkspaceRegistry(dataDir);
    const added = one.add({ ...remote, name: 'Added in one' });
    other.update(a.id, { name: 'Renamed in the other' });
    expect(new WorkspaceRegistry(dataDir).all().map((w) => [w.id, w.name])).toEqual([
      [a.id, 'Renamed in the other'],
      [added.id, 'Added in one'],
    ]);
    other.remove(added.id);
    expect(new WorkspaceRegistry(dataDir).all().map((w) => w.name)).toEqual([
      'Renamed in the other',
    ]);
  });

  it('forgets the current workspace when it is removed', () => {
    const registry = new WorkspaceRegistry(dataDir);
    const a = registry.add(remote);
    registry.setCurrent(a.id);
    expect(registry.remove(a.id)).toBe(true);
    expect(registry.remove(a.id)).toBe(false);
    expect(new WorkspaceRegistry(dataDir).currentId).toBeNull();
  });

  it('writes atomically: no temp file is left and the file never holds a key field', () => {
    const registry = new WorkspaceRegistry(dataDir);
    registry.add(remote);
    expect(readdirSync(dataDir)).toEqual(['workspaces.json']);
    expect(readFileSync(join(dataDir, 'workspaces.json'), 'utf8')).not.toMatch(/apiKey|sk_/);
  });

  it('refuses a damaged file with a DB error instead of starting empty', () => {
    writeFileSync(join(dataDir, 'workspaces.json'), '{"version":1,"workspaces":[{"id":"../../etc"');
    expect(() => new WorkspaceRegistry(dataDir)).toThrow(/could not be read/);
    writeFileSync(
      join(dataDir, 'workspaces.json'),
      JSON.stringify({
        version: 1,
        currentId: null,
        workspaces: [{ ...remote, id: '../x', createdAt: '' }],
      }),
    );
    expect(() => new WorkspaceRegistry(dataDir)).toThrow(/could not be read/);
  });
});
