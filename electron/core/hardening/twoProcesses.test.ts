import { type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ensureBuilt } from '../../../scripts/ensureBuilt.mjs';
import { startLocalApi, type LocalApi } from '../../local-api';
import { DEMO_FORM, PEOPLE_MAPPINGS, peopleCsv } from '../operations/testing/importTestbed';
import { spawnHost, startHostProcess } from './testing/hostProcess';

// Two `npm run serve` on one data dir: the second must not become a second writer of the same
// import journal (which sent every batch twice), and must point to the one that runs.

let dir: string;
let server: LocalApi;
const children = new Set<ChildProcess>();

beforeAll(() => ensureBuilt(), 180_000);

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'formdesk-two-hosts-'));
  server = await startLocalApi({ rateLimit: 0, submissionsPerForm: 20, seed: 5 });
});

afterEach(async () => {
  for (const child of children) child.kill('SIGKILL');
  children.clear();
  await server.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('two host processes on one data dir', () => {
  it(
    'refuses the second, which names the first and its address, and each row of a running import is created once',
    // Three host processes start in turn; beside a full test run each start has taken 16 s.
    { timeout: 300_000 },
    async () => {
      server.admin.setFaults([
        { kind: 'latency', ms: 200, method: 'POST', path: '/forms/*/submissions' },
      ]);
      const first = await startHostProcess(dir, server, children);
      const { fileId } = (
        await first.rpc('imports.parse', {
          fileName: 'people.csv',
          contentBase64: Buffer.from(peopleCsv(80, 'twice')).toString('base64'),
        })
      ).data as { fileId: string };
      const { jobId } = (
        await first.rpc('imports.validate', {
          fileId,
          formId: DEMO_FORM,
          mappings: PEOPLE_MAPPINGS,
        })
      ).data as { jobId: string };
      expect((await first.rpc('imports.start', { jobId })).ok).toBe(true);
      const creates = () =>
        server.admin
          .requests()
          .filter((r) => r.method === 'POST' && r.path.endsWith('/submissions'));
      await vi.waitFor(() => expect(creates().length).toBeGreaterThanOrEqual(1), {
        timeout: 60_000,
        interval: 10,
      });

      const second = spawnHost(dir, server, children);
      const [code] = (await once(second.child, 'exit')) as [number | null];
      expect(second.output()).toContain(`already running on ${dir} (process ${first.child.pid}`);
      expect(second.output()).toContain(`Open it at ${first.url}`);
      expect(second.output()).not.toContain('Formdesk is running in browser mode');
      expect(code).toBe(0);

      await vi.waitFor(
        async () => {
          const listed = (await first.rpc('imports.list')).data as {
            imports: Array<{ jobId: string; state: string }>;
          };
          expect(listed.imports.find((job) => job.jobId === jobId)?.state).toBe('done');
        },
        { timeout: 90_000, interval: 200 },
      );
      const names = server.admin
        .submissionsOf(DEMO_FORM)
        .map((s) => s.questions.find((q) => q.id === 'nm01')?.value)
        .filter((name) => typeof name === 'string' && name.startsWith('Person twice-'));
      expect(names).toHaveLength(80);
      expect(new Set(names).size).toBe(80);

      // Stopped, it gives the dir up: the next start owns it.
      first.child.kill('SIGTERM');
      await once(first.child, 'exit');
      const third = await startHostProcess(dir, server, children);
      expect(third.child.pid).not.toBe(first.child.pid);
    },
  );
});
