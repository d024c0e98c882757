import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type RequestLogEntry } from '../shared/api/localApi';
import { type Submission } from '../shared/api/submission';
import { type LocalApi } from './server';
import { call, started } from './testing/testSupport';

const FEEDBACK = 'cFb7q2LxWm';
let api: LocalApi;

beforeAll(async () => {
  api = await started();
});
afterAll(() => api.close());

type Page = { responses: Submission[]; totalResponses: number };

async function nth(index: number): Promise<Submission> {
  const page = (await call(api, 'GET', `/forms/${FEEDBACK}/submissions?limit=1&offset=${index}`))
    .body as Page;
  return page.responses[0] as Submission;
}

describe('changes made elsewhere', () => {
  it('edits an answer: lastUpdatedAt moves on and calculations follow', async () => {
    const before = await nth(3);
    const reply = await call(
      api,
      'POST',
      `/__local/forms/${FEEDBACK}/submissions/${before.submissionId}/edit`,
      {
        body: { questionId: 'st05', value: 1 },
      },
    );
    expect(reply.status).toBe(200);
    const after = (await call(api, 'GET', `/forms/${FEEDBACK}/submissions/${before.submissionId}`))
      .body as { submission: Submission };
    expect((reply.body as { submission: Submission }).submission).toEqual(after.submission);
    expect(Date.parse(after.submission.lastUpdatedAt ?? '')).toBeGreaterThan(
      Date.parse(before.lastUpdatedAt ?? ''),
    );
    expect(after.submission.questions.find((q) => q.id === 'st05')?.value).toBe(1);
    const np06 = before.questions.find((q) => q.id === 'np06')?.value as number;
    expect(after.submission.calculations?.find((c) => c.id === 'cs1')?.value).toBe(
      String(1 + np06),
    );
    // Everything else is as it was.
    expect(after.submission.questions.filter((q) => q.id !== 'st05')).toEqual(
      before.questions.filter((q) => q.id !== 'st05'),
    );
    expect(after.submission.submissionTime).toBe(before.submissionTime);
  });

  it('changes nothing else of an edited row, whatever the form', async () => {
    for (const formId of ['cFb7q2LxWm', 'evR3gN8tYu', 'pQz5kM1sJe']) {
      const rows = api.admin.submissionsOf(formId).slice(0, 40);
      for (const before of rows) {
        const [question] = before.questions;
        const after = api.admin.edit(formId, before.submissionId, {
          questionId: question?.id,
          value: 'Changed',
        });
        const { questions, lastUpdatedAt, calculations, quiz, ...rest } = after;
        const { questions: q0, lastUpdatedAt: l0, calculations: c0, quiz: z0, ...rest0 } = before;
        expect(rest).toEqual(rest0);
        expect(questions.slice(1)).toEqual(q0.slice(1));
        expect(questions[0]?.value).toBe('Changed');
        expect(lastUpdatedAt! > l0!).toBe(true);
        expect([calculations?.length, quiz === undefined]).toEqual([c0?.length, z0 === undefined]);
      }
    }
  });

  it('edits some text answer when not told which, and again with a later time', async () => {
    const before = await nth(4);
    const first = api.admin.edit(FEEDBACK, before.submissionId);
    const second = api.admin.edit(FEEDBACK, before.submissionId);
    const changed = first.questions.filter(
      (q, i) => JSON.stringify(q.value) !== JSON.stringify(before.questions[i]?.value),
    );
    expect(changed).toHaveLength(1);
    expect(changed[0]?.type).toMatch(/Answer$/);
    expect(second.lastUpdatedAt! > first.lastUpdatedAt!).toBe(true);
  });

  it('edits submissions created through the API too', async () => {
    const created = (
      await call(api, 'POST', `/forms/${FEEDBACK}/submissions`, {
        body: { submissions: [{ questions: [{ id: 'cm10', value: 'first words' }] }] },
      })
    ).body as { submissions: Submission[] };
    const id = created.submissions[0]?.submissionId ?? '';
    api.admin.edit(FEEDBACK, id, { questionId: 'cm10', value: 'second thoughts' });
    const read = (await call(api, 'GET', `/forms/${FEEDBACK}/submissions/${id}`)).body as {
      submission: Submission;
    };
    expect(read.submission.questions.find((q) => q.id === 'cm10')?.value).toBe('second thoughts');
  });

  it('finishes an unfinished submission: answers completed, moved to the finished ones', async () => {
    const unfinished = (
      (await call(api, 'GET', `/forms/${FEEDBACK}/submissions?status=in_progress&limit=1`))
        .body as Page
    ).responses[0] as Submission;
    const answered = unfinished.questions.filter((q) => q.value !== null);
    expect(answered.length).toBeLessThan(unfinished.questions.length);

    const reply = await call(
      api,
      'POST',
      `/__local/forms/${FEEDBACK}/submissions/${unfinished.submissionId}/finish`,
    );
    expect(reply.status).toBe(200);
    const { submission, deliveries } = reply.body as { submission: Submission; deliveries: [] };
    expect(deliveries).toEqual([]);
    expect(submission.submissionId).toBe(unfinished.submissionId);
    expect(submission.submissionTime).toBe(unfinished.submissionTime);
    expect(submission.lastUpdatedAt! > unfinished.lastUpdatedAt!).toBe(true);
    expect(submission.questions.every((q) => q.value !== null)).toBe(true);
    for (const q of answered) {
      expect(submission.questions.find((s) => s.id === q.id)?.value).toEqual(q.value);
    }

    const read = await call(
      api,
      'GET',
      `/forms/${FEEDBACK}/submissions/${submission.submissionId}`,
    );
    expect(read.body).toEqual({ submission });
    const stillOpen = (
      (await call(api, 'GET', `/forms/${FEEDBACK}/submissions?status=in_progress&limit=150`))
        .body as Page
    ).responses;
    expect(stillOpen.map((s) => s.submissionId)).not.toContain(submission.submissionId);
    const again = await call(
      api,
      'POST',
      `/__local/forms/${FEEDBACK}/submissions/${submission.submissionId}/finish`,
    );
    expect(again.status).toBe(409);
  });

  it('finishes a respondent who stopped part-way', async () => {
    const { submission: partial } = await api.admin.respond(FEEDBACK, { status: 'in_progress' });
    const { submission } = await api.admin.finish(FEEDBACK, partial.submissionId);
    const finished = (
      (await call(api, 'GET', `/forms/${FEEDBACK}/submissions?sort=desc&limit=150`)).body as Page
    ).responses;
    expect(finished.find((s) => s.submissionId === partial.submissionId)).toEqual(submission);
  });

  it('deletes elsewhere: the service no longer has it', async () => {
    const victim = await nth(5);
    const before = ((await call(api, 'GET', `/forms/${FEEDBACK}/submissions?limit=1`)).body as Page)
      .totalResponses;
    expect(
      (await call(api, 'DELETE', `/__local/forms/${FEEDBACK}/submissions/${victim.submissionId}`))
        .status,
    ).toBe(200);
    expect(
      (await call(api, 'GET', `/forms/${FEEDBACK}/submissions/${victim.submissionId}`)).status,
    ).toBe(404);
    expect(
      ((await call(api, 'GET', `/forms/${FEEDBACK}/submissions?limit=1`)).body as Page)
        .totalResponses,
    ).toBe(before - 1);
    expect(
      api.admin.submissionsOf(FEEDBACK).some((s) => s.submissionId === victim.submissionId),
    ).toBe(false);
    expect(
      (await call(api, 'DELETE', `/__local/forms/${FEEDBACK}/submissions/${victim.submissionId}`))
        .status,
    ).toBe(404);
  });

  it('lists every live submission of a form, all statuses and previews', async () => {
    const all = (
      (await call(api, 'GET', `/__local/forms/${FEEDBACK}/submissions`)).body as {
        submissions: Submission[];
      }
    ).submissions;
    const totals = await Promise.all(
      ['includePreview=true', 'status=in_progress&includePreview=true'].map(
        async (q) =>
          ((await call(api, 'GET', `/forms/${FEEDBACK}/submissions?limit=1&${q}`)).body as Page)
            .totalResponses,
      ),
    );
    expect(all).toHaveLength(totals[0]! + totals[1]!);
    expect(all).toEqual(api.admin.submissionsOf(FEEDBACK));
  });

  it('needs the same key as the service', async () => {
    const reply = await call(api, 'GET', '/__local/requests', { authorization: null });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'API authorization header missing',
    });
    expect((await call(api, 'GET', '/__local/nothing')).status).toBe(404);
    expect((await call(api, 'POST', `/__local/forms/nope/respond`, { body: {} })).status).toBe(404);
    const typo = await call(api, 'POST', `/__local/forms/${FEEDBACK}/respond`, {
      body: { answers: { nm01: 'Ada', nmO1: 'typo' } },
    });
    expect(typo.status).toBe(400);
    expect((typo.body as { message: string }).message).toContain('nmO1');
    const victim = api.admin.submissionsOf(FEEDBACK)[0]?.submissionId ?? '';
    const badEdit = await call(
      api,
      'POST',
      `/__local/forms/${FEEDBACK}/submissions/${victim}/edit`,
      {
        body: { questionId: 'nmO1', value: 'x' },
      },
    );
    expect(badEdit.status).toBe(400);
    expect((badEdit.body as { message: string }).message).toContain('nmO1');
  });
});

