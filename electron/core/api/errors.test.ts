import { type ServerResponse } from 'node:http';
import { inspect } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refusingPort } from '../../local-api/testing/refusingPort';
import { AUTH_ERROR_MESSAGES } from '../../shared/api/endpoints';
import { AppError } from '../../shared/errors';
import { createApiClient } from './client';
import { RateScheduler } from './rateScheduler';
import {
  type ScriptedServer,
  json,
  serviceError,
  startScriptedServer,
} from './testing/scriptedServer';
import { type ApiObserver } from './transport';

// A key no message, detail, cause, log event or snapshot may ever show.
const SENTINEL = 'sk_prod_SENTINEL_4f1c9e27ab';

// Each form id is a scenario: the server answers it the way the named failure looks on the wire.
const scenarios: Record<string, (res: ServerResponse, auth: string) => void> = {
  unauthorized: (res) => serviceError(res, 401, 'Unauthorized'),
  forbidden: (res) => serviceError(res, 403, 'Forbidden'),
  ...Object.fromEntries(
    AUTH_ERROR_MESSAGES.map((message, i) => [
      `auth400-${i}`,
      (res: ServerResponse) => serviceError(res, 400, message),
    ]),
  ),
  // A careless server quoting the header it was sent.
  echoesKey: (res, auth) => serviceError(res, 400, `API Key invalid: got "${auth}"`),
  missing: (res) => serviceError(res, 404, 'Form not found'),
  noRoute: (res) => serviceError(res, 404, 'Route GET:/forms/noRoute/submissions not found'),
  html404: (res) => {
    res.writeHead(404, { 'content-type': 'text/html' });
    res.end('<html><body>Not Found</body></html>');
  },
  limited: (res) =>
    serviceError(res, 429, 'Too many requests. Try again soon.', { 'retry-after': '0' }),
  broken: (res) => serviceError(res, 502, 'Bad gateway'),
  conflict: (res) => serviceError(res, 409, 'Conflict'),
  badRequest: (res, auth) => serviceError(res, 400, `offset must be a number (${auth})`),
  html: (res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end('<html><body>Sign in to continue</body></html>');
  },
  truncated: (res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{"responses":[{"submissionId":"s1","submissionTi');
  },
  wrongShape: (res) => json(res, 200, { responses: 'none', totalResponses: 'many' }),
  badRow: (res) =>
    json(res, 200, {
      responses: [
        {
          submissionId: 's1',
          submissionTime: '2024-01-01T00:00:00.000Z',
          questions: 'secret answer',
        },
      ],
      totalResponses: 1,
      pageCount: 1,
    }),
  reset: (res) => res.socket?.destroy(),
  moved: (res) => {
    res.writeHead(301, {
      location: 'https://eu-api.example.com/v1/api/forms/moved/submissions?token=abc',
    });
    res.end();
  },
};

describe('errors from the service and the network', () => {
  let server: ScriptedServer;
  const events: unknown[] = [];
  const observer: ApiObserver = {
    onRequest: (e) => events.push(e),
    onResponse: (e) => events.push(e),
  };
  let api: ReturnType<typeof createApiClient>;

  beforeAll(async () => {
    server = await startScriptedServer((req, res) => {
      const scenario = /^\/forms\/([^/]+)/.exec(req.url)?.[1] ?? '';
      if (req.method === 'POST') {
        // Create validates the body before the key, answering with a JSON-encoded issue list.
        const issues = [
          {
            code: 'invalid_type',
            path: ['submissions', 0, 'questions'],
            message: `Required near ${String(req.headers.authorization)}`,
          },
        ];
        serviceError(res, 400, JSON.stringify(issues));
        return;
      }
      const answer = scenarios[scenario];
      if (answer) answer(res, String(req.headers.authorization));
      else json(res, 200, { responses: [], totalResponses: 0, pageCount: 0 });
    });
    api = createApiClient({
      baseUrl: server.baseUrl,
      apiKey: SENTINEL,
      scheduler: new RateScheduler({ limit: 1000 }),
      retry: { maxAttempts: 2, maxRateLimitedRetries: 1, baseDelayMs: 1, maxDelayMs: 2 },
      observer,
    });
  });
  afterAll(() => server.close());

  async function failure(run: () => Promise<unknown>): Promise<AppError> {
    try {
      await run();
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      const appError = error as AppError;
      // The key is nowhere: not in the message, the shape that crosses the bridge, the stack, the cause chain.
      expect(JSON.stringify(appError.toShape())).not.toContain('SENTINEL');
      expect(inspect(appError, { depth: 20 })).not.toContain('SENTINEL');
      expect(String(appError.stack)).not.toContain('SENTINEL');
      return appError;
    }
    throw new Error('expected the call to fail');
  }
  const list = (formId: string) => failure(() => api.listSubmissions(formId, {}));

  it('sends the key as a bearer header and asks for JSON', async () => {
    await api.listSubmissions('ok', {});
    const seen = server.requests.at(-1);
    expect(seen?.headers.authorization).toBe(`Bearer ${SENTINEL}`);
    expect(seen?.headers.accept).toBe('application/json');
  });

  it.each([
    'unauthorized',
    'forbidden',
    ...AUTH_ERROR_MESSAGES.map((_, i) => `auth400-${i}`),
    'echoesKey',
  ])('recognises a refused key (%s) as UNAUTHORIZED', async (scenario) => {
    const error = await list(scenario);
    expect(error.code).toBe('UNAUTHORIZED');
    expect(error.message).toMatch(/^The service refused the API key/);
    expect(error.retryable).toBe(false);
  });

  it('maps 404 to NOT_FOUND, 409 to CONFLICT, other 400s to INVALID_INPUT', async () => {
    expect((await list('missing')).code).toBe('NOT_FOUND');
    expect((await list('conflict')).code).toBe('CONFLICT');
    const bad = await list('badRequest');
    expect(bad.code).toBe('INVALID_INPUT');
    expect(bad.message).toContain('offset must be a number');
  });

  it('says an address answers with no Form Submissions API when a 404 names no item', async () => {
    expect(await list('missing')).toMatchObject({
      message: 'The server has no such form: it may have been deleted.',
      details: { missing: 'form' },
    });
    for (const scenario of ['noRoute', 'html404']) {
      const error = await list(scenario);
      expect(error.code).toBe('NOT_FOUND');
      expect(error.message).toContain(
        'no Form Submissions API: expected an address ending in /v1/api',
      );
      expect(error.details).toMatchObject({ noApi: true });
    }
  });

  it('gives up on a 429 that persists with RATE_LIMITED, after the allowed retry', async () => {
    const before = server.requests.length;
    const error = await list('limited');
    expect(error).toMatchObject({ code: 'RATE_LIMITED', retryable: true });
    expect(server.requests.length - before).toBe(2);
  });

  it('maps 5xx to REMOTE, retried within the policy', async () => {
    const before = server.requests.length;
    expect(await list('broken')).toMatchObject({
      code: 'REMOTE',
      retryable: true,
      details: { status: 502 },
    });
    expect(server.requests.length - before).toBe(2);
  });

  it.each(['html', 'truncated', 'wrongShape'])(
    'maps an answer it cannot read (%s) to REMOTE',
    async (scenario) => {
      const error = await list(scenario);
      expect(error.code).toBe('REMOTE');
      expect(error.message).toBe('The server answered in a form Formdesk does not understand.');
    },
  );

  it('names the first field that did not fit, without its value', async () => {
    const error = await list('badRow');
    expect(error.details).toEqual({ status: 200, where: 'responses.0.questions' });
    expect(JSON.stringify(error.toShape())).not.toContain('secret answer');
  });

  it('does not follow a redirect, and points at the base URL setting', async () => {
    const before = server.requests.length;
    const error = await list('moved');
    expect(error).toMatchObject({
      code: 'REMOTE',
      details: {
        status: 301,
        location: 'https://eu-api.example.com/v1/api/forms/moved/submissions',
      },
    });
    expect(error.message).toContain('Check the base URL');
    expect(server.requests.length - before).toBe(1);
  });

  it('maps a dropped connection to NETWORK', async () => {
    const error = await list('reset');
    expect(error).toMatchObject({ code: 'NETWORK', retryable: true, outcomeUnknown: false });
    expect(error.message).toContain('the connection was cut');
  });

  it('maps a refused connection to NETWORK naming the host', async () => {
    // Nothing listens there; a port just freed could be handed to a server of a test beside this one.
    const closed = { baseUrl: `http://127.0.0.1:${await refusingPort()}/v1/api` };
    const offline = createApiClient({
      baseUrl: closed.baseUrl,
      apiKey: SENTINEL,
      scheduler: new RateScheduler({ limit: 1000 }),
      retry: { maxAttempts: 1 },
    });
    const error = await failure(() => offline.listForms());
    expect(error).toMatchObject({ code: 'NETWORK', details: { reason: 'ECONNREFUSED' } });
    expect(error.message).toContain(new URL(closed.baseUrl).host);
  });

  it('carries the service’s validation issues as INVALID_INPUT details', async () => {
    const error = await failure(() =>
      api.createSubmissions('form', [{ questions: [{ id: 'q1', value: 'x' }] }]),
    );
    expect(error.code).toBe('INVALID_INPUT');
    expect(error.details).toEqual({
      status: 400,
      issues: [
        {
          code: 'invalid_type',
          path: ['submissions', '0', 'questions'],
          message: 'Required near Bearer [key]',
        },
      ],
    });
    expect(error.message).toContain('submissions.0.questions');
  });

  it('does not show the key when the client itself is printed or serialised', () => {
    expect(inspect(api, { depth: 10, showHidden: true })).not.toContain('SENTINEL');
    expect(JSON.stringify(api)).not.toContain('SENTINEL');
  });

  it('tells observers about every attempt without the key', () => {
    expect(events.length).toBeGreaterThan(10);
    expect(JSON.stringify(events)).not.toContain('SENTINEL');
  });
});
