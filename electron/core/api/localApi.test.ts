import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type LocalApi, startLocalApi } from '../../local-api';
import { type Submission } from '../../shared/api/submission';
import { createApiClient } from './client';
import { RateScheduler } from './rateScheduler';
import { type ApiClient } from './types';

// The client against the project's local implementation of the service, with its real 5/s limit,
// its request log and its scripted faults.

describe('the client against the local API', () => {
  let local: LocalApi;
  let api: ApiClient;
  let formId: string;
  let refused = 0;
  /** When each call was first sent (retries left out), on the clock the scheduler reads. */
  let firstSent: number[] = [];
  const countRefusals = {
    onRequest: (e: { attempt: number }) =>
      void (e.attempt === 1 && firstSent.push(performance.now())),
    onResponse: (e: { status?: number }) => void (refused += e.status === 429 ? 1 : 0),
  };

  beforeAll(async () => {
    local = await startLocalApi({ seed: 11, submissionsPerForm: 40 });
    api = createApiClient({
      baseUrl: local.baseUrl,
      apiKey: local.apiKey,
      retry: { baseDelayMs: 5, maxDelayMs: 20 },
      observer: countRefusals,
    });
    const forms = await api.listForms();
    formId = forms[0]?.formId ?? '';
  });
  afterAll(() => local.close());
  beforeEach(() => {
    local.admin.clearFaults();
    local.admin.clearRequests();
  });

  it('lists forms and reads their metadata', async () => {
    const forms = await api.listForms();
    expect(forms.length).toBeGreaterThan(0);
    const metadata = await api.getFormMetadata(formId);
    expect(metadata?.questions.length).toBeGreaterThan(0);
  });

  it('pages, filters and sorts submissions the way the service does', async () => {
    const all = local.admin.submissionsOf(formId);
    const first = await api.listSubmissions(formId, { limit: 10, offset: 0, sort: 'asc' });
    expect(first.responses).toHaveLength(10);
    expect(first.pageCount).toBe(Math.ceil(first.totalResponses / 10));
    const second = await api.listSubmissions(formId, { limit: 10, offset: 10, sort: 'asc' });
    expect(second.responses[0]?.submissionId).not.toBe(first.responses[0]?.submissionId);
    const newest = await api.listSubmissions(formId, { limit: 1, sort: 'desc' });
    const times = first.responses.map((s) => s.submissionTime);
    expect(times).toEqual([...times].sort());
    expect(
      (newest.responses[0]?.submissionTime ?? '') >= (first.responses.at(-1)?.submissionTime ?? ''),
    ).toBe(true);

    const middle = first.responses[5] as Submission;
    const after = await api.listSubmissions(formId, {
      afterDate: new Date(middle.submissionTime),
      limit: 150,
    });
    expect(after.responses.every((s) => s.submissionTime > middle.submissionTime)).toBe(true);
    const before = await api.listSubmissions(formId, {
      beforeDate: middle.submissionTime,
      limit: 150,
    });
    expect(before.responses.every((s) => s.submissionTime < middle.submissionTime)).toBe(true);

    const unfinished = await api.listSubmissions(formId, { status: 'in_progress', limit: 150 });
    const withPreview = await api.listSubmissions(formId, { includePreview: true, limit: 150 });
    expect(unfinished.totalResponses + withPreview.totalResponses).toBeGreaterThanOrEqual(
      first.totalResponses,
    );
    expect(all.length).toBeGreaterThanOrEqual(first.totalResponses);

    const linked = await api.listSubmissions(formId, { includeEditLink: true, limit: 2 });
    expect(linked.responses.every((s) => typeof s.editLink === 'string')).toBe(true);
    expect(first.responses.some((s) => 'editLink' in s)).toBe(false);
  });

  it('finds submissions by text', async () => {
    const [sample] = (await api.listSubmissions(formId, { limit: 1 })).responses;
    const answer = sample?.questions.find((q) => typeof q.value === 'string' && q.value.length > 3)
      ?.value as string;
    const found = await api.listSubmissions(formId, { search: answer, limit: 150 });
    expect(found.responses.map((s) => s.submissionId)).toContain(sample?.submissionId);
  });

  it('creates, reads and deletes a submission', async () => {
    const questionId = (await api.getFormMetadata(formId))?.questions[0]?.id ?? '';
    const [created] = await api.createSubmissions(formId, [
      { questions: [{ id: questionId, value: 'Imported by Formdesk' }] },
    ]);
    expect(created?.submissionId).toBeTruthy();
    const id = created?.submissionId ?? '';
    const read = await api.getSubmission(formId, id, { includeEditLink: true });
    expect(read.questions.find((q) => q.id === questionId)?.value).toBe('Imported by Formdesk');
    expect(read.editLink).toBeTruthy();
    await expect(api.deleteSubmission(formId, id)).resolves.toEqual({ alreadyDeleted: false });
    await expect(api.getSubmission(formId, id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(api.deleteSubmission(formId, id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('creates and removes a webhook by the id it was given', async () => {
    const { id } = await api.createWebhook(formId, 'http://127.0.0.1:9/hook?secret=abc');
    expect(local.admin.webhooks().map((w) => String(w.id))).toContain(String(id));
    await api.deleteWebhook(id);
    expect(local.admin.webhooks().map((w) => String(w.id))).not.toContain(String(id));
  });

  it('reports a refused key as UNAUTHORIZED and an unknown form as NOT_FOUND', async () => {
    const stranger = createApiClient({
      baseUrl: local.baseUrl,
      apiKey: 'sk_prod_not_a_real_key',
      scheduler: new RateScheduler(),
    });
    await expect(stranger.listForms()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(api.listSubmissions('no-such-form', {})).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });

  it('retries reads through 5xx answers and dropped connections', async () => {
    local.admin.setFaults([
      { kind: 'serverError', status: 503, method: 'GET', times: 1 },
      { kind: 'reset', method: 'GET', times: 1 },
    ]);
    await expect(api.listForms()).resolves.not.toHaveLength(0);
    expect(local.admin.requests().map((r) => r.status)).toEqual([503, 0, 200]);
  });

  it('never resends a create whose connection dropped after the server stored it', async () => {
    const questionId = (await api.getFormMetadata(formId))?.questions[0]?.id ?? '';
    const before = local.admin.submissionsOf(formId).length;
    local.admin.setFaults([{ kind: 'commitThenReset', times: 1 }]);
    local.admin.clearRequests();
    const rows = [1, 2, 3].map((n) => ({ questions: [{ id: questionId, value: `row ${n}` }] }));
    await expect(
      api.createSubmissions(formId, rows, { priority: 'background' }),
    ).rejects.toMatchObject({
      code: 'NETWORK',
      outcomeUnknown: true,
    });
    const creates = local.admin.requests().filter((r) => r.method === 'POST');
    expect(creates).toHaveLength(1);
    expect(creates[0]).toMatchObject({ status: 0, created: 3 });
    expect(local.admin.submissionsOf(formId).length).toBe(before + 3);
  });

  // Counted as they reach the server, a busy machine may deliver two windows' requests close
  // together; the service refuses the extra, and the client rides that out.
  it('answers every call of a busy client, paced by the key’s scheduler', async () => {
    firstSent = [];
    const calls = Array.from({ length: 24 }, (_, i) =>
      api.listSubmissions(
        formId,
        { limit: 5, offset: i * 5 },
        { priority: i % 3 === 0 ? 'interactive' : 'background' },
      ),
    );
    await Promise.all(calls);
    const log = local.admin.requests();
    expect(log.filter((r) => r.status === 200)).toHaveLength(24);
    expect(log.filter((r) => r.status === 429)).toHaveLength(log.length - 24);
    // Five calls a window: the 24 first sends take at least four windows, however fast the machine.
    expect(firstSent).toHaveLength(24);
    expect(Math.max(...firstSent) - Math.min(...firstSent)).toBeGreaterThanOrEqual(4 * 1000);
  });

  it('rides out a 429 storm: every call finishes', async () => {
    // A storm of a number of answers, not of a time: a busy machine cannot slip past it.
    local.admin.setFaults([{ kind: 'tooManyRequests', times: 6 }]);
    refused = 0;
    // A second client of the same key (another feature) shares the key's scheduler.
    const other = createApiClient({
      baseUrl: local.baseUrl,
      apiKey: local.apiKey,
      observer: countRefusals,
    });
    const calls = Array.from({ length: 15 }, (_, i) =>
      (i % 2 === 0 ? api : other).listSubmissions(
        formId,
        { limit: 3, offset: i },
        { priority: i % 4 === 0 ? 'interactive' : 'background' },
      ),
    );
    const results = await Promise.allSettled(calls);
    expect(results.filter((r) => r.status === 'rejected')).toHaveLength(0);
    const log = local.admin.requests();
    expect(log.filter((r) => r.status === 429).length).toBeGreaterThanOrEqual(6);
    expect(refused).toBe(log.filter((r) => r.status === 429).length);
    expect(log.filter((r) => r.status === 200)).toHaveLength(15);
  });
});