describe('request log', () => {
  beforeEach(() => api.admin.clearRequests());

  it('records method, path, query, status, time and, for creates, how many were stored', async () => {
    await call(api, 'GET', `/forms/${FEEDBACK}/submissions?limit=3&sort=desc`);
    await call(api, 'POST', `/forms/${FEEDBACK}/submissions`, {
      body: { submissions: [{ questions: [] }, { questions: [] }] },
    });
    await call(api, 'GET', '/forms/nope');
    await call(api, 'GET', '/__local/faults');
    const { requests } = (await call(api, 'GET', '/__local/requests')).body as {
      requests: RequestLogEntry[];
    };
    expect(
      requests.map(({ method, path, query, status, created }) => ({
        method,
        path,
        query,
        status,
        created,
      })),
    ).toEqual([
      {
        method: 'GET',
        path: `/forms/${FEEDBACK}/submissions`,
        query: { limit: '3', sort: 'desc' },
        status: 200,
        created: undefined,
      },
      {
        method: 'POST',
        path: `/forms/${FEEDBACK}/submissions`,
        query: {},
        status: 200,
        created: 2,
      },
      { method: 'GET', path: '/forms/nope', query: {}, status: 404, created: undefined },
    ]);
    expect(requests.every((r) => !Number.isNaN(Date.parse(r.time)) && r.durationMs >= 0)).toBe(
      true,
    );
    expect(api.admin.requests()).toEqual(requests);
  });

  it('clears over HTTP', async () => {
    await call(api, 'GET', '/forms');
    expect((await call(api, 'DELETE', '/__local/requests')).status).toBe(200);
    expect(api.admin.requests()).toEqual([]);
  });
});
