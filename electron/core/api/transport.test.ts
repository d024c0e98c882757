import { type ServerResponse } from 'node:http';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { refusingPort } from '../../local-api/testing/refusingPort';
import { AppError } from '../../shared/errors';
import { type ApiClientOptions, createApiClient } from './client';
import { RateScheduler } from './rateScheduler';
import {
  type Script,
  type ScriptedServer,
  json,
  serviceError,
  startScriptedServer,
} from './testing/scriptedServer';

const submission = {
  submissionId: 's1',
  submissionTime: '2024-05-01T10:00:00.000Z',
  questions: [],
};
const page = { responses: [submission], totalResponses: 1, pageCount: 1 };
const row = { questions: [{ id: 'q1', value: 'Ada' }] };

let server: ScriptedServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function setUp(script: Script, options: Partial<ApiClientOptions> = {}) {
  server = await startScriptedServer(script);
  const api = createApiClient({
    baseUrl: server.baseUrl,
    apiKey: 'sk_test_transport',
    scheduler: new RateScheduler({ limit: 1000 }),
    retry: { maxAttempts: 4, baseDelayMs: 1, maxDelayMs: 5 },
    // Long enough that an answer on a busy machine never counts as late; the tests of timeouts
    // set short ones against servers that never answer.
    timeouts: { headersMs: 10_000, bodyMs: 10_000 },
    ...options,
  });
  return { api, requests: server.requests };
}

