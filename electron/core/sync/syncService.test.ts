import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startLocalApi, type LocalApi } from '../../local-api';
import { cacheStores } from '../cache/cacheStores';
import { type ApiObserver } from '../api';
import { SyncService } from './syncService';
import { createTestContext, type TestContext } from '../operations/testing/testContext';

let dir: string;
let server: LocalApi;
let testbed: TestContext;

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'formdesk-syncsvc-'));
  server = await startLocalApi({ rateLimit: 0, submissionsPerForm: 400, seed: 9 });
});
afterEach(async () => {
  testbed?.close();
  await server.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

function service(
  options: ConstructorParameters<typeof SyncService>[1] = {},
  apiKey = server.apiKey,
  observer?: ApiObserver,
): SyncService {
  testbed = createTestContext({ baseUrl: server.baseUrl, apiKey, dataDir: dir, observer });
  return new SyncService(testbed.ctx, { intervalMs: 0, ...options });
}

/** Resolves at the first event that matches, within a bounded wait. */
async function eventually(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 500; i++) {
    if (check()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`never happened: ${what}`);
}

describe('SyncService', () => {
  it('syncs when a workspace opens and reports every form as synced', async () => {
    const sync = service();
    testbed.open();
    expect(sync.status().running).not.toBeNull();
    await sync.idle();
    const status = sync.status();
    expect(status.running).toBeNull();
    expect(status.connection.state).toBe('online');
    expect(status.forms.length).toBe(3);
    expect(status.forms.every((f) => f.state === 'synced' && !f.stale && !f.resumable)).toBe(true);
    expect(testbed.events).toContainEqual({
      type: 'connection.changed',
      workspaceId: 'w-test',
      state: 'online',
    });
  });

  it('calls a form synced once its done event is out, while the job goes on with the others', async () => {
    const sync = service();
    testbed.open();
    const firstDone = () =>
      testbed.events.find((e) => e.type === 'sync.progress' && e.done) as
        { formId: string } | undefined;
    await eventually(() => firstDone() !== undefined, 'a form finished');
    const status = sync.status();
    expect(status.running).not.toBeNull();
    const finished = status.forms.find((f) => f.formId === firstDone()?.formId);
    expect(finished?.state).toBe('synced');
    expect(status.forms.some((f) => f.state === 'syncing')).toBe(true);
    await sync.idle();
  });

  it('takes up a workspace that was opened before it existed', async () => {
    testbed = createTestContext({ baseUrl: server.baseUrl, apiKey: server.apiKey, dataDir: dir });
    testbed.open();
    const sync = new SyncService(testbed.ctx, { intervalMs: 0 });
    expect(sync.status().running).not.toBeNull();
    await sync.idle();
    expect(sync.status().forms.every((f) => f.state === 'synced')).toBe(true);
  });

  it('runs one job at a time: a covered request joins it, another runs right after it', async () => {
    const sync = service();
    testbed.open();
    const running = sync.status().running;
    expect(sync.start({ mode: 'incremental' })).toEqual({
      started: false,
      queued: false,
      job: running,
    });
    expect(sync.start({ formId: 'cFb7q2LxWm', mode: 'full' })).toEqual({
      started: false,
      queued: true,
      job: running,
    });
    await sync.idle();
    expect(sync.status().running).toBeNull();
    const walks = server.admin.requests().filter(
      (r) =>
        r.path === '/forms/cFb7q2LxWm/submissions' &&
        // A walk says whether it lists previews; a pull leaves the service's default.
        r.query.includePreview !== undefined &&
        r.query.offset === '0',
    );
    // The first sync pulls each status in one pass; the queued full sync walks each.
    expect(walks).toHaveLength(2);
  });

  it('syncs a form asked for again once the running job has begun it, so nothing new is missed', async () => {
    const sync = service();
    testbed.open();
    const feedback = 'cFb7q2LxWm';
    const pulled = () =>
      testbed.events.some((e) => e.type === 'sync.progress' && e.formId === feedback);
    await eventually(pulled, 'the job pulled a page of the form');
    const { submission } = await server.admin.respond(feedback, { status: 'finished' });
    expect(sync.start({ formId: feedback, mode: 'incremental' })).toMatchObject({
      started: false,
      queued: true,
    });
    await sync.idle();
    expect(
      cacheStores(testbed.ctx.session().db).submissions.get(feedback, submission.submissionId),
    ).not.toBeNull();
  });

  it('cancels a running sync without marking an error, and the next sync resumes it', async () => {
    // Forms longer than one store of three pages, so the cut falls inside a listing.
    await server.close();
    server = await startLocalApi({ rateLimit: 0, submissionsPerForm: 1_200, seed: 9 });
    server.admin.setFaults([{ kind: 'latency', ms: 30, path: '/forms/*/submissions' }]);
    const sync = service();
    const session = testbed.open();
    await eventually(
      () => testbed.events.some((e) => e.type === 'sync.progress' && e.pagesDone >= 1),
      'a store of pages',
    );
    expect(sync.cancel()).toBe(true);
    await sync.idle();
    const cut = sync.status();
    expect(cut.running).toBeNull();
    expect(cut.forms.some((f) => f.resumable)).toBe(true);
    expect(cut.forms.every((f) => f.lastError === null)).toBe(true);
    expect(testbed.events).toContainEqual(
      expect.objectContaining({ type: 'sync.progress', phase: 'cancelled', done: true }),
    );

    server.admin.clearFaults();
    sync.start({ mode: 'incremental' });
    await sync.idle();
    expect(sync.status().forms.every((f) => f.state === 'synced' && !f.resumable)).toBe(true);
    const stores = cacheStores(session.db);
    for (const form of stores.forms.list()) {
      expect(form.counts.finished + form.counts.in_progress + form.counts.preview).toBe(
        server.admin.submissionsOf(form.formId, {
          includePreview: stores.forms.keepsPreviews(form.formId),
        }).length,
      );
    }
  });

  it('stops with the workspace that is closed', async () => {
    server.admin.setFaults([{ kind: 'latency', ms: 30, path: '/forms/*/submissions' }]);
    let asked = 0;
    const sync = service({}, server.apiKey, { onRequest: () => asked++ });
    testbed.open();
    await eventually(() => testbed.events.some((e) => e.type === 'sync.progress'), 'a first page');
    const pending = sync.idle();
    testbed.close();
    const askedBeforeClose = asked;
    await pending;
    expect(() => sync.status()).toThrow(/Open a workspace first/);
    // The request in flight at the close may still land; no other is sent after it.
    expect(asked).toBe(askedBeforeClose);
  });

  it('syncs again on its interval', async () => {
    const sync = service({ intervalMs: 25 });
    testbed.open();
    await sync.idle();
    server.admin.clearRequests();
    await eventually(
      () => server.admin.requests().some((r) => r.path === '/forms'),
      'an interval sync',
    );
    await sync.idle();
  });

  it('tells a refused key apart from being offline', async () => {
    const sync = service({}, 'sk_test_not_a_key_it_knows');
    testbed.open();
    await sync.idle();
    const status = sync.status();
    expect(status.connection.state).toBe('unauthorized');
    expect(status.connection.lastError).toBeTruthy();
    expect(JSON.stringify(status)).not.toContain('sk_test_not_a_key_it_knows');
  });
});
