import { createServer, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Submission } from '../shared/api/submission';
import { type LocalApi } from './server';
import { call, openApiErrors, started } from './testing/testSupport';
import { refusingPort } from './testing/refusingPort';

const FEEDBACK = 'cFb7q2LxWm';
const EVENTS = 'evR3gN8tYu';

interface Received {
  path: string;
  contentType: string | undefined;
  body: { formId: string; formName: string; submission: Submission };
}

let api: LocalApi;
let receiver: Server;
let receiverUrl: string;
let received: Received[] = [];

beforeAll(async () => {
  api = await started();
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        path: request.url ?? '',
        contentType: request.headers['content-type'],
        body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Received['body'],
      });
      response.end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await api.close();
  await new Promise((resolve) => receiver.close(resolve));
});
beforeEach(() => {
  received = [];
});

async function hook(formId: string, path: string): Promise<number> {
  const reply = await call(api, 'POST', '/webhook/create', {
    body: { formId, url: `${receiverUrl}${path}` },
  });
  return (reply.body as { id: number }).id;
}

describe('webhook delivery', () => {
  it("posts a respondent's submission to every webhook of its form, in the list-entry shape", async () => {
    const one = await hook(FEEDBACK, '/one?secret=s1');
    const two = await hook(FEEDBACK, '/two?secret=s2');
    const other = await hook(EVENTS, '/events');
    const { submission, deliveries } = await api.admin.respond(FEEDBACK);

    expect(deliveries.map((d) => [d.webhookId, d.status])).toEqual([
      [one, 200],
      [two, 200],
    ]);
    expect(received.map((r) => r.path).sort()).toEqual(['/one?secret=s1', '/two?secret=s2']);
    for (const delivery of received) {
      expect(delivery.contentType).toBe('application/json');
      expect(delivery.body).toEqual({
        formId: FEEDBACK,
        formName: 'Customer feedback',
        submission,
      });
      expect(openApiErrors('getSubmissionById', { submission: delivery.body.submission })).toEqual(
        [],
      );
    }
    const listed = await call(
      api,
      'GET',
      `/forms/${FEEDBACK}/submissions/${submission.submissionId}`,
    );
    expect(listed.body).toEqual({ submission });
    for (const id of [one, two, other])
      await call(api, 'POST', '/webhook/delete', { body: { webhookId: id } });
  });

  it('does not deliver submissions created through the API', async () => {
    const id = await hook(FEEDBACK, '/api-creates');
    await call(api, 'POST', `/forms/${FEEDBACK}/submissions`, {
      body: { submissions: [{ questions: [{ id: 'nm01', value: 'Imported' }] }] },
    });
    const { submission } = await api.admin.respond(FEEDBACK);
    expect(received.map((r) => r.body.submission.submissionId)).toEqual([submission.submissionId]);
    await call(api, 'POST', '/webhook/delete', { body: { webhookId: id } });
  });

  it('delivers an unfinished submission only when its respondent finishes it', async () => {
    const id = await hook(EVENTS, '/finished-only');
    const { submission: partial, deliveries } = await api.admin.respond(EVENTS, {
      status: 'in_progress',
    });
    expect(deliveries).toEqual([]);
    expect(received).toEqual([]);
    const { submission } = await api.admin.finish(EVENTS, partial.submissionId);
    expect(received.map((r) => r.body.submission)).toEqual([submission]);
    await call(api, 'POST', '/webhook/delete', { body: { webhookId: id } });
  });

  it('stops delivering once the webhook is deleted', async () => {
    const id = await hook(EVENTS, '/short-lived');
    await api.admin.respond(EVENTS);
    await call(api, 'POST', '/webhook/delete', { body: { webhookId: id } });
    await api.admin.respond(EVENTS);
    expect(received).toHaveLength(1);
  });

  it('takes respondent answers over the admin surface and delivers them', async () => {
    const id = await hook(FEEDBACK, '/admin');
    const reply = await call(api, 'POST', `/__local/forms/${FEEDBACK}/respond`, {
      body: { answers: { nm01: 'Zoë Admin', st05: 5, np06: 10 } },
    });
    expect(reply.status).toBe(200);
    const { submission } = reply.body as { submission: Submission };
    expect(submission.questions.find((q) => q.id === 'nm01')?.value).toBe('Zoë Admin');
    expect(submission.calculations?.find((c) => c.id === 'cs1')?.value).toBe('15');
    expect(received.map((r) => r.body.submission)).toEqual([submission]);
    await call(api, 'POST', '/webhook/delete', { body: { webhookId: id } });
  });

  it('records a receiver that cannot be reached as a failed delivery', async () => {
    const port = await refusingPort();
    const reply = await call(api, 'POST', '/webhook/create', {
      body: { formId: EVENTS, url: `http://127.0.0.1:${port}/gone` },
    });
    const { deliveries } = await api.admin.respond(EVENTS);
    expect(deliveries).toEqual([
      expect.objectContaining({
        webhookId: (reply.body as { id: number }).id,
        error: expect.any(String),
      }),
    ]);
    expect(deliveries[0]?.status).toBeUndefined();
    await call(api, 'POST', '/webhook/delete', {
      body: { webhookId: (reply.body as { id: number }).id },
    });
  });
});

describe('simulated respondents', () => {
  it('keeps arriving over time, some of them unfinished', async () => {
    const busy = await started({ simulatePerMinute: 6_000 });
    const forms = ['cFb7q2LxWm', 'evR3gN8tYu', 'pQz5kM1sJe'];
    const count = async (status: string) =>
      (
        await Promise.all(
          forms.map((f) =>
            call(
              busy,
              'GET',
              `/forms/${f}/submissions?limit=1&includePreview=true&status=${status}`,
            ),
          ),
        )
      )
        .map((r) => (r.body as { totalResponses: number }).totalResponses)
        .reduce((a, b) => a + b, 0);
    try {
      const finished = await count('finished');
      const unfinished = await count('in_progress');
      let grown = { finished: 0, unfinished: 0 };
      for (let poll = 0; poll < 100 && (grown.finished < 3 || grown.unfinished < 1); poll++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        grown = {
          finished: (await count('finished')) - finished,
          unfinished: (await count('in_progress')) - unfinished,
        };
      }
      expect(grown.finished).toBeGreaterThanOrEqual(3);
      expect(grown.unfinished).toBeGreaterThanOrEqual(1);
    } finally {
      await busy.close();
    }
  });
});

describe('the simulation switch', () => {
  it('brings a respondent as soon as it is switched on, and none once it is off', async () => {
    const quiet = await started();
    const total = () =>
      [FEEDBACK, EVENTS, 'pQz5kM1sJe'].reduce(
        (sum, f) => sum + quiet.admin.submissionsOf(f).length,
        0,
      );
    try {
      expect(quiet.simulatePerMinute).toBe(0);
      const before = total();
      // One a minute: only the arrival at once can land while the test waits.
      quiet.simulate(1);
      expect(quiet.simulatePerMinute).toBe(1);
      await vi.waitFor(() => expect(total()).toBe(before + 1));
      quiet.simulate(0);
      expect(quiet.simulatePerMinute).toBe(0);
    } finally {
      await quiet.close();
    }
  });
});