async function failure(promise: Promise<unknown>): Promise<AppError> {
  const error: unknown = await promise.then(
    () => new Error('expected the call to fail'),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

// Answers after reading the request, then the connection dies before any answer is written.
const reset = (res: ServerResponse): void => {
  res.socket?.destroy();
};
const never = () => undefined;
const SHORT_TIMEOUTS = { headersMs: 300, bodyMs: 300, writeHeadersMs: 300 };

describe('reads are retried', () => {
  it('retries a GET through 5xx answers and dropped connections', async () => {
    const { api, requests } = await setUp((_req, res, i) => {
      if (i === 0) serviceError(res, 503, 'Unavailable');
      else if (i === 1) reset(res);
      else json(res, 200, page);
    });
    await expect(api.listSubmissions('f1', {})).resolves.toEqual(page);
    expect(requests).toHaveLength(3);
  });

  it('stops after the bounded number of attempts', async () => {
    const { api, requests } = await setUp((_req, res) => serviceError(res, 500, 'Down'));
    expect(await failure(api.listForms())).toMatchObject({ code: 'REMOTE' });
    expect(requests).toHaveLength(4);
  });

  it('stops when the time budget is spent', async () => {
    const { api, requests } = await setUp((_req, res) => serviceError(res, 500, 'Down'), {
      retry: { maxAttempts: 100, baseDelayMs: 10_000, maxDelayMs: 10_000, maxTotalMs: 0 },
    });
    expect(await failure(api.listForms())).toMatchObject({ code: 'REMOTE' });
    expect(requests).toHaveLength(1);
  });

  it('does not retry what cannot succeed (a refused key, a bad request)', async () => {
    const { api, requests } = await setUp((_req, res) => serviceError(res, 400, 'API Key invalid'));
    expect(await failure(api.listForms())).toMatchObject({ code: 'UNAUTHORIZED' });
    expect(requests).toHaveLength(1);
  });
});

describe('creates are never sent twice when their outcome is unknown', () => {
  it('reports outcome unknown when the connection drops after the server committed', async () => {
    const committed: unknown[] = [];
    const { api, requests } = await setUp((req, res) => {
      committed.push(JSON.parse(req.body));
      reset(res);
    });
    const error = await failure(api.createSubmissions('f1', [row]));
    expect(error).toMatchObject({ code: 'NETWORK', outcomeUnknown: true });
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1);
    expect(committed).toHaveLength(1);
  });

  it('reports outcome unknown on a 5xx without resending', async () => {
    const { api, requests } = await setUp((_req, res) => serviceError(res, 500, 'Internal error'));
    expect(await failure(api.createSubmissions('f1', [row]))).toMatchObject({
      code: 'REMOTE',
      outcomeUnknown: true,
    });
    expect(requests).toHaveLength(1);
  });

  it('reports outcome unknown when the answer does not come in time', async () => {
    const { api, requests } = await setUp(never, { timeouts: SHORT_TIMEOUTS });
    expect(await failure(api.createSubmissions('f1', [row]))).toMatchObject({
      code: 'TIMEOUT',
      outcomeUnknown: true,
    });
    expect(requests).toHaveLength(1);
  });

  it('reports outcome unknown when a 200 cannot be read', async () => {
    const { api, requests } = await setUp((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"submissions":[{"submi');
    });
    expect(await failure(api.createSubmissions('f1', [row]))).toMatchObject({
      code: 'REMOTE',
      outcomeUnknown: true,
    });
    expect(requests).toHaveLength(1);
  });

  it('sends again after a 429, which proves nothing was created', async () => {
    const { api, requests } = await setUp((_req, res, i) => {
      if (i === 0)
        serviceError(res, 429, 'Too many requests. Try again soon.', { 'retry-after': '0' });
      else json(res, 200, { submissions: [submission] });
    });
    await expect(api.createSubmissions('f1', [row])).resolves.toEqual([submission]);
    expect(requests).toHaveLength(2);
  });

  it('sends again after a refused connection, which proves nothing was sent', async () => {
    // Nothing listens there; a port just freed could be handed to a server of a test beside this one.
    const closed = { baseUrl: `http://127.0.0.1:${await refusingPort()}/v1/api` };
    let attempts = 0;
    const api = createApiClient({
      baseUrl: closed.baseUrl,
      apiKey: 'sk_test_transport',
      scheduler: new RateScheduler({ limit: 1000 }),
      retry: { maxAttempts: 3, baseDelayMs: 1, maxDelayMs: 2 },
      observer: { onRequest: () => attempts++ },
    });
    expect(await failure(api.createSubmissions('f1', [row]))).toMatchObject({
      code: 'NETWORK',
      outcomeUnknown: false,
    });
    expect(attempts).toBe(3);
  });
});

describe('deletes', () => {
  it('reports a submission deleted by an attempt whose answer was lost', async () => {
    const { api, requests } = await setUp((_req, res, i) =>
      i === 0 ? reset(res) : serviceError(res, 404, 'Submission s1 not found'),
    );
    await expect(api.deleteSubmission('f1', 's1')).resolves.toEqual({ alreadyDeleted: true });
    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      'DELETE /forms/f1/submissions/s1',
      'DELETE /forms/f1/submissions/s1',
    ]);
  });

  it('takes no 404 for "deleted" after a lost answer unless the service says the submission is missing', async () => {
    const { api } = await setUp((_req, res, i) => {
      if (i === 0) return reset(res);
      res.writeHead(404, { 'content-type': 'text/html' });
      res.end('<h1>Not Found</h1>');
    });
    const error = await failure(api.deleteSubmission('f1', 's1'));
    expect(error).toMatchObject({ code: 'NOT_FOUND' });
    expect(error.details?.missing).toBeUndefined();
  });

  it('fails NOT_FOUND when nothing could have deleted it first', async () => {
    const { api } = await setUp((_req, res, i) =>
      i === 0
        ? serviceError(res, 429, 'Too many', { 'retry-after': '0' })
        : serviceError(res, 404, 'Not found'),
    );
    expect(await failure(api.deleteSubmission('f1', 's1'))).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('says a delete that kept failing may still have happened', async () => {
    const { api, requests } = await setUp((_req, res) => serviceError(res, 502, 'Bad gateway'));
    expect(await failure(api.deleteSubmission('f1', 's1'))).toMatchObject({
      code: 'REMOTE',
      outcomeUnknown: true,
    });
    expect(requests).toHaveLength(4);
  });

  it('ignores whatever body a successful delete has', async () => {
    const { api } = await setUp((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('OK');
    });
    await expect(api.deleteSubmission('f1', 's1')).resolves.toEqual({ alreadyDeleted: false });
  });
});

describe('timeouts', () => {
  it('times out waiting for headers, retrying a read within its attempts', async () => {
    const { api, requests } = await setUp(never, {
      retry: { maxAttempts: 2, baseDelayMs: 1, maxDelayMs: 1 },
      timeouts: SHORT_TIMEOUTS,
    });
    expect(await failure(api.listForms())).toMatchObject({
      code: 'TIMEOUT',
      details: { phase: 'headers' },
    });
    expect(requests).toHaveLength(2);
  });

  it('times out when the body stalls half-way', async () => {
    const { api } = await setUp(
      (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write('[{"name":"Feedback",');
      },
      { retry: { maxAttempts: 1 }, timeouts: SHORT_TIMEOUTS },
    );
    expect(await failure(api.listForms())).toMatchObject({
      code: 'TIMEOUT',
      details: { phase: 'body' },
    });
  });
});

describe('cancellation', () => {
  it('cancels a call in flight', async () => {
    const controller = new AbortController();
    const { api, requests } = await setUp(() => controller.abort());
    expect(await failure(api.listForms({ signal: controller.signal }))).toMatchObject({
      code: 'CANCELLED',
      outcomeUnknown: false,
    });
    expect(requests).toHaveLength(1);
  });

  it('says a cancelled create may have been saved', async () => {
    const controller = new AbortController();
    const { api } = await setUp(() => controller.abort());
    expect(
      await failure(api.createSubmissions('f1', [row], { signal: controller.signal })),
    ).toMatchObject({
      code: 'CANCELLED',
      outcomeUnknown: true,
    });
  });

  it('cancels a queued call before it is sent', async () => {
    const scheduler = new RateScheduler({ limit: 1, windowMs: 60_000 });
    const { api, requests } = await setUp((_req, res) => json(res, 200, []), { scheduler });
    await api.listForms();
    const controller = new AbortController();
    const queued = api.listForms({ signal: controller.signal });
    controller.abort();
    expect(await failure(queued)).toMatchObject({ code: 'CANCELLED' });
    expect(requests).toHaveLength(1);
    expect(scheduler.queued).toBe(0);
  });

  it('cancels the wait between retries', async () => {
    const controller = new AbortController();
    const { api, requests } = await setUp((_req, res) => serviceError(res, 503, 'Unavailable'), {
      retry: { maxAttempts: 5, baseDelayMs: 60_000, maxDelayMs: 60_000 },
      // The wait starts as soon as the 503 is judged; the abort comes once it is under way.
      observer: { onResponse: () => setImmediate(() => controller.abort()) },
    });
    expect(await failure(api.listForms({ signal: controller.signal }))).toMatchObject({
      code: 'CANCELLED',
    });
    expect(requests).toHaveLength(1);
  });
});

describe('rate headers', () => {
  it('pauses every call of the key for a 429’s retry-after', async () => {
    const scheduler = new RateScheduler({ limit: 1000 });
    let limited!: () => void;
    const answeredWith429 = new Promise<void>((resolve) => (limited = resolve));
    const { api, requests } = await setUp(
      (req, res) => {
        if (requests.length === 1)
          serviceError(res, 429, 'Too many requests. Try again soon.', { 'retry-after': '1' });
        else json(res, 200, req.url.startsWith('/forms?') || req.url === '/forms' ? [] : page);
      },
      // The client reads the 429's retry-after as it judges the answer, before this resumes.
      {
        scheduler,
        observer: {
          onResponse: (e) => {
            if (e.status === 429) limited();
          },
        },
      },
    );
    const first = api.listForms();
    await answeredWith429;
    const other = api.listSubmissions('f1', {});
    await Promise.all([first, other]);
    const limitedAt = requests[0]?.at ?? 0;
    expect(requests).toHaveLength(3);
    // Nothing, neither the retry nor the other caller, reached the server during the pause.
    for (const later of requests.slice(1)) expect(later.at - limitedAt).toBeGreaterThanOrEqual(950);
  });

  it('waits for the reset when the server says no requests remain', async () => {
    const scheduler = new RateScheduler({ limit: 1000 });
    const { api, requests } = await setUp(
      (_req, res, i) =>
        json(
          res,
          200,
          [],
          i === 0
            ? { 'ratelimit-remaining': '0', 'ratelimit-reset': '1' }
            : { 'ratelimit-remaining': '4' },
        ),
      { scheduler },
    );
    await api.listForms();
    await api.listForms();
    expect((requests[1]?.at ?? 0) - (requests[0]?.at ?? 0)).toBeGreaterThanOrEqual(950);
  });

  it('keeps a longer window after the service answers 429', async () => {
    const scheduler = new RateScheduler({ limit: 5 });
    const before = scheduler.windowMs;
    const { api } = await setUp(
      (_req, res, i) =>
        i === 0 ? json(res, 429, { statusCode: 429 }, { 'retry-after': '0' }) : json(res, 200, []),
      { scheduler },
    );
    await api.listForms();
    expect(scheduler.windowMs).toBeGreaterThan(before);
  });

  it('adds no pause when none remain because its own window is spent', async () => {
    // The key's own window already holds the next request back: a pause of a whole reset on top
    // would slow every batch of a bulk job by the time it takes to answer one.
    const scheduler = new RateScheduler({ limit: 1 });
    const pauseFor = vi.spyOn(scheduler, 'pauseFor');
    const { api } = await setUp(
      (_req, res) => json(res, 200, [], { 'ratelimit-remaining': '0', 'ratelimit-reset': '1' }),
      { scheduler },
    );
    await api.listForms();
    expect(pauseFor).not.toHaveBeenCalled();
  });
});
