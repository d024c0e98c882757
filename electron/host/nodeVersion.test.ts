import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isOlder, OLDEST_NODE, olderNodeMessage } from './nodeVersion';

describe('the Node version the host needs', () => {
  it('is the one package.json names in engines', () => {
    const pkg = JSON.parse(readFileSync(resolve(__dirname, '../../package.json'), 'utf8')) as {
      engines: { node: string };
    };
    expect(pkg.engines.node).toBe(`>=${OLDEST_NODE}`);
  });

  it('tells an older Node apart by major, minor and patch', () => {
    expect(isOlder('20.20.2')).toBe(true);
    expect(isOlder('22.11.9')).toBe(true);
    expect(isOlder('22.12.0')).toBe(false);
    expect(isOlder('22.23.3')).toBe(false);
    expect(isOlder('24.0.0')).toBe(false);
  });

  it('names the Node to use, and says nothing on one that will do', () => {
    expect(olderNodeMessage('20.20.2')).toMatch(/needs Node 22\.12\.0 or newer.*Node 20\.20\.2/);
    expect(olderNodeMessage(process.versions.node)).toBeNull();
  });
});
