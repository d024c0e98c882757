import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalApi } from './server';
import { call, started } from './testing/testSupport';

const FORM = 'cFb7q2LxWm';
let api: LocalApi;

beforeAll(async () => {
  api = await started();
});
afterAll(() => api.close());

const badRequest = (message: string) => ({ statusCode: 400, error: 'Bad Request', message });
const notFound = { statusCode: 404, error: 'Not Found', message: expect.any(String) };

describe('credentials', () => {
  it.each([
    [null, 'API authorization header missing'],
    ['Bearer ', 'API authorization header missing'],
    ['Bearer skdemo7f3a9c2e', 'API key missing underscore'],
    ['Bearer sk_prod_not_a_known_key', 'API Key invalid'],
    ['Bearer sk_demo!{}', 'Incorrectly formatted API key was passed'],
    ['Basic dXNlcjpwYXNz', 'Incorrectly formatted API key was passed'],
  ])('answers %j with 400 "%s"', async (authorization, message) => {
    const requests = [
      call(api, 'GET', '/forms', { authorization }),
      call(api, 'GET', `/forms/${FORM}/submissions`, { authorization }),
      call(api, 'POST', '/webhook/delete', { authorization, body: { webhookId: 1 } }),
    ];
    for (const reply of await Promise.all(requests)) {
      expect(reply.status).toBe(400);
      expect(reply.body).toEqual(badRequest(message));
    }
  });

  it('accepts only the configured keys when keys are given', async () => {
    const custom = await started({ apiKeys: ['sk_test_alpha', 'sk_test_beta'] });
    try {
      expect(custom.apiKey).toBe('sk_test_alpha');
      expect(
        (await call(custom, 'GET', '/forms', { authorization: 'Bearer sk_test_beta' })).status,
      ).toBe(200);
      const demo = await call(custom, 'GET', '/forms', { authorization: `Bearer ${api.apiKey}` });
      expect(demo.body).toEqual(badRequest('API Key invalid'));
    } finally {
      await custom.close();
    }
  });

  it('validates a create body before the key, then checks the key', async () => {
    const bad = await call(api, 'POST', `/forms/${FORM}/submissions`, {
      authorization: null,
      body: { submissions: [{}] },
    });
    expect(bad.status).toBe(400);
    const issues = JSON.parse((bad.body as { message: string }).message) as {
      code: string;
      path: unknown[];
      message: string;
    }[];
    expect(issues).toEqual([
      expect.objectContaining({ code: 'invalid_type', path: ['submissions', 0, 'questions'] }),
    ]);

    const good = await call(api, 'POST', `/forms/${FORM}/submissions`, {
      authorization: null,
      body: { submissions: [{ questions: [{ id: 'nm01', value: 'Ada' }] }] },
    });
    expect(good.body).toEqual(badRequest('API authorization header missing'));
  });
});

describe('create body', () => {
  const create = (body: unknown, rawBody?: string) =>
    call(api, 'POST', `/forms/${FORM}/submissions`, rawBody === undefined ? { body } : { rawBody });
  const issuesOf = (body: unknown) =>
    JSON.parse((body as { message: string }).message) as { path: unknown[] }[];

  it('refuses more than ten submissions, and none', async () => {
    const eleven = Array.from({ length: 11 }, () => ({ questions: [] }));
    const tooMany = await create({ submissions: eleven });
    expect(tooMany.status).toBe(400);
    expect(issuesOf(tooMany.body)[0]?.path).toEqual(['submissions']);
    expect((await create({ submissions: [] })).status).toBe(400);
  });

  it('refuses a body that is not JSON, or has no submissions', async () => {
    expect((await create(undefined, '{"submissions": [')).status).toBe(400);
    expect(issuesOf((await create({})).body)[0]?.path).toEqual(['submissions']);
  });

  it('refuses times that are not dates and question ids the form does not have', async () => {
    const badTime = await create({
      submissions: [{ questions: [], submissionTime: 'last tuesday' }],
    });
    expect(issuesOf(badTime.body)[0]?.path).toEqual(['submissions', 0, 'submissionTime']);
    const unknown = await create({ submissions: [{ questions: [{ id: 'nope', value: 1 }] }] });
    expect(unknown.status).toBe(400);
    expect(issuesOf(unknown.body)[0]?.path).toEqual(['submissions', 0, 'questions', 0, 'id']);
  });
});

