import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ListSubmissionsResponse } from '../../shared/api/endpoints';
import { AppError } from '../../shared/errors';
import { createApiClient } from '../api';
import { startScriptedServer, type ScriptedServer } from '../api/testing/scriptedServer';

// Whatever a server answers to a list of submissions, the client gives back either a page that
// fits the service's schema or an AppError with a sentence: never a crash, never an unchecked
// value, never the key in a message.

const RUNS = 300;
const KEY = 'sk_prod_FUZZ_0123456789abcdef';

interface Answer {
  status: number;
  body: string;
}

const VALID_PAGE = {
  responses: [
    {
      submissionId: 's1',
      submissionTime: '2024-05-01T10:00:00.000Z',
      lastUpdatedAt: '2024-05-01T10:00:00.000Z',
      questions: [],
    },
  ],
  totalResponses: 1,
  pageCount: 1,
};

/** A valid page with one field replaced, or an unknown one added, holding arbitrary JSON. */
const damagedPage = fc
  .tuple(
    fc.constantFrom(
      'responses',
      'totalResponses',
      'pageCount',
      'submissionId',
      'submissionTime',
      'questions',
      'anUnknownField',
    ),
    fc.jsonValue({ maxDepth: 3 }),
  )
  .map(([field, value]) => {
    const page: Record<string, unknown> = structuredClone(VALID_PAGE);
    const [first]: Array<Record<string, unknown>> = structuredClone(VALID_PAGE.responses);
    if (field in page) page[field] = value;
    else page.responses = [{ ...first, [field]: value }];
    return JSON.stringify(page);
  });

const answers: fc.Arbitrary<Answer> = fc.record({
  status: fc.constantFrom(200, 200, 200, 400, 404, 500, 502),
  body: fc.oneof(
    damagedPage,
    fc.jsonValue({ maxDepth: 4 }).map((value) => JSON.stringify(value)),
    fc.string({ maxLength: 200 }),
    fc.constantFrom('', '<html><body>Bad gateway</body></html>', '{"responses":[', 'null', '[]'),
  ),
});

let server: ScriptedServer;
let next: Answer = { status: 200, body: '' };

beforeAll(async () => {
  server = await startScriptedServer((_request, response) => {
    response.writeHead(next.status, { 'content-type': 'application/json' });
    response.end(next.body);
  });
});
afterAll(() => server.close());

describe('arbitrary answers to a list of submissions', () => {
  it(`gives back a page that fits the schema or an error with a sentence, for ${RUNS} answers`, async () => {
    const client = createApiClient({
      baseUrl: server.baseUrl,
      apiKey: KEY,
      rateLimit: { limit: 10_000, windowMs: 1000, marginMs: 0 },
      retry: { baseDelayMs: 1, maxDelayMs: 2 },
    });
    // The control: the undamaged page is read.
    next = { status: 200, body: JSON.stringify(VALID_PAGE) };
    expect((await client.listSubmissions('form1', { limit: 50 })).responses).toHaveLength(1);
    let pages = 0;
    let errors = 0;
    await fc.assert(
      fc.asyncProperty(answers, async (answer) => {
        next = answer;
        try {
          const page = await client.listSubmissions('form1', { limit: 50 });
          expect(ListSubmissionsResponse.safeParse(page).success).toBe(true);
          pages++;
        } catch (error) {
          expect(error).toBeInstanceOf(AppError);
          const appError = error as AppError;
          expect(appError.code).not.toBe('INTERNAL');
          expect(appError.message.length).toBeGreaterThan(10);
          expect(appError.message).not.toContain(KEY);
          expect(JSON.stringify(appError.toShape())).not.toContain(KEY);
          errors++;
        }
      }),
      { numRuns: RUNS, seed: 20261122 },
    );
    // Both outcomes were exercised: an unknown field with any value still fits.
    expect(pages).toBeGreaterThan(0);
    expect(errors).toBeGreaterThan(RUNS / 2);
  });
});
