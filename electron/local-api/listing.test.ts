import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Submission } from '../shared/api/submission';
import { type LocalApi } from './server';
import { call, openApiErrors, started } from './testing/testSupport';

type Page = { responses: Submission[]; totalResponses: number; pageCount: number };

let api: LocalApi;
let formIds: string[];

beforeAll(async () => {
  api = await started();
  formIds = ((await call(api, 'GET', '/forms')).body as { formId: string }[]).map((f) => f.formId);
});
afterAll(() => api.close());

async function page(formId: string, query = ''): Promise<Page> {
  const reply = await call(api, 'GET', `/forms/${formId}/submissions${query ? `?${query}` : ''}`);
  expect(reply.status).toBe(200);
  expect(openApiErrors('getAllSubmissions', reply.body)).toEqual([]);
  return reply.body as Page;
}

/** Every matching submission, paged through at the largest page size. */
async function everything(formId: string, query = ''): Promise<Submission[]> {
  const out: Submission[] = [];
  for (let offset = 0; ; offset += 150) {
    const { responses, totalResponses } = await page(
      formId,
      `limit=150&offset=${offset}${query ? `&${query}` : ''}`,
    );
    out.push(...responses);
    if (out.length >= totalResponses || responses.length === 0) return out;
  }
}

const ids = (submissions: Submission[]) => submissions.map((s) => s.submissionId);
const orderKey = (s: Submission) => `${s.submissionTime}|${s.submissionId}`;

describe('forms', () => {
  it('lists the demo forms as a bare array of {name, formId}', async () => {
    const reply = await call(api, 'GET', '/forms');
    expect(reply.status).toBe(200);
    expect(openApiErrors('getForms', reply.body)).toEqual([]);
    expect(reply.body).toEqual([
      { name: 'Customer feedback', formId: 'cFb7q2LxWm' },
      { name: 'Event registration', formId: 'evR3gN8tYu' },
      { name: 'Product quiz', formId: 'pQz5kM1sJe' },
    ]);
  });

  it('serves form metadata; only a question type newer than the spec falls outside its list', async () => {
    for (const formId of formIds) {
      const reply = await call(api, 'GET', `/forms/${formId}`);
      expect(reply.status).toBe(200);
      const metadata = reply.body as { id: string; questions: { type: string }[] };
      expect(metadata.id).toBe(formId);
      const errors = openApiErrors('getFormMetadata', reply.body);
      const newTypes = metadata.questions.flatMap((q, i) =>
        q.type === 'EmojiReaction' ? [i] : [],
      );
      expect(errors).toEqual(
        newTypes.map((i) =>
          expect.stringContaining(
            `/questions/${i}/type must be equal to one of the allowed values`,
          ),
        ),
      );
    }
  });
});