describe('query parameters', () => {
  it.each([
    ['limit=0', 'limit'],
    ['limit=151', 'limit'],
    ['limit=abc', 'limit'],
    ['limit=1.5', 'limit'],
    ['offset=-1', 'offset'],
    ['offset=ten', 'offset'],
    ['afterDate=2026-01-01', 'afterDate'],
    ['afterDate=yesterday', 'afterDate'],
    ['beforeDate=2026-02-30T00:00:00.000Z', 'beforeDate'],
    ['beforeDate=2026-02-03T00:00:00Z', 'beforeDate'],
    ['status=done', 'status'],
    ['sort=up', 'sort'],
    ['includeEditLink=yes', 'includeEditLink'],
    ['includePreview=1', 'includePreview'],
  ])('answers %s with a 400 naming %s', async (query, name) => {
    const reply = await call(api, 'GET', `/forms/${FORM}/submissions?${query}`);
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual(badRequest(expect.stringContaining(`"${name}"`)));
  });

  it('accepts the edges of the page size', async () => {
    for (const limit of [1, 150]) {
      const reply = await call(api, 'GET', `/forms/${FORM}/submissions?limit=${limit}`);
      expect((reply.body as { responses: unknown[] }).responses).toHaveLength(limit);
    }
  });
});

describe('not found', () => {
  it('answers 404 for unknown forms on every form endpoint', async () => {
    const replies = await Promise.all([
      call(api, 'GET', '/forms/nope'),
      call(api, 'GET', '/forms/nope/submissions'),
      call(api, 'GET', '/forms/nope/submissions/abc'),
      call(api, 'DELETE', '/forms/nope/submissions/abc'),
      call(api, 'POST', '/forms/nope/submissions', { body: { submissions: [{ questions: [] }] } }),
      call(api, 'POST', '/webhook/create', {
        body: { formId: 'nope', url: 'https://example.com/hook' },
      }),
    ]);
    for (const reply of replies) {
      expect(reply.status).toBe(404);
      expect(reply.body).toEqual(notFound);
    }
  });

  it('answers 404 for unknown submissions, webhooks and routes', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    expect((await call(api, 'GET', `/forms/${FORM}/submissions/${id}`)).status).toBe(404);
    expect((await call(api, 'DELETE', `/forms/${FORM}/submissions/${id}`)).status).toBe(404);
    expect(
      (await call(api, 'POST', '/webhook/delete', { body: { webhookId: 999_999 } })).status,
    ).toBe(404);
    expect(
      (await call(api, 'POST', '/webhook/delete', { body: { webhookId: 'not-a-number' } })).status,
    ).toBe(404);
    const route = await call(api, 'GET', '/submissions');
    expect(route.status).toBe(404);
    expect(route.body).toEqual(notFound);
  });
});

describe('rate limit', () => {
  it('lets a burst of five through per key, then answers 429 as the service does', async () => {
    // The limit's clock stands still: no token comes back while the burst is answered, however
    // long a busy machine takes over it.
    const limited = await started({
      rateLimit: 5,
      apiKeys: ['sk_test_one', 'sk_test_two'],
      clock: () => 0,
    });
    try {
      const burst = await Promise.all(
        Array.from({ length: 12 }, () => call(limited, 'GET', '/forms')),
      );
      const ok = burst.filter((r) => r.status === 200);
      const refused = burst.filter((r) => r.status === 429);
      expect(ok).toHaveLength(5);
      expect(refused).toHaveLength(7);
      for (const reply of burst) {
        expect(reply.headers.get('ratelimit-limit')).toBe('5');
        expect(reply.headers.get('ratelimit-policy')).toBe('5;w=1');
        expect(reply.headers.get('ratelimit-reset')).toBe('1');
        expect(Number(reply.headers.get('ratelimit-remaining'))).toBeLessThanOrEqual(4);
      }
      for (const reply of refused) {
        expect(reply.body).toEqual({
          statusCode: 429,
          error: 'Too Many Requests',
          message: 'Too many requests. Try again soon.',
        });
        expect(reply.headers.get('retry-after')).toBe('1');
      }
      const otherKey = await call(limited, 'GET', '/forms', {
        authorization: 'Bearer sk_test_two',
      });
      expect(otherKey.status).toBe(200);
      expect(otherKey.headers.get('ratelimit-remaining')).toBe('4');
    } finally {
      await limited.close();
    }
  });

  it('counts errors too, and is off at 0', async () => {
    const limited = await started({ rateLimit: 5, clock: () => 0 });
    try {
      const replies = await Promise.all(
        Array.from({ length: 8 }, () => call(limited, 'GET', '/forms/nope')),
      );
      expect(replies.filter((r) => r.status === 429)).toHaveLength(3);
      expect(
        replies
          .filter((r) => r.status === 404)
          .every((r) => r.headers.get('ratelimit-limit') === '5'),
      ).toBe(true);
    } finally {
      await limited.close();
    }
    const burst = await Promise.all(Array.from({ length: 30 }, () => call(api, 'GET', '/forms')));
    expect(burst.every((r) => r.status === 200 && !r.headers.has('ratelimit-limit'))).toBe(true);
  });
});
