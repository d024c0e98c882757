import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processorField } from '../../shared/api/submission';
import { createApiClient } from './client';
import { RateScheduler } from './rateScheduler';
import {
  type ScriptedServer,
  type SeenRequest,
  json,
  serviceError,
  startScriptedServer,
} from './testing/scriptedServer';

// What the service sends beyond our schemas: new top-level fields, a question type we have never
// seen, extra keys inside known objects. All of it must come through untouched.
const richSubmission = {
  submissionId: 'sub_1',
  submissionTime: '2024-05-01T10:00:00.000Z',
  lastUpdatedAt: '2024-05-02T10:00:00.000Z',
  startedAt: '2024-05-01T09:58:00.000Z',
  questions: [
    { id: 'q1', name: 'Name', type: 'ShortAnswer', value: 'Ada' },
    {
      id: 'q2',
      name: 'Mood board',
      type: 'HologramPicker',
      value: { frames: [1, 2], depth: 'deep' },
    },
  ],
  calculations: [{ id: 'c1', name: 'Total', type: 'number', value: '12', unit: 'EUR' }],
  urlParameters: [{ id: 'u1', name: 'ref', value: 'newsletter' }],
  scheduling: [
    {
      id: 'sc1',
      name: 'Call',
      value: { fullName: 'Ada', eventStartTime: '2024-05-03T09:00:00.000Z' },
    },
  ],
  payments: [
    {
      id: 'p1',
      name: 'Pay',
      value: { stripeCustomerId: 'cus_1', totalAmount: 1000, currency: 'usd', status: 'succeeded' },
    },
    {
      id: 'p2',
      name: 'Tip',
      value: { processorCustomerId: 'cus_2', totalAmount: 200, currency: 'eur' },
    },
  ],
  quiz: { score: 3, maxScore: 5 },
  login: { email: 'ada@example.com' },
  documents: [{ id: 'd1', name: 'Receipt', url: 'https://files.example.com/d1.pdf' }],
  approvals: { state: 'pending' },
};

