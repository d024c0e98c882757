import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';
import { parseCliOptions } from './cliOptions';
import { PROJECT_ROOT } from './testing/testSupport';

describe('parseCliOptions', () => {
  it('reads every option', () => {
    expect(
      parseCliOptions([
        '--port',
        '4011',
        '--api-key',
        'sk_a_1',
        '--api-key',
        'sk_b_2',
        '--seed',
        '9',
        '--submissions',
        '1000000',
        '--data',
        'forms.json',
        '--store',
        'store.jsonl',
        '--rate-limit',
        '0',
        '--simulate',
        '12',
      ]),
    ).toEqual({
      port: 4011,
      apiKeys: ['sk_a_1', 'sk_b_2'],
      seed: 9,
      submissionsPerForm: 1_000_000,
      data: 'forms.json',
      store: 'store.jsonl',
      rateLimit: 0,
      simulatePerMinute: 12,
    });
  });

  it('defaults to port 4010 and refuses what it cannot use', () => {
    expect(parseCliOptions([]).port).toBe(4010);
    expect(() => parseCliOptions(['--submissions', '1000001'])).toThrow(/--submissions/);
    expect(() => parseCliOptions(['--rate-limit', 'fast'])).toThrow(/--rate-limit/);
    expect(() => parseCliOptions(['--verbose'])).toThrow();
  });

  it("refuses a key the service's rules would refuse on every request, saying which rule", () => {
    expect(() => parseCliOptions(['--api-key', 'sec-key-SENTINEL-9f3a'])).toThrow(
      /--api-key: An API key has an underscore/,
    );
    expect(() => parseCliOptions(['--api-key', 'sk_test_ok', '--api-key', 'sk test'])).toThrow(
      /--api-key: An API key holds only letters, digits, _ and -/,
    );
  });
});

describe('npm run local-api', () => {
  const cli = (args: string[], stderr: 'inherit' | 'pipe') =>
    spawn(
      process.execPath,
      ['--import', 'tsx', resolve(PROJECT_ROOT, 'electron/local-api/cli.ts'), ...args],
      {
        cwd: PROJECT_ROOT,
        stdio: ['ignore', 'pipe', stderr],
      },
    );

  it('prints its address and key, serves, and exits cleanly on SIGTERM', async () => {
    const child = cli(['--port', '0', '--seed', '3', '--rate-limit', '0'], 'inherit');
    try {
      const lines = createInterface({ input: child.stdout! });
      const printed: string[] = [];
      for await (const line of lines) {
        printed.push(line);
        if (printed.length === 2) break;
      }
      const baseUrl = /(http:\/\/127\.0\.0\.1:\d+\/v1\/api)/.exec(printed[0] ?? '')?.[1];
      const key = /key: (\S+)/.exec(printed[1] ?? '')?.[1];
      expect(baseUrl).toBeDefined();
      const reply = await fetch(`${baseUrl}/forms`, {
        headers: { authorization: `Bearer ${key}` },
      });
      expect(reply.status).toBe(200);
      child.kill('SIGTERM');
      const [code] = await once(child, 'exit');
      expect(code).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });

  it('stops at start on a key the service would refuse, instead of announcing it', async () => {
    const child = cli(['--port', '0', '--api-key', 'sec-key-SENTINEL-9f3a'], 'pipe');
    try {
      let out = '';
      let err = '';
      child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
      child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
      const [code] = await once(child, 'exit');
      expect(code).toBe(2);
      expect(err).toContain('--api-key: An API key has an underscore');
      expect(out).not.toContain('Accepted key');
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });
});
