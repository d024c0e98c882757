import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../shared/errors';
import { createApiClient } from './client';
import {
  createSubmissionsBody,
  listSubmissionsQuery,
  normaliseBaseUrl,
  serviceDate,
} from './params';
import { RateScheduler } from './rateScheduler';
import { type ScriptedServer, json, startScriptedServer } from './testing/scriptedServer';

function refusal(run: () => unknown): AppError {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected an INVALID_INPUT refusal');
}

describe('serviceDate', () => {
  it('writes Dates and ISO strings in the service format, reading zone-less times as UTC', () => {
    expect(serviceDate(new Date(Date.UTC(2024, 4, 1, 12, 30)), 'afterDate')).toBe(
      '2024-05-01T12:30:00.000Z',
    );
    expect(serviceDate('2024-05-01', 'afterDate')).toBe('2024-05-01T00:00:00.000Z');
    expect(serviceDate('2024-05-01T12:30', 'afterDate')).toBe('2024-05-01T12:30:00.000Z');
    expect(serviceDate('2024-05-01T14:30:05.5+02:00', 'afterDate')).toBe(
      '2024-05-01T12:30:05.500Z',
    );
    expect(serviceDate('2024-05-01T12:30:05.123Z', 'afterDate')).toBe('2024-05-01T12:30:05.123Z');
  });

  it.each([
    'yesterday',
    '1',
    '2024-13-01',
    '2024-02-30T25:00',
    '',
    new Date('nope'),
    1714560000000,
  ])('refuses %s naming the field', (value) => {
    const error = refusal(() => serviceDate(value, 'beforeDate'));
    expect(error.code).toBe('INVALID_INPUT');
    expect(error.details).toEqual({ field: 'beforeDate' });
    expect(error.message).toMatch(/^beforeDate /);
  });
});

describe('listSubmissionsQuery', () => {
  it('sends every parameter under the service name', () => {
    const query = listSubmissionsQuery({
      limit: 150,
      offset: 300,
      afterDate: '2024-01-01',
      beforeDate: new Date(Date.UTC(2024, 1, 1)),
      status: 'in_progress',
      includeEditLink: true,
      includePreview: false,
      sort: 'desc',
      search: 'ada lovelace',
    });
    expect(Object.fromEntries(query)).toEqual({
      limit: '150',
      offset: '300',
      afterDate: '2024-01-01T00:00:00.000Z',
      beforeDate: '2024-02-01T00:00:00.000Z',
      status: 'in_progress',
      includeEditLink: 'true',
      includePreview: 'false',
      sort: 'desc',
      search: 'ada lovelace',
    });
  });

  it('leaves out what the caller left out', () => {
    expect(listSubmissionsQuery({}).size).toBe(0);
  });

  it.each([
    [{ limit: 0 }, 'limit'],
    [{ limit: 151 }, 'limit'],
    [{ limit: 2.5 }, 'limit'],
    [{ offset: -1 }, 'offset'],
    [{ afterDate: 'soon' }, 'afterDate'],
    [{ afterDate: '2024-03-01', beforeDate: '2024-02-01' }, 'afterDate'],
    [{ status: 'deleted' }, 'status'],
    [{ sort: 'up' }, 'sort'],
  ])('refuses %j naming %s', (params, field) => {
    const error = refusal(() => listSubmissionsQuery(params as never));
    expect(error.code).toBe('INVALID_INPUT');
    expect(error.details?.field).toBe(field);
  });
});

describe('createSubmissionsBody', () => {
  it('sends payments under the processor’s real names and dates in the service format', () => {
    const body = createSubmissionsBody([
      {
        questions: [{ id: 'q1', value: 'x' }],
        submissionTime: '2024-05-01T10:00:00+01:00',
        payments: [
          {
            id: 'p1',
            value: {
              processorCustomerId: 'cus_1',
              stripePaymentUrl: 'https://pay',
              totalAmount: 1000,
              discountCode: 'X',
            },
          },
        ],
      },
    ]);
    expect(body.submissions[0]).toEqual({
      questions: [{ id: 'q1', value: 'x' }],
      submissionTime: '2024-05-01T09:00:00.000Z',
      payments: [
        {
          id: 'p1',
          value: { stripeCustomerId: 'cus_1', stripePaymentUrl: 'https://pay', totalAmount: 1000 },
        },
      ],
    });
  });

  it('refuses an empty batch, more than 10, and a submission without questions', () => {
    const one = { questions: [{ id: 'q', value: 1 }] };
    expect(refusal(() => createSubmissionsBody([])).details?.field).toBe('submissions');
    expect(
      refusal(() => createSubmissionsBody(Array.from({ length: 11 }, () => one))).details?.field,
    ).toBe('submissions');
    expect(refusal(() => createSubmissionsBody([{} as never])).details?.field).toBe(
      'submissions.0.questions',
    );
  });
});

describe('normaliseBaseUrl', () => {
  it('drops trailing slashes and keeps the path', () => {
    expect(normaliseBaseUrl(' https://eu-api.example.com/v1/api// ')).toBe(
      'https://eu-api.example.com/v1/api',
    );
    expect(normaliseBaseUrl('http://127.0.0.1:4000/v1/api')).toBe('http://127.0.0.1:4000/v1/api');
  });

  it.each([
    'example.com/v1/api',
    'ftp://example.com',
    'https://u:p@example.com/v1/api',
    'https://x.com/v1/api?a=1',
  ])('refuses %s', (value) => {
    expect(refusal(() => normaliseBaseUrl(value)).details?.field).toBe('baseUrl');
  });
});

describe('the client checks arguments before the network', () => {
  let server: ScriptedServer;
  beforeAll(async () => {
    server = await startScriptedServer((_req, res) => json(res, 200, {}));
  });
  afterAll(() => server.close());

  it('refuses bad calls without sending anything', async () => {
    const api = createApiClient({
      baseUrl: server.baseUrl,
      apiKey: 'sk_test_1',
      scheduler: new RateScheduler(),
    });
    const calls: [string, () => Promise<unknown>][] = [
      ['formId', () => api.listSubmissions('', {})],
      ['limit', () => api.listSubmissions('f1', { limit: 151 })],
      ['afterDate', () => api.listSubmissions('f1', { afterDate: 'last week' })],
      ['submissionId', () => api.getSubmission('f1', ' ')],
      ['submissionId', () => api.deleteSubmission('f1', '')],
      // Dot segments survive escaping and collapse in the URL: DELETE /forms/f1/ instead.
      ['submissionId', () => api.deleteSubmission('f1', '..')],
      ['submissionId', () => api.deleteSubmission('f1', '.')],
      ['submissionId', () => api.getSubmission('f1', 'a/b')],
      ['formId', () => api.deleteSubmission('..', 's1')],
      ['submissions', () => api.createSubmissions('f1', [])],
      ['url', () => api.createWebhook('f1', 'not a url')],
      ['webhookId', () => api.deleteWebhook('')],
    ];
    for (const [field, call] of calls) {
      await expect(call(), field).rejects.toMatchObject({
        code: 'INVALID_INPUT',
        details: { field },
      });
    }
    expect(server.requests).toHaveLength(0);
  });
});