describe('the client speaks every endpoint of the service', () => {
  let server: ScriptedServer;
  let api: ReturnType<typeof createApiClient>;
  const last = (): SeenRequest => {
    const seen = server.requests.at(-1);
    if (!seen) throw new Error('no request reached the server');
    return seen;
  };

  beforeAll(async () => {
    server = await startScriptedServer((req, res) => {
      const route = `${req.method} ${req.url.split('?')[0]}`;
      if (route === 'GET /forms')
        json(res, 200, [{ name: 'Feedback', formId: 'f1', createdAt: '2024-01-01' }]);
      else if (route === 'GET /forms/f1')
        json(res, 200, {
          id: 'f1',
          name: 'Feedback',
          questions: [{ id: 'q1', name: 'Name', type: 'ShortAnswer' }],
        });
      else if (route === 'GET /forms/f1/submissions')
        json(res, 200, {
          responses: [richSubmission],
          totalResponses: 1,
          pageCount: 1,
          cursor: 'x',
        });
      else if (route.startsWith('GET /forms/f1/submissions/'))
        json(res, 200, { submission: richSubmission });
      else if (route === 'POST /forms/f1/submissions')
        json(res, 200, { submissions: [richSubmission] });
      else if (route.startsWith('DELETE /forms/f1/submissions/')) json(res, 200, {});
      else if (route === 'POST /webhook/create') json(res, 200, { id: 4242 });
      else if (route === 'POST /webhook/delete') json(res, 200, {});
      else serviceError(res, 404, 'Not found');
    });
    api = createApiClient({
      baseUrl: `${server.baseUrl}///`,
      apiKey: 'sk_test_client',
      scheduler: new RateScheduler({ limit: 1000 }),
    });
  });
  afterAll(() => server.close());

  it('normalises the base URL', () => {
    expect(api.baseUrl).toBe(server.baseUrl);
  });

  it('lists forms', async () => {
    await expect(api.listForms()).resolves.toEqual([
      { name: 'Feedback', formId: 'f1', createdAt: '2024-01-01' },
    ]);
    expect(last()).toMatchObject({ method: 'GET', url: '/forms' });
  });

  it('reads form metadata when the server offers it, and null when it does not', async () => {
    await expect(api.getFormMetadata('f1')).resolves.toMatchObject({
      id: 'f1',
      questions: [{ id: 'q1' }],
    });
    await expect(api.getFormMetadata('unknown')).resolves.toBeNull();
  });

  it('lists submissions with every parameter under its service name', async () => {
    const page = await api.listSubmissions('f1', {
      limit: 150,
      offset: 150,
      afterDate: new Date(Date.UTC(2024, 0, 1)),
      beforeDate: '2024-06-01T12:00:00+02:00',
      status: 'in_progress',
      includeEditLink: true,
      includePreview: true,
      sort: 'asc',
      search: 'Ada & Grace',
    });
    expect(page).toEqual({
      responses: [richSubmission],
      totalResponses: 1,
      pageCount: 1,
      cursor: 'x',
    });
    const url = new URL(last().url, 'http://x');
    expect(url.pathname).toBe('/forms/f1/submissions');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      limit: '150',
      offset: '150',
      afterDate: '2024-01-01T00:00:00.000Z',
      beforeDate: '2024-06-01T10:00:00.000Z',
      status: 'in_progress',
      includeEditLink: 'true',
      includePreview: 'true',
      sort: 'asc',
      search: 'Ada & Grace',
    });
  });

  it('keeps unknown fields and question types, and reads both payment spellings', async () => {
    const { responses } = await api.listSubmissions('f1', {});
    const [submission] = responses;
    expect(submission).toEqual(richSubmission);
    const [stripe, processor] = submission?.payments ?? [];
    expect(stripe && processorField(stripe.value, 'CustomerId')).toBe('cus_1');
    expect(processor && processorField(processor.value, 'CustomerId')).toBe('cus_2');
  });

  it('reads one submission, escaping ids in the path', async () => {
    await expect(api.getSubmission('f1', 'a?b c', { includeEditLink: true })).resolves.toEqual(
      richSubmission,
    );
    expect(last()).toMatchObject({
      method: 'GET',
      url: '/forms/f1/submissions/a%3Fb%20c?includeEditLink=true',
    });
  });

  it('creates submissions with a JSON body', async () => {
    const created = await api.createSubmissions('f1', [
      {
        questions: [{ id: 'q1', value: 'Ada' }],
        urlParameters: [{ id: 'u1', name: 'ref', value: 'import' }],
      },
    ]);
    expect(created).toEqual([richSubmission]);
    expect(last()).toMatchObject({ method: 'POST', url: '/forms/f1/submissions' });
    expect(last().headers['content-type']).toBe('application/json');
    expect(JSON.parse(last().body)).toEqual({
      submissions: [
        {
          questions: [{ id: 'q1', value: 'Ada' }],
          urlParameters: [{ id: 'u1', name: 'ref', value: 'import' }],
        },
      ],
    });
  });

  it('deletes a submission', async () => {
    await expect(api.deleteSubmission('f1', 'sub_1')).resolves.toEqual({ alreadyDeleted: false });
    expect(last()).toMatchObject({
      method: 'DELETE',
      url: '/forms/f1/submissions/sub_1',
      body: '',
    });
  });

  it('creates a webhook and removes it by the id it was given', async () => {
    const { id } = await api.createWebhook('f1', 'https://hooks.example.com/in?secret=s3');
    expect(id).toBe(4242);
    expect(JSON.parse(last().body)).toEqual({
      formId: 'f1',
      url: 'https://hooks.example.com/in?secret=s3',
    });
    await expect(api.deleteWebhook(id)).resolves.toEqual({ alreadyDeleted: false });
    expect(last()).toMatchObject({ method: 'POST', url: '/webhook/delete' });
    expect(JSON.parse(last().body)).toEqual({ webhookId: 4242 });
  });
});
