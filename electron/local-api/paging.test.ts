import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Submission } from '../shared/api/submission';
import { type LocalApi } from './server';
import { call, started } from './testing/testSupport';

const FORM = 'pQz5kM1sJe';
type Page = { responses: Submission[]; totalResponses: number; pageCount: number };

let api: LocalApi;
let all: Submission[];

async function list(query: string): Promise<Page> {
  const reply = await call(api, 'GET', `/forms/${FORM}/submissions?${query}`);
  expect(reply.status).toBe(200);
  return reply.body as Page;
}

async function everything(query = ''): Promise<Submission[]> {
  const out: Submission[] = [];
  for (let offset = 0; ; offset += 150) {
    const { responses, totalResponses } = await list(`limit=150&offset=${offset}&${query}`);
    out.push(...responses);
    if (out.length >= totalResponses || responses.length === 0) return out;
  }
}

beforeAll(async () => {
  api = await started({ submissionsPerForm: 400 });
  // Created submissions land between generated ones, some at exactly a generated row's time,
  // where only the submissionId decides the order.
  const generated = await everything();
  const times = generated.filter((_, i) => i % 37 === 0).map((s) => s.submissionTime);
  const submissions = [...times, '2026-01-15T08:00:00.000Z', '2026-12-01T08:00:00.000Z'].map(
    (submissionTime) => ({
      questions: [{ id: 'nm01', value: `Created at ${submissionTime}` }],
      submissionTime,
    }),
  );
  for (let i = 0; i < submissions.length; i += 10) {
    const reply = await call(api, 'POST', `/forms/${FORM}/submissions`, {
      body: { submissions: submissions.slice(i, i + 10) },
    });
    expect(reply.status).toBe(200);
  }
  all = await everything();
  expect(all.length).toBe(generated.length + submissions.length);
});
afterAll(() => api.close());

const key = (s: Submission) => `${s.submissionTime}|${s.submissionId}`;

describe('paging over generated and created submissions together', () => {
  it('keeps one strict (submissionTime, submissionId) order', () => {
    const keys = all.map(key);
    expect(keys).toEqual([...keys].sort());
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('answers any limit, offset and sort with the matching slice of that order', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 150 }),
        fc.integer({ min: 0, max: all.length + 5 }),
        fc.constantFrom('asc', 'desc'),
        async (limit, offset, sort) => {
          const page = await list(`limit=${limit}&offset=${offset}&sort=${sort}`);
          const ordered = sort === 'asc' ? all : [...all].reverse();
          expect(page.responses.map(key)).toEqual(ordered.slice(offset, offset + limit).map(key));
          expect(page.totalResponses).toBe(all.length);
          expect(page.pageCount).toBe(Math.ceil(all.length / limit));
        },
      ),
      { numRuns: 40 },
    );
  });

  it('answers any date window with exactly the submissions strictly inside it', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: all.length - 1 }),
        fc.integer({ min: 0, max: all.length - 1 }),
        async (a, b) => {
          const after = all[Math.min(a, b)]?.submissionTime ?? '';
          const before = all[Math.max(a, b)]?.submissionTime ?? '';
          const window = await everything(`afterDate=${after}&beforeDate=${before}`);
          const expected = all.filter((s) => s.submissionTime > after && s.submissionTime < before);
          expect(window.map(key)).toEqual(expected.map(key));
        },
      ),
      { numRuns: 25 },
    );
  });
});
