import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalApi, type LocalApi } from '../../local-api';
import { DEMO_FORM, openTestbed, peopleCsv } from '../operations/testing/importTestbed';

const CHILD = fileURLToPath(
  new URL('../operations/testing/importChildProcess.ts', import.meta.url),
);
// Each restarted child may send a burst of five batches at once (a fresh rate bucket): the file is
// long enough that twenty short lives cannot finish it.
const ROWS = 1600;
const KILLS = 20;

let api: LocalApi;
let dir: string;

beforeAll(async () => {
  api = await startLocalApi({ rateLimit: 0, submissionsPerForm: 5 });
  dir = mkdtempSync(path.join(tmpdir(), 'formdesk-crash-'));
});
afterAll(async () => {
  await api.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A small seeded generator: the kill points repeat from run to run. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

interface ChildRun {
  exit: Promise<number | null>;
  running: Promise<void>;
  kill(): void;
}

function startChild(cacheFile: string, jobId: string): ChildRun {
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD], {
    env: {
      ...process.env,
      FORMDESK_CACHE: cacheFile,
      FORMDESK_JOB: jobId,
      FORMDESK_BASE_URL: api.baseUrl,
      FORMDESK_API_KEY: api.apiKey,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const running = new Promise<void>((resolve) => {
    child.stdout.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('running')) resolve();
    });
    child.on('exit', () => resolve());
  });
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { exit, running, kill: () => child.kill('SIGKILL') };
}

describe('an import killed at random points', () => {
  it(
    `resumes after ${KILLS} SIGKILLs with exactly one create per row and a report that adds up`,
    // A bound against a hang, not a speed: 160 batches at five a second, and twenty-one Node
    // starts that take seconds each on a busy machine.
    { timeout: 300_000 },
    async () => {
      const cacheFile = path.join(dir, 'workspace.sqlite');
      const setup = openTestbed({ baseUrl: api.baseUrl, apiKey: api.apiKey, cacheFile });
      setup.prepare('crash', peopleCsv(ROWS, 'crash'));
      setup.close();
      api.admin.clearRequests();

      const random = seeded(20240516);
      let kills = 0;
      for (; kills < KILLS; kills++) {
        const child = startChild(cacheFile, 'crash');
        await child.running;
        await new Promise((resolve) => setTimeout(resolve, 30 + random() * 400));
        child.kill();
        if ((await child.exit) === 0) break; // finished before the kill landed
      }
      const last = startChild(cacheFile, 'crash');
      expect(await last.exit).toBe(0);

      const names = new Map<string, number>();
      for (const s of api.admin.submissionsOf(DEMO_FORM)) {
        const name = s.questions.find((q) => q.id === 'nm01')?.value;
        if (typeof name === 'string' && name.startsWith('Person crash-'))
          names.set(name, (names.get(name) ?? 0) + 1);
      }
      expect(names.size).toBe(ROWS);
      expect([...names.values()].every((n) => n === 1)).toBe(true);
      const creates = api.admin.requests().filter((r) => r.method === 'POST');
      expect(creates.reduce((sum, r) => sum + (r.created ?? 0), 0)).toBe(ROWS);

      const check = openTestbed({ baseUrl: api.baseUrl, apiKey: api.apiKey, cacheFile });
      const summary = check.journal.summary('crash')!;
      const verified = check.db
        .prepare(
          `SELECT count(*) AS n FROM import_batches WHERE job_id = 'crash' AND state = 'verified'`,
        )
        .get() as { n: number };
      check.close();
      // Some kills landed between journaling a batch and hearing its answer: those were verified.
      expect(verified.n).toBeGreaterThan(0);
      expect(summary).toMatchObject({
        state: 'done',
        created: ROWS,
        failed: 0,
        skipped: 0,
        unknown: 0,
        pending: 0,
      });
      expect(summary.created + summary.failed + summary.skipped).toBe(summary.rowsTotal);
      expect(kills).toBe(KILLS);
    },
  );
});
