import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Submission } from '../shared/api/submission';
import { type LocalApi } from './server';
import { call, openApiErrors, started } from './testing/testSupport';

const FEEDBACK = 'cFb7q2LxWm';
const EVENTS = 'evR3gN8tYu';
const QUIZ = 'pQz5kM1sJe';
let api: LocalApi;

beforeAll(async () => {
  api = await started();
});
afterAll(() => api.close());

type Page = { responses: Submission[]; totalResponses: number };

async function create(formId: string, submissions: unknown[]): Promise<Submission[]> {
  const reply = await call(api, 'POST', `/forms/${formId}/submissions`, { body: { submissions } });
  expect(reply.status).toBe(200);
  expect(openApiErrors('createSubmissions', reply.body)).toEqual([]);
  return (reply.body as { submissions: Submission[] }).submissions;
}

async function total(formId: string, query = ''): Promise<number> {
  return ((await call(api, 'GET', `/forms/${formId}/submissions?${query}`)).body as Page)
    .totalResponses;
}

describe('create submissions', () => {
  it('stores up to ten with new ids, every form question named, and shows them in the results', async () => {
    const before = await total(FEEDBACK);
    const sent = Array.from({ length: 10 }, (_, i) => ({
      questions: [
        { id: 'nm01', value: `Imported person ${i}` },
        { id: 'st05', value: 4 },
        { id: 'lk07', value: ['Price', 'Speed'] },
      ],
      submissionTime: `2026-05-0${(i % 9) + 1}T10:00:00.000Z`,
      urlParameters: [{ id: 'ref', name: 'ref', value: 'import' }],
    }));
    const created = await create(FEEDBACK, sent);
    expect(created).toHaveLength(10);
    expect(new Set(created.map((s) => s.submissionId)).size).toBe(10);
    const first = created[0] as Submission;
    expect(first.submissionTime).toBe('2026-05-01T10:00:00.000Z');
    expect(first.lastUpdatedAt).toBe(first.submissionTime);
    expect(first.questions).toHaveLength(14);
    expect(first.questions.find((q) => q.id === 'nm01')).toEqual({
      id: 'nm01',
      name: 'Full name',
      type: 'ShortAnswer',
      value: 'Imported person 0',
    });
    expect(first.questions.find((q) => q.id === 'cm10')?.value).toBeNull();
    expect(first.urlParameters?.find((p) => p.id === 'ref')?.value).toBe('import');
    expect(first.calculations?.find((c) => c.type === 'number')?.value).toBe('4');

    expect(await total(FEEDBACK)).toBe(before + 10);
    const read = await call(api, 'GET', `/forms/${FEEDBACK}/submissions/${first.submissionId}`);
    expect(read.body).toEqual({ submission: first });
    const sameTime = (
      await call(
        api,
        'GET',
        `/forms/${FEEDBACK}/submissions?afterDate=2026-05-01T09:59:59.999Z&beforeDate=2026-05-01T10:00:00.001Z`,
      )
    ).body as Page;
    expect(sameTime.responses.map((s) => s.submissionId)).toEqual(
      created
        .filter((s) => s.submissionTime === '2026-05-01T10:00:00.000Z')
        .map((s) => s.submissionId)
        .sort(),
    );
  });

  it('stores payment fields under the processor names, whichever spelling is sent', async () => {
    const scheduling = {
      id: 'sch1',
      value: {
        fullName: 'Ada Lovelace',
        email: 'ada@example.com',
        timezone: 'Europe/London',
        eventStartTime: '2026-06-01T09:00:00.000Z',
        eventEndTime: '2026-06-01T09:30:00.000Z',
      },
    };
    const [viaProcessor, viaStripe] = await create(EVENTS, [
      {
        questions: [{ id: 'fn01', value: 'Ada Lovelace' }],
        scheduling: [scheduling],
        payments: [
          {
            id: 'pay1',
            value: {
              paymentId: 'pi_1',
              processorCustomerId: 'cus_1',
              processorPaymentUrl: 'https://dashboard.stripe.com/payments/pi_1',
              totalAmount: 1200,
              currency: 'gbp',
              status: 'succeeded',
            },
          },
        ],
      },
      {
        questions: [{ id: 'fn01', value: 'Grace Hopper' }],
        payments: [
          {
            id: 'pay1',
            value: { paymentId: 'pi_2', stripeCustomerId: 'cus_2', stripeSubscriptionId: 'sub_2' },
          },
        ],
      },
    ]);
    expect(viaProcessor?.payments?.[0]).toEqual({
      id: 'pay1',
      name: 'Ticket payment',
      value: {
        paymentId: 'pi_1',
        stripeCustomerId: 'cus_1',
        stripePaymentUrl: 'https://dashboard.stripe.com/payments/pi_1',
        totalAmount: 1200,
        currency: 'gbp',
        status: 'succeeded',
      },
    });
    expect(viaProcessor?.scheduling?.[0]).toEqual({
      ...scheduling,
      name: 'Intro call with the organisers',
    });
    expect(viaStripe?.payments?.[0]?.value).toEqual({
      paymentId: 'pi_2',
      stripeCustomerId: 'cus_2',
      stripeSubscriptionId: 'sub_2',
    });
  });

  it('scores a quiz and keeps the login of created submissions', async () => {
    const [perfect, wrong] = await create(QUIZ, [
      {
        questions: [
          { id: 'q1', value: 'Enterprise' },
          { id: 'q2', value: ['Zapier', 'Slack', 'Salesforce'] },
          { id: 'q3', value: 10 },
          { id: 'q4', value: 'Ocean' },
          { id: 'q5', value: true },
        ],
        login: { email: 'quiz.taker@example.com' },
      },
      { questions: [{ id: 'q1', value: 'Starter' }] },
    ]);
    expect(perfect?.quiz).toEqual({ score: 8, maxScore: 8 });
    expect(perfect?.login).toEqual({ email: 'quiz.taker@example.com' });
    expect(wrong?.quiz).toEqual({ score: 0, maxScore: 8 });
  });
});