describe('list submissions', () => {
  it('applies the upstream defaults: 50, offset 0, finished, no previews, ascending', async () => {
    for (const formId of formIds) {
      const defaults = await page(formId);
      const explicit = await page(
        formId,
        'limit=50&offset=0&status=finished&includePreview=false&sort=asc',
      );
      expect(defaults).toEqual(explicit);
      expect(defaults.responses).toHaveLength(50);
      expect(defaults.pageCount).toBe(Math.ceil(defaults.totalResponses / 50));
      expect(defaults.responses.some((s) => 'editLink' in s)).toBe(false);
    }
  });

  it('pages through every form at each page size without gaps, repeats or reordering', async () => {
    for (const formId of formIds) {
      const all = await everything(formId);
      expect(new Set(ids(all)).size).toBe(all.length);
      expect(all.map(orderKey)).toEqual(all.map(orderKey).sort());
      for (const limit of [1, 7, 50, 149]) {
        const first = await page(formId, `limit=${limit}`);
        expect(first.totalResponses).toBe(all.length);
        expect(first.pageCount).toBe(Math.ceil(all.length / limit));
        const offset = Math.min(limit * 3, all.length - 1);
        const later = await page(formId, `limit=${limit}&offset=${offset}`);
        expect(ids(later.responses)).toEqual(ids(all.slice(offset, offset + limit)));
      }
      const beyond = await page(formId, `offset=${all.length}`);
      expect(beyond).toEqual({
        responses: [],
        totalResponses: all.length,
        pageCount: Math.ceil(all.length / 50),
      });
    }
  });

  it('sorts descending as the exact reverse of ascending', async () => {
    for (const formId of formIds) {
      const asc = await everything(formId);
      const desc = await everything(formId, 'sort=desc');
      expect(ids(desc)).toEqual(ids(asc).reverse());
    }
  });

  it('filters by status: in-progress rows are separate and stop part-way through the form', async () => {
    for (const formId of formIds) {
      const finished = await everything(formId, 'includePreview=true');
      const unfinished = await everything(formId, 'status=in_progress&includePreview=true');
      expect(unfinished.length).toBeGreaterThan(0);
      const finishedIds = new Set(ids(finished));
      expect(unfinished.filter((s) => finishedIds.has(s.submissionId))).toEqual([]);
      for (const submission of unfinished) {
        expect(submission.questions.at(-1)?.value).toBeNull();
      }
    }
  });

  it('includes preview responses only when asked', async () => {
    for (const formId of formIds) {
      const plain = await everything(formId);
      const withPreviews = await everything(formId, 'includePreview=true');
      expect(withPreviews.length).toBeGreaterThan(plain.length);
      const withPreviewIds = new Set(ids(withPreviews));
      expect(plain.every((s) => withPreviewIds.has(s.submissionId))).toBe(true);
    }
  });

  it('filters on submissionTime with exclusive afterDate and beforeDate', async () => {
    for (const formId of formIds) {
      const all = await everything(formId);
      const after = all[10]?.submissionTime ?? '';
      const before = all[all.length - 10]?.submissionTime ?? '';
      const between = await everything(formId, `afterDate=${after}&beforeDate=${before}`);
      expect(ids(between)).toEqual(
        ids(all.filter((s) => s.submissionTime > after && s.submissionTime < before)),
      );
      expect((await everything(formId, `afterDate=${after}`)).length).toBe(all.length - 11);
      expect((await everything(formId, `beforeDate=${before}`)).length).toBe(all.length - 10);
    }
  });

  it('searches answers case-insensitively, not field names', async () => {
    const formId = 'evR3gN8tYu';
    const all = await everything(formId, 'includePreview=true');
    const found = await everything(formId, 'includePreview=true&search=OKAFOR');
    const expected = all.filter((s) => JSON.stringify(s).toLowerCase().includes('okafor'));
    expect(expected.length).toBeGreaterThan(0);
    expect(ids(found)).toEqual(ids(expected));
    expect((await page(formId, 'search=Billing%20address')).totalResponses).toBe(0);
    const city = await everything(formId, `search=${encodeURIComponent('kraków')}`);
    expect(city.length).toBeGreaterThan(0);
    expect(city.every((s) => JSON.stringify(s).includes('Kraków'))).toBe(true);
  });

  it('adds editLink when includeEditLink is true, in lists and single reads', async () => {
    const formId = 'pQz5kM1sJe';
    const { responses } = await page(formId, 'includeEditLink=true&limit=5');
    for (const submission of responses) {
      expect(submission.editLink).toMatch(/^https:\/\//);
      const single = await call(
        api,
        'GET',
        `/forms/${formId}/submissions/${submission.submissionId}?includeEditLink=true`,
      );
      expect(single.body).toEqual({ submission });
      const shouted = await call(
        api,
        'GET',
        `/forms/${formId}/submissions/${submission.submissionId}?includeEditLink=TRUE`,
      );
      expect(shouted.body).toEqual({ submission });
      const plain = await call(
        api,
        'GET',
        `/forms/${formId}/submissions/${submission.submissionId}`,
      );
      expect((plain.body as { submission: Submission }).submission.editLink).toBeUndefined();
    }
  });

  it('reads every listed submission singly, as listed and valid against the spec', async () => {
    for (const formId of formIds) {
      const listed = [
        ...(await everything(formId, 'includePreview=true')),
        ...(await everything(formId, 'status=in_progress')),
      ];
      for (const submission of listed.slice(0, 60)) {
        const reply = await call(
          api,
          'GET',
          `/forms/${formId}/submissions/${submission.submissionId}`,
        );
        expect(reply.status).toBe(200);
        expect(openApiErrors('getSubmissionById', reply.body)).toEqual([]);
        expect(reply.body).toEqual({ submission });
      }
    }
  });

  it('validates every submission of every demo form against the spec, whatever the filter', async () => {
    for (const formId of formIds) {
      for (const query of [
        'includePreview=true&includeEditLink=true',
        'status=in_progress&includePreview=true',
      ]) {
        // everything() checks each page against the OpenAPI response schema.
        expect((await everything(formId, query)).length).toBeGreaterThan(0);
      }
    }
  });
});

describe('demo data', () => {
  it('uses every structure of the spec across its forms', async () => {
    const all = (
      await Promise.all(formIds.map((id) => everything(id, 'includePreview=true')))
    ).flat();
    const types = new Set(all.flatMap((s) => s.questions.map((q) => q.type)));
    expect(types.size).toBeGreaterThanOrEqual(25);
    expect(types).toContain('EmojiReaction');
    for (const type of [
      'Address',
      'DateRange',
      'Matrix',
      'Checkboxes',
      'FileUpload',
      'Signature',
      'LocationCoordinates',
      'StarRating',
    ]) {
      expect(types).toContain(type);
    }
    expect(new Set(all.flatMap((s) => s.calculations ?? []).map((c) => c.type))).toEqual(
      new Set(['number', 'text', 'duration']),
    );
    expect(all.some((s) => s.urlParameters?.length)).toBe(true);
    expect(all.some((s) => s.scheduling?.length)).toBe(true);
    expect(all.some((s) => s.quiz && s.quiz.maxScore > 0)).toBe(true);
    expect(all.some((s) => s.login?.email)).toBe(true);
    expect(all.some((s) => 'startedAt' in s)).toBe(true);
    expect(all.some((s) => Array.isArray(s['documents']))).toBe(true);
    const payments = all.flatMap((s) => s.payments ?? []).map((p) => p.value);
    expect(new Set(payments.map((p) => p.status)).size).toBeGreaterThanOrEqual(5);
    expect(new Set(payments.map((p) => p.currency)).size).toBeGreaterThanOrEqual(4);
    expect(new Set(all.map((s) => s.submissionTime.slice(0, 7))).size).toBeGreaterThanOrEqual(6);
  });

  it('is the same for the same seed and differs for another', async () => {
    const again = await started();
    const other = await started({ seed: 2 });
    try {
      const path = '/forms/cFb7q2LxWm/submissions?limit=20';
      const mine = (await call(api, 'GET', path)).body;
      expect((await call(again, 'GET', path)).body).toEqual(mine);
      expect((await call(other, 'GET', path)).body).not.toEqual(mine);
    } finally {
      await Promise.all([again.close(), other.close()]);
    }
  });
});
