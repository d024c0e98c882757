import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startLocalApi, type LocalApi } from '../../local-api';
import {
  type AppEvent,
  type Handlers,
  type OpInput,
  type OpName,
  type OpOutput,
} from '../../shared/contract';
import { type Result } from '../../shared/errors';
import { createApiClient } from '../api';
import { ActivityLog } from '../cache/activityLog';
import { type CacheDb } from '../cache/openCache';
import { openCache } from '../operations/workspaceCache';
import { SubmissionStore } from '../cache/submissionStore';
import { SyncStateStore } from '../cache/syncStateStore';
import { type AppContext, type WorkspaceSession } from '../session/context';
import { dispatch } from '../operations/dispatch';
import { CreateAttempts } from './createAttempts';
import { webhookHandlers } from './handlers';
import { webhookManager } from './webhookManager';
import { WebhookRegistry } from './webhookRegistry';
import { createLogger } from '../logging/log';
import { refusingPort } from '../../local-api/testing/refusingPort';

const FORM = 'cFb7q2LxWm';
const OTHER_FORM = 'evR3gN8tYu';

let dir: string;
let file: string;
let service: LocalApi;
let db: CacheDb;
let events: AppEvent[];
let closeSession: AbortController;
let session: WorkspaceSession;
let handlers: Handlers;

/** Opens a workspace on the local API with its cache file in the temp dir, as the app does. */
function openWorkspace(id = 'ws-demo', cacheFile = file): void {
  db = openCache(cacheFile);
  closeSession = new AbortController();
  session = {
    workspace: {
      id,
      name: id,
      kind: 'demo',
      baseUrl: service.baseUrl,
      keyStorage: 'session',
      keyAvailable: true,
      createdAt: '2026-11-22T08:00:00.000Z',
    },
    api: createApiClient({ baseUrl: service.baseUrl, apiKey: service.apiKey }),
    db,
    signal: closeSession.signal,
  };
}

/** The app's start: one context for its lifetime, whichever workspace is open. */
function startApp(): void {
  const ctx: AppContext = {
    dataDir: dir,
    log: createLogger({ write: () => {} }),
    emit: (event) => events.push(event),
    session: () => session,
    onSessionOpened: () => () => {},
  };
  // Only the webhook family is exercised: the router never reaches another one here.
  handlers = webhookHandlers(ctx) as Handlers;
}

function closeWorkspace(): void {
  closeSession.abort();
  db.close();
}

async function call<N extends OpName>(op: N, input: OpInput<N>): Promise<Result<OpOutput<N>>> {
  return (await dispatch(handlers, op, input)) as Result<OpOutput<N>>;
}

async function ok<N extends OpName>(op: N, input: OpInput<N>): Promise<OpOutput<N>> {
  const result = await call(op, input);
  if (!result.ok) throw new Error(`${op} failed: ${result.error.code} ${result.error.message}`);
  return result.data;
}

async function created(input: OpInput<'webhooks.create'>) {
  const outcome = await ok('webhooks.create', input);
  if (!outcome.created) throw new Error('expected a new webhook');
  return outcome.webhook;
}

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'formdesk-webhooks-'));
  file = path.join(dir, 'workspace.sqlite');
  service = await startLocalApi({ port: 0, seed: 7, rateLimit: 0 });
  events = [];
  openWorkspace();
  startApp();
});