describe('delete submissions', () => {
  it('removes generated and created submissions from reads, lists and counts', async () => {
    const [created] = await create(FEEDBACK, [
      { questions: [{ id: 'nm01', value: 'Short-lived' }] },
    ]);
    const generated = (
      (await call(api, 'GET', `/forms/${FEEDBACK}/submissions?limit=1&offset=7`)).body as Page
    ).responses[0];
    for (const submission of [created, generated]) {
      const id = submission?.submissionId ?? '';
      const before = await total(FEEDBACK);
      const removed = await call(api, 'DELETE', `/forms/${FEEDBACK}/submissions/${id}`);
      expect(removed.status).toBe(200);
      expect(await total(FEEDBACK)).toBe(before - 1);
      expect((await call(api, 'GET', `/forms/${FEEDBACK}/submissions/${id}`)).status).toBe(404);
      expect((await call(api, 'DELETE', `/forms/${FEEDBACK}/submissions/${id}`)).status).toBe(404);
      expect(
        JSON.stringify((await call(api, 'GET', `/forms/${FEEDBACK}/submissions?limit=150`)).body),
      ).not.toContain(id);
    }
  });

  it('finds a submission only in its own form', async () => {
    const generated = (
      (await call(api, 'GET', `/forms/${EVENTS}/submissions?limit=1`)).body as Page
    ).responses[0];
    expect(
      (await call(api, 'GET', `/forms/${QUIZ}/submissions/${generated?.submissionId}`)).status,
    ).toBe(404);
    expect(
      (await call(api, 'DELETE', `/forms/${QUIZ}/submissions/${generated?.submissionId}`)).status,
    ).toBe(404);
  });
});

describe('webhooks', () => {
  it('creates integer ids without dedupe and deletes by number or string', async () => {
    const body = { formId: FEEDBACK, url: 'https://hooks.example.com/formdesk?secret=abc' };
    const first = await call(api, 'POST', '/webhook/create', { body });
    const second = await call(api, 'POST', '/webhook/create', { body });
    for (const reply of [first, second]) {
      expect(reply.status).toBe(200);
      expect(openApiErrors('createWebhook', reply.body)).toEqual([]);
    }
    const a = (first.body as { id: number }).id;
    const b = (second.body as { id: number }).id;
    expect(Number.isInteger(a) && Number.isInteger(b) && a !== b).toBe(true);

    const byNumber = await call(api, 'POST', '/webhook/delete', { body: { webhookId: a } });
    expect(byNumber.status).toBe(200);
    expect(byNumber.body).toEqual({});
    expect(openApiErrors('removeWebhook', byNumber.body)).toEqual([]);
    expect(
      (await call(api, 'POST', '/webhook/delete', { body: { webhookId: String(b) } })).body,
    ).toEqual({});
    expect((await call(api, 'POST', '/webhook/delete', { body: { webhookId: a } })).status).toBe(
      404,
    );
    expect(api.admin.webhooks().map((w) => w.id)).not.toContain(a);
  });

  it('refuses a webhook without a form or an http(s) url', async () => {
    const missing = await call(api, 'POST', '/webhook/create', {
      body: { url: 'https://hooks.example.com' },
    });
    expect(missing.status).toBe(400);
    expect(JSON.parse((missing.body as { message: string }).message)[0].path).toEqual(['formId']);
    const notHttp = await call(api, 'POST', '/webhook/create', {
      body: { formId: FEEDBACK, url: 'ftp://files.example.com' },
    });
    expect(notHttp.status).toBe(400);
    expect((notHttp.body as { message: string }).message).toContain('"url"');
  });
});
