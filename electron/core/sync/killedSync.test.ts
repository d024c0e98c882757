import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SubmissionFilter } from '../../shared/contract/submissions';
import { startLocalApi, type LocalApi } from '../../local-api';
import { createApiClient } from '../api';
import { cacheStores } from '../cache/cacheStores';
import { openCache } from '../operations/workspaceCache';
import { ConnectionMonitor } from './connection';
import { SyncEngine } from './syncEngine';

const CHILD = path.resolve(import.meta.dirname, '../operations/testing/syncChild.ts');

let dir: string;
let server: LocalApi;

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'formdesk-killed-'));
  server = await startLocalApi({ rateLimit: 0, submissionsPerForm: 3_000, seed: 5 });
  // Slow pages, so that they seldom pile up and most passes take several stores.
  server.admin.setFaults([{ kind: 'latency', ms: 40, path: '/forms/*/submissions' }]);
});
afterEach(async () => {
  await server.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/**
 * A client of the test's server. Every client of one key and server shares the scheduler the first
 * one made, with its limit: each is made alike, as the child's is.
 */
function client() {
  return createApiClient({
    baseUrl: server.baseUrl,
    apiKey: server.apiKey,
    rateLimit: { limit: 200, windowMs: 1000, marginMs: 0 },
  });
}

/** Runs a sync in a child process, which kills itself after `stores` stores that leave a pass part-way. */
function syncAndKill(cacheFile: string, stores: number): Promise<{ killed: boolean }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', CHILD, server.baseUrl, cacheFile, String(stores)],
      {
        env: { ...process.env, FORMDESK_API_KEY: server.apiKey },
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    );
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (signal !== 'SIGKILL' && code !== 0)
        reject(new Error(`sync child failed (${code}): ${stderr.slice(0, 500)}`));
      else resolve({ killed: signal === 'SIGKILL' });
    });
  });
}

describe('a sync process killed mid-way', () => {
  it('leaves a resumable cache that a new process completes without refetching what it stored', async () => {
    const cacheFile = path.join(dir, 'workspace.sqlite');
    // Every form keeps its previews: the runs pull, then walk for them, and either may be cut.
    const listing = openCache(cacheFile);
    const { forms } = cacheStores(listing);
    forms.replaceListed(await client().listForms(), new Date().toISOString());
    for (const form of forms.list()) forms.keepPreviews(form.formId);
    listing.close();
    // Killed three times at different points, each run resuming the one before.
    for (const stores of [2, 3, 2]) {
      const run = await syncAndKill(cacheFile, stores);
      expect(run.killed).toBe(true);
    }
    const db = openCache(cacheFile);
    const stores = cacheStores(db);
    const formIds = stores.forms.list().map((f) => f.formId);
    const stored = formIds.reduce(
      (n, id) =>
        n + stores.submissions.count(id, 'finished') + stores.submissions.count(id, 'in_progress'),
      0,
    );
    expect(stored).toBeGreaterThan(0);
    const cut = formIds.flatMap((id) => stores.syncState.list(id)).find((s) => s.phase !== 'idle');
    expect(cut).toBeDefined();

    server.admin.clearFaults();
    server.admin.clearRequests();
    const engine = new SyncEngine({
      workspaceId: 'w',
      api: client(),
      stores,
      connection: new ConnectionMonitor(() => {}),
      emit: () => {},
    });
    const results = await engine.run({ mode: 'incremental' }, new AbortController().signal);
    expect(results.every((r) => r.error === null)).toBe(true);

    // The cut pass picked up at its stored offset rather than starting over. A killed run's pages
    // requested ahead may still reach the server after it, always past that offset.
    const cutListing = server.admin
      .requests()
      .filter(
        (r) =>
          r.path === `/forms/${cut?.formId}/submissions` &&
          r.query.status === cut?.status &&
          r.query.afterDate === (cut?.afterDate ?? undefined) &&
          r.query.includePreview === (cut?.phase === 'reconcile' ? 'true' : undefined),
      )
      .map((r) => Number(r.query.offset));
    expect(Math.min(...cutListing)).toBe(cut?.nextOffset);
    for (const formId of formIds) {
      const all = [
        ...stores.query.all(
          SubmissionFilter.parse({ formId, status: 'all', includePreview: true }),
        ),
      ];
      expect(all.map((r) => r.submission)).toEqual(server.admin.submissionsOf(formId));
    }
    db.close();
  }, 120_000);
});