afterEach(async () => {
  closeWorkspace();
  await service.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('webhook registry operations', () => {
  it('creates a webhook at the service and records the id it returned', async () => {
    const webhook = await created({ formId: FORM, url: 'https://hooks.example.com/formdesk' });
    const atService = service.admin.webhooks();
    expect(atService).toEqual([
      { id: webhook.id, formId: FORM, url: 'https://hooks.example.com/formdesk' },
    ]);
    expect(typeof webhook.id).toBe('number');
    expect(webhook).toMatchObject({
      formId: FORM,
      origin: 'created',
      workspaceId: 'ws-demo',
      receiver: null,
    });

    await created({ formId: OTHER_FORM, url: 'https://hooks.example.com/other' });
    expect((await ok('webhooks.list', {})).webhooks).toHaveLength(2);
    expect((await ok('webhooks.list', { formId: FORM })).webhooks.map((w) => w.id)).toEqual([
      webhook.id,
    ]);
  });

  it('warns before a second webhook for the same form and url, and creates it only when confirmed', async () => {
    const first = await created({ formId: FORM, url: 'https://hooks.example.com/a' });

    const warned = await ok('webhooks.create', {
      formId: FORM,
      url: 'https://HOOKS.example.com/a',
    });
    expect(warned).toEqual({
      created: false,
      duplicates: [expect.objectContaining({ id: first.id })],
      uncertain: [],
    });
    expect(service.admin.webhooks()).toHaveLength(1);

    const second = await created({
      formId: FORM,
      url: 'https://hooks.example.com/a',
      confirmDuplicate: true,
    });
    expect(second.id).not.toBe(first.id);
    expect(service.admin.webhooks()).toHaveLength(2);
    // Another form may use the same url without a warning.
    expect(
      (await ok('webhooks.create', { formId: OTHER_FORM, url: 'https://hooks.example.com/a' }))
        .created,
    ).toBe(true);
  });

  it.each([
    ['javascript:alert(1)', /"javascript:" addresses cannot receive webhooks/],
    ['file:///etc/passwd', /"file:" addresses cannot receive webhooks/],
    ['http://hooks.example.com/a', /Use https/],
    ['https://admin:secret@hooks.example.com/a', /Remove the user name and password/],
    ['hooks.example.com/a', /not a complete web address/],
    ['   ', /Enter the address/],
  ])('refuses %s with a specific message and creates nothing', async (url, message) => {
    const result = await call('webhooks.create', { formId: FORM, url });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe('INVALID_INPUT');
    expect(result.error.message).toMatch(message);
    expect(service.admin.webhooks()).toEqual([]);
  });

  it.each(['http://127.0.0.1:9/hook', 'http://localhost:9/hook', 'http://[::1]:9/hook'])(
    'allows plain http on loopback (%s), for local receivers',
    async (url) => {
      const webhook = await created({ formId: FORM, url });
      expect(webhook.url).toBe(url);
    },
  );

  it('records nothing of a create the service refused', async () => {
    const result = await call('webhooks.create', {
      formId: 'no-such-form',
      url: 'https://hooks.example.com/a',
    });
    expect(result.ok).toBe(false);
    expect(await ok('webhooks.list', {})).toEqual({ webhooks: [], uncertain: [] });
  });

  it('refuses a loopback url when the service is on another machine, before calling it', async () => {
    const elsewhere = webhookManager({
      api: createApiClient({
        baseUrl: 'https://api.fillout.com/v1/api',
        apiKey: 'sk_prod_never_sent',
      }),
      registry: new WebhookRegistry(db),
      attempts: new CreateAttempts(db),
      activity: new ActivityLog(db),
      workspaceId: 'ws-remote',
    });
    await expect(
      elsewhere.create({ formId: FORM, url: 'http://127.0.0.1:9/hook', confirmDuplicate: false }),
    ).rejects.toThrow(/api\.fillout\.com cannot reach 127\.0\.0\.1:9 on this computer/);
    expect(new WebhookRegistry(db).list()).toEqual([]);
  });

  it('deletes at the service first, then from the registry', async () => {
    const webhook = await created({ formId: FORM, url: 'https://hooks.example.com/a' });
    const result = await ok('webhooks.delete', { id: webhook.id });
    expect(result.outcome).toBe('deleted');
    expect(service.admin.webhooks()).toEqual([]);
    expect((await ok('webhooks.list', {})).webhooks).toEqual([]);
    // The audit log keeps both changes with the record whole: the id is never lost.
    const logged = new ActivityLog(db).list({}, 10).map((e) => [e.kind, e.snapshot]);
    expect(logged).toEqual([
      [
        'webhook.deleted',
        expect.objectContaining({ id: webhook.id, url: 'https://hooks.example.com/a' }),
      ],
      ['webhook.created', expect.objectContaining({ id: webhook.id })],
    ]);
  });

  it('keeps the record when the service fails the delete, so it can be tried again', async () => {
    const webhook = await created({ formId: FORM, url: 'https://hooks.example.com/a' });
    service.admin.setFaults([
      { kind: 'serverError', status: 503, method: 'POST', path: '/webhook/delete' },
    ]);
    const result = await call('webhooks.delete', { id: webhook.id });
    expect(result.ok ? null : result.error.code).toBe('REMOTE');
    expect((await ok('webhooks.list', {})).webhooks.map((w) => w.id)).toEqual([webhook.id]);

    service.admin.clearFaults();
    expect((await ok('webhooks.delete', { id: webhook.id })).outcome).toBe('deleted');
  });

  it('reports a create whose answer was lost without sending it again', async () => {
    service.admin.setFaults([{ kind: 'reset', method: 'POST', path: '/webhook/create', times: 1 }]);
    const result = await call('webhooks.create', {
      formId: FORM,
      url: 'https://hooks.example.com/a',
    });
    expect(result.ok ? null : result.error).toMatchObject({
      outcomeUnknown: true,
      message: expect.stringMatching(/may have created the webhook.*do not simply try again/),
    });
    const creates = service.admin.requests().filter((r) => r.path.endsWith('/webhook/create'));
    expect(creates).toHaveLength(1);
    const listed = await ok('webhooks.list', {});
    expect(listed.webhooks).toEqual([]);
    // Dropped before the service stored it, which Formdesk cannot know: it may exist all the same.
    expect(listed.uncertain).toEqual([
      expect.objectContaining({ state: 'uncertain', cause: 'answerLost' }),
    ]);
  });

  it('adopts a webhook created elsewhere and deletes it through the registry', async () => {
    const response = await fetch(`${service.baseUrl}/webhook/create`, {
      method: 'POST',
      headers: { authorization: `Bearer ${service.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ formId: FORM, url: 'https://elsewhere.example.com/hook' }),
    });
    const { id } = (await response.json()) as { id: number };

    // Typed in by a person: the digits become the integer the service issued.
    const adopted = await ok('webhooks.adopt', {
      id: String(id),
      formId: FORM,
      url: 'https://elsewhere.example.com/hook',
    });
    expect(adopted).toMatchObject({ id, origin: 'adopted' });
    const again = await call('webhooks.adopt', {
      id,
      formId: FORM,
      url: 'https://elsewhere.example.com/hook',
    });
    expect(again.ok ? null : again.error.code).toBe('CONFLICT');

    expect((await ok('webhooks.delete', { id })).outcome).toBe('deleted');
    expect(service.admin.webhooks()).toEqual([]);

    const typo = await call('webhooks.adopt', { id: 5, formId: FORM, url: 'javascript:alert(1)' });
    expect(typo.ok ? null : typo.error.code).toBe('INVALID_INPUT');
  });

  it('reports an id the service does not know, keeps it marked, and forgets it on request', async () => {
    await ok('webhooks.adopt', { id: 99999, formId: FORM, url: 'https://gone.example.com/hook' });
    const result = await ok('webhooks.delete', { id: 99999 });
    expect(result.outcome).toBe('unknownToService');
    const [kept] = (await ok('webhooks.list', {})).webhooks;
    expect(kept?.unknownToServiceAt).not.toBeNull();

    expect(await ok('webhooks.forget', { id: 99999 })).toEqual({ forgotten: true });
    expect((await ok('webhooks.list', {})).webhooks).toEqual([]);
  });

  it('refuses to delete an id it does not hold, pointing to adopt', async () => {
    const result = await call('webhooks.delete', { id: 12345 });
    expect(result.ok ? null : result.error).toMatchObject({
      code: 'NOT_FOUND',
      message: expect.stringMatching(/Adopt it first/),
    });
  });

  it('keeps the registry when the workspace file is closed and reopened', async () => {
    const webhook = await created({ formId: FORM, url: 'https://hooks.example.com/a' });
    closeWorkspace();

    openWorkspace();
    startApp();
    const [listed] = (await ok('webhooks.list', {})).webhooks;
    expect(listed).toMatchObject({
      id: webhook.id,
      formId: FORM,
      url: 'https://hooks.example.com/a',
    });
    expect((await ok('webhooks.delete', { id: webhook.id })).outcome).toBe('deleted');
  });
});

describe('a create whose answer never came', () => {
  const URL_A = 'https://hooks.example.com/a';

  async function lostCreate(input: OpInput<'webhooks.create'>) {
    const result = await call('webhooks.create', input);
    expect(result.ok ? null : result.error).toMatchObject({ outcomeUnknown: true });
  }

  it.each([
    ['the connection drops after the service stored it', { kind: 'commitThenReset' }],
    [
      'a gateway answers 504 and the service stores it later',
      { kind: 'lateCommit', commitAfterMs: 20 },
    ],
  ] as const)(
    'leaves one webhook at the service and a record that it may exist when %s',
    async (_shape, fault) => {
      service.admin.setFaults([{ ...fault, method: 'POST', path: '/webhook/create', times: 1 }]);
      await lostCreate({ formId: FORM, url: URL_A });
      await vi.waitFor(() => expect(service.admin.webhooks()).toHaveLength(1));

      const listed = await ok('webhooks.list', {});
      expect(listed.webhooks).toEqual([]);
      expect(listed.uncertain).toEqual([
        expect.objectContaining({
          formId: FORM,
          url: URL_A,
          state: 'uncertain',
          cause: 'answerLost',
          workspaceId: 'ws-demo',
        }),
      ]);
      const [entry] = new ActivityLog(db).list({}, 10);
      expect(entry).toMatchObject({
        kind: 'webhook.uncertain',
        formId: FORM,
        snapshot: expect.objectContaining({ url: URL_A }),
      });
      expect(service.admin.webhooks()).toHaveLength(1);
    },
  );

  it('asks before creating again where a create may already have made one', async () => {
    service.admin.setFaults([
      { kind: 'commitThenReset', method: 'POST', path: '/webhook/create', times: 1 },
    ]);
    await lostCreate({ formId: FORM, url: URL_A });
    const [uncertain] = (await ok('webhooks.list', {})).uncertain;

    const again = await ok('webhooks.create', { formId: FORM, url: URL_A });
    expect(again).toEqual({ created: false, duplicates: [], uncertain: [uncertain] });
    expect(service.admin.webhooks()).toHaveLength(1);

    // Creating another anyway stays the person's call, made knowingly.
    const confirmed = await created({ formId: FORM, url: URL_A, confirmDuplicate: true });
    expect(service.admin.webhooks().map((w) => w.id)).toContain(confirmed.id);
    expect(service.admin.webhooks()).toHaveLength(2);
    expect((await ok('webhooks.list', {})).uncertain).toEqual([uncertain]);
  });

  it('reads a create left sending by a core that stopped as uncertain, once, in Activity too', async () => {
    // Begun by another holder, as a core that stopped mid-call leaves it.
    new CreateAttempts(db, new Set()).begin({
      formId: FORM,
      url: URL_A,
      workspaceId: 'ws-demo',
      sentAt: '2026-11-28T08:00:00.000Z',
    });
    const { uncertain } = await ok('webhooks.list', {});
    expect(uncertain).toEqual([
      expect.objectContaining({ url: URL_A, state: 'uncertain', cause: 'interrupted' }),
    ]);
    expect(events).toEqual([
      { type: 'cache.changed', workspaceId: 'ws-demo', tables: ['webhooks', 'activity'] },
    ]);
    await ok('webhooks.list', { formId: FORM });
    const logged = new ActivityLog(db).list({}, 10).map((e) => e.kind);
    expect(logged).toEqual(['webhook.uncertain']);
    expect(events).toHaveLength(1);
    expect((await ok('webhooks.create', { formId: FORM, url: URL_A })).created).toBe(false);
  });

  it('completes a record with the id support gave, so the webhook can be deleted', async () => {
    service.admin.setFaults([
      { kind: 'commitThenReset', method: 'POST', path: '/webhook/create', times: 1 },
    ]);
    await lostCreate({ formId: FORM, url: URL_A });
    const [{ attemptId } = { attemptId: '' }] = (await ok('webhooks.list', {})).uncertain;
    const [atService] = service.admin.webhooks();

    const adopted = await ok('webhooks.uncertain.adopt', { attemptId, id: String(atService!.id) });
    expect(adopted).toMatchObject({ id: atService!.id, formId: FORM, url: URL_A });
    expect(await ok('webhooks.list', {})).toEqual({ webhooks: [adopted], uncertain: [] });
    expect((await ok('webhooks.delete', { id: adopted.id })).outcome).toBe('deleted');
    expect(service.admin.webhooks()).toEqual([]);
  });

  it('forgets a record on request and keeps it whole in Activity', async () => {
    service.admin.setFaults([{ kind: 'reset', method: 'POST', path: '/webhook/create', times: 1 }]);
    await lostCreate({ formId: FORM, url: URL_A });
    const [record] = (await ok('webhooks.list', {})).uncertain;

    expect(await ok('webhooks.uncertain.forget', { attemptId: record!.attemptId })).toEqual({
      forgotten: true,
    });
    expect((await ok('webhooks.list', {})).uncertain).toEqual([]);
    const [entry] = new ActivityLog(db).list({}, 10);
    expect(entry).toMatchObject({
      kind: 'webhook.forgotten',
      snapshot: expect.objectContaining({ attemptId: record!.attemptId, url: URL_A }),
    });
    expect((await ok('webhooks.create', { formId: FORM, url: URL_A })).created).toBe(true);
  });

  it('marks the record as existing when a delivery arrives at the test receiver', async () => {
    await ok('webhooks.receiver.start', {});
    service.admin.setFaults([
      { kind: 'commitThenReset', method: 'POST', path: '/webhook/create', times: 1 },
    ]);
    await lostCreate({ formId: FORM, toReceiver: true });
    const [before] = (await ok('webhooks.list', {})).uncertain;
    expect(before).toMatchObject({ state: 'uncertain', receiver: 'running', deliveredAt: null });

    const { deliveries } = await service.admin.respond(FORM);
    expect(deliveries.map((d) => d.status)).toEqual([200]);

    const [after] = (await ok('webhooks.list', {})).uncertain;
    expect(after).toMatchObject({
      attemptId: before!.attemptId,
      state: 'exists',
      cause: 'answerLost',
      deliveredAt: expect.any(String),
    });
    expect(new ActivityLog(db).list({}, 10).map((e) => e.kind)).toEqual([
      'webhook.exists',
      'webhook.uncertain',
    ]);
    expect(events).toContainEqual({
      type: 'cache.changed',
      workspaceId: 'ws-demo',
      tables: ['webhooks', 'activity'],
    });
  });

  it('takes no delivery as proof where a known webhook delivers to the same address', async () => {
    await ok('webhooks.receiver.start', {});
    service.admin.setFaults([
      { kind: 'commitThenReset', method: 'POST', path: '/webhook/create', times: 1 },
    ]);
    await lostCreate({ formId: FORM, toReceiver: true });
    await created({ formId: FORM, toReceiver: true, confirmDuplicate: true });

    await service.admin.respond(FORM);
    expect((await ok('webhooks.list', {})).uncertain).toEqual([
      expect.objectContaining({ state: 'uncertain', deliveredAt: null }),
    ]);
  });
});

describe('test receiver', () => {
  it('receives what respondents submit and writes it into the cache', async () => {
    const status = await ok('webhooks.receiver.start', {});
    expect(status).toMatchObject({ running: true, workspaceId: 'ws-demo' });
    const webhook = await created({ formId: FORM, toReceiver: true });
    expect(webhook.receiver).toBe('running');

    const { submission, deliveries } = await service.admin.respond(FORM);
    expect(deliveries.map((d) => d.status)).toEqual([200]);

    const [delivery] = (await ok('webhooks.deliveries', {})).deliveries;
    expect(delivery).toMatchObject({
      status: 'accepted',
      shape: 'envelope',
      formId: FORM,
      formName: 'Customer feedback',
      submissionId: submission.submissionId,
      duplicate: false,
      cached: true,
    });
    expect(
      new SubmissionStore(db).get(FORM, submission.submissionId)?.submission.submissionId,
    ).toBe(submission.submissionId);
    expect(events).toContainEqual({
      type: 'cache.changed',
      workspaceId: 'ws-demo',
      tables: ['submissions'],
      formId: FORM,
    });
    expect(events).toContainEqual(
      expect.objectContaining({ type: 'webhook.delivery', deliveryId: delivery?.deliveryId }),
    );

    const [withPayload] = (await ok('webhooks.deliveries', { deliveryId: delivery!.deliveryId }))
      .deliveries;
    expect(withPayload?.payload).toMatchObject({
      formId: FORM,
      submission: { submissionId: submission.submissionId },
    });
  });

  it('sends a test delivery of the newest finished submission, which the receiver logs and caches', async () => {
    await ok('webhooks.receiver.start', {});
    const webhook = await created({ formId: FORM, toReceiver: true });
    const { responses } = await session.api.listSubmissions(FORM, {
      limit: 1,
      sort: 'desc',
      status: 'finished',
    });
    const newest = responses[0]!.submissionId;

    expect(await ok('webhooks.test', { id: webhook.id })).toEqual({
      submissionId: newest,
      answered: 200,
    });
    const [delivery] = (await ok('webhooks.deliveries', {})).deliveries;
    expect(delivery).toMatchObject({
      status: 'accepted',
      shape: 'envelope',
      formName: 'Customer feedback',
      submissionId: newest,
      cached: true,
    });
    expect(new SubmissionStore(db).get(FORM, newest)?.submission.submissionId).toBe(newest);
  });

  it('says when nothing answers a test delivery, and refuses one to an address it must not post to', async () => {
    const closed = await refusingPort();
    const dead = await created({ formId: FORM, url: `http://127.0.0.1:${closed}/hook` });
    const refused = await call('webhooks.test', { id: dead.id });
    expect(refused).toMatchObject({
      ok: false,
      error: { code: 'NETWORK', message: expect.stringContaining('Nothing answered at 127.0.0.1') },
    });

    await ok('webhooks.adopt', { id: 555, formId: FORM, url: 'http://hooks.example.com/plain' });
    expect(await call('webhooks.test', { id: 555 })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_INPUT', message: expect.stringContaining('Use https') },
    });
  });

  it('keeps a delivered submission through the sweep of a reconcile walk under way', async () => {
    const syncState = new SyncStateStore(db);
    const passId = syncState.newPassId();
    syncState.update(FORM, 'finished', { phase: 'reconcile', passId, nextOffset: 300 });
    await ok('webhooks.receiver.start', {});
    await created({ formId: FORM, toReceiver: true });
    const { submission } = await service.admin.respond(FORM);

    const store = new SubmissionStore(db);
    expect(store.countSeen(FORM, 'finished', passId)).toBe(1);
    store.sweep(FORM, 'finished', passId);
    expect(store.get(FORM, submission.submissionId)).not.toBeNull();
  });

  it('takes a delivery as a hint: the address decides the form, the service what is cached', async () => {
    await ok('webhooks.receiver.start', {});
    // Submitted before the webhook existed: the receiver has not seen them.
    const { submission } = await service.admin.respond(OTHER_FORM);
    const real = (await service.admin.respond(FORM)).submission;
    const webhook = await created({ formId: FORM, toReceiver: true });
    const post = (body: unknown) =>
      fetch(webhook.url, { method: 'POST', body: JSON.stringify(body) });
    const store = new SubmissionStore(db);

    // Invented: an id the service does not hold, claiming another form.
    await post({ formId: OTHER_FORM, submission: { ...submission, submissionId: 'forged-1' } });
    // Real id, forged answers.
    const altered = {
      ...real,
      questions: real.questions.map((q) => ({ ...q, value: 'forged answer' })),
    };
    await post({ formId: FORM, submission: altered });
    // A dot segment, which would collapse in any URL it entered.
    await post({ formId: FORM, submission: { ...submission, submissionId: '..' } });

    const [dots, rewritten, invented] = (await ok('webhooks.deliveries', { limit: 3 })).deliveries;
    expect(invented).toMatchObject({
      formId: FORM,
      cached: false,
      problem: 'The service has no submission forged-1 in this form: not written to the cache.',
    });
    expect(store.get(FORM, 'forged-1')).toBeNull();
    expect(store.get(OTHER_FORM, 'forged-1')).toBeNull();
    expect(rewritten).toMatchObject({ formId: FORM, duplicate: false, cached: true });
    expect(store.get(FORM, real.submissionId)?.submission).toEqual(real);
    expect(dots).toMatchObject({
      status: 'rejected',
      problem: expect.stringMatching(/dot segment/),
    });
  });

  it('marks a delivery repeated by the sender as a duplicate', async () => {
    const status = await ok('webhooks.receiver.start', {});
    if (!status.running) throw new Error('receiver did not start');
    const body = JSON.stringify({
      formId: FORM,
      formName: 'Customer feedback',
      submission: (await service.admin.respond(FORM)).submission,
    });
    for (let i = 0; i < 2; i++) {
      await fetch(status.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
    }
    const deliveries = (await ok('webhooks.deliveries', {})).deliveries;
    expect(deliveries.map((d) => [d.duplicate, d.cached])).toEqual([
      [true, false],
      [false, true],
    ]);
  });

  it('accepts a bare submission and a JSON string sent to the form address', async () => {
    await ok('webhooks.receiver.start', {});
    const webhook = await created({ formId: OTHER_FORM, toReceiver: true });
    const [a, b] = [
      (await service.admin.respond(OTHER_FORM)).submission,
      (await service.admin.respond(OTHER_FORM)).submission,
    ];
    await fetch(webhook.url, { method: 'POST', body: JSON.stringify(a) });
    await fetch(webhook.url, { method: 'POST', body: JSON.stringify(JSON.stringify(b)) });
    const [second, first] = (await ok('webhooks.deliveries', { limit: 2 })).deliveries;
    expect(first).toMatchObject({
      shape: 'submission',
      formId: OTHER_FORM,
      submissionId: a.submissionId,
    });
    expect(second).toMatchObject({
      shape: 'string',
      formId: OTHER_FORM,
      submissionId: b.submissionId,
    });
  });

  it('offers the webhooks pointing at it when stopped; once deleted, nothing more arrives', async () => {
    await ok('webhooks.receiver.start', {});
    const webhook = await created({ formId: FORM, toReceiver: true });
    await created({ formId: FORM, url: 'https://hooks.example.com/kept' });

    const stopped = await ok('webhooks.receiver.stop', {});
    expect(stopped.pointingAtIt.map((w) => [w.id, w.receiver])).toEqual([[webhook.id, 'stopped']]);
    expect(await ok('webhooks.receiver.status', {})).toEqual({ running: false });

    await ok('webhooks.delete', { id: webhook.id });
    const before = (await ok('webhooks.deliveries', {})).deliveries.length;
    const { deliveries } = await service.admin.respond(FORM);
    expect(deliveries.map((d) => d.url)).toEqual(['https://hooks.example.com/kept']);
    expect((await ok('webhooks.deliveries', {})).deliveries).toHaveLength(before);
  });

  it('points webhooks through a tunnel when one is set, keeping the secret path', async () => {
    const local = await ok('webhooks.receiver.start', {});
    if (!local.running) throw new Error('receiver did not start');
    const status = await ok('webhooks.receiver.start', {
      publicUrl: 'https://abc123.tunnel.example.com/',
    });
    expect(status).toMatchObject({
      running: true,
      receiverId: local.receiverId,
      publicUrl: 'https://abc123.tunnel.example.com',
    });

    const webhook = await created({ formId: FORM, toReceiver: true });
    const secretPath = new URL(local.url).pathname;
    expect(webhook.url).toBe(`https://abc123.tunnel.example.com${secretPath}/${FORM}`);
    expect(webhook.receiver).toBe('running');
    expect((await ok('webhooks.receiver.stop', {})).pointingAtIt.map((w) => w.id)).toEqual([
      webhook.id,
    ]);

    const refused = await call('webhooks.receiver.start', {
      publicUrl: 'http://abc123.tunnel.example.com',
    });
    expect(refused.ok ? null : refused.error.message).toMatch(/Use https/);
  });

  it('stops with the workspace that started it, and keeps its deliveries from the next one', async () => {
    const status = await ok('webhooks.receiver.start', {});
    if (!status.running) throw new Error('receiver did not start');
    await created({ formId: FORM, toReceiver: true });
    await service.admin.respond(FORM);
    expect((await ok('webhooks.deliveries', {})).deliveries).toHaveLength(1);

    closeWorkspace();
    await expect(fetch(status.url, { method: 'POST', body: '{}' })).rejects.toThrow();
    openWorkspace('ws-other', path.join(dir, 'other.sqlite'));
    expect(await ok('webhooks.receiver.status', {})).toEqual({ running: false });
    expect((await ok('webhooks.deliveries', {})).deliveries).toEqual([]);
    expect((await ok('webhooks.list', {})).webhooks).toEqual([]);
  });

  it('starts one receiver however many times start is asked at once', async () => {
    const answers = await Promise.all([1, 2, 3].map(() => ok('webhooks.receiver.start', {})));
    const ids = new Set(answers.map((a) => (a.running ? a.receiverId : null)));
    expect(ids.size).toBe(1);
    expect([...ids][0]).not.toBeNull();
  });

  it('refuses to point a webhook at a receiver that is not running', async () => {
    const result = await call('webhooks.create', { formId: FORM, toReceiver: true });
    expect(result.ok ? null : result.error.code).toBe('CONFLICT');
  });
});
