import {
  appendFileSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Submission } from '../shared/api/submission';
import { type LocalApi } from './server';
import { call, started } from './testing/testSupport';

const FEEDBACK = 'cFb7q2LxWm';
const QUIZ = 'pQz5kM1sJe';
let dir: string;
let store: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'local-api-store-'));
  store = join(dir, 'nested', 'demo-store.jsonl');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** What a client could observe: every submission of every form, and the webhooks. */
async function snapshot(api: LocalApi): Promise<unknown> {
  const forms = [FEEDBACK, 'evR3gN8tYu', QUIZ];
  return {
    submissions: forms.map((f) => api.admin.submissionsOf(f)),
    webhooks: api.admin.webhooks(),
  };
}

describe('--store', () => {
  it('keeps creates, deletes, edits, respondents and webhooks across a restart', async () => {
    const first = await started({ store });
    const created = (
      await call(first, 'POST', `/forms/${FEEDBACK}/submissions`, {
        body: { submissions: [{ questions: [{ id: 'nm01', value: 'Kept' }] }] },
      })
    ).body as { submissions: Submission[] };
    const [doomed, edited] = (
      (await call(first, 'GET', `/forms/${QUIZ}/submissions?limit=2`)).body as {
        responses: Submission[];
      }
    ).responses;
    await call(first, 'DELETE', `/forms/${QUIZ}/submissions/${doomed?.submissionId}`);
    first.admin.edit(QUIZ, edited?.submissionId ?? '', { questionId: 'q1', value: 'Enterprise' });
    first.admin.remove(FEEDBACK, created.submissions[0]?.submissionId ?? '');
    await first.admin.respond(QUIZ, { answers: { nm01: 'Respondent' } });
    const unfinished = (
      (await call(first, 'GET', `/forms/${QUIZ}/submissions?status=in_progress&limit=1`)).body as {
        responses: Submission[];
      }
    ).responses[0];
    await first.admin.finish(QUIZ, unfinished?.submissionId ?? '');
    const hook = (
      await call(first, 'POST', '/webhook/create', {
        body: { formId: QUIZ, url: 'https://hooks.example.com/a' },
      })
    ).body as { id: number };
    const gone = (
      await call(first, 'POST', '/webhook/create', {
        body: { formId: QUIZ, url: 'https://hooks.example.com/b' },
      })
    ).body as { id: number };
    await call(first, 'POST', '/webhook/delete', { body: { webhookId: gone.id } });
    const before = await snapshot(first);
    await first.close();

    const second = await started({ store });
    try {
      expect(await snapshot(second)).toEqual(before);
      expect(second.admin.webhooks()).toEqual([
        { id: hook.id, formId: QUIZ, url: 'https://hooks.example.com/a' },
      ]);
      expect(
        (await call(second, 'GET', `/forms/${QUIZ}/submissions/${doomed?.submissionId}`)).status,
      ).toBe(404);
      const next = (
        await call(second, 'POST', '/webhook/create', {
          body: { formId: QUIZ, url: 'https://hooks.example.com/c' },
        })
      ).body as { id: number };
      expect(next.id).toBeGreaterThan(gone.id);
    } finally {
      await second.close();
    }
  });

  it('writes one JSON line per change', async () => {
    const api = await started({ store });
    await call(api, 'POST', `/forms/${FEEDBACK}/submissions`, {
      body: { submissions: [{ questions: [] }, { questions: [] }] },
    });
    await api.close();
    const lines = readFileSync(store, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { op: string });
    expect(lines.map((l) => l.op)).toEqual(['init', 'add', 'add']);
  });

  it('drops a change torn by a crash mid-write, and keeps the changes after it', async () => {
    const api = await started({ store });
    await call(api, 'POST', `/forms/${FEEDBACK}/submissions`, {
      body: { submissions: [{ questions: [] }] },
    });
    await api.close();
    appendFileSync(store, '{"op":"add","formId":"cFb7');
    const again = await started({ store });
    await call(again, 'POST', `/forms/${FEEDBACK}/submissions`, {
      body: { submissions: [{ questions: [{ id: 'nm01', value: 'After the crash' }] }] },
    });
    const before = await snapshot(again);
    await again.close();
    const third = await started({ store });
    try {
      expect(await snapshot(third)).toEqual(before);
      expect(JSON.stringify(before)).toContain('After the crash');
    } finally {
      await third.close();
    }
  });

  it('sets aside a store made from other data, or unreadable, and starts afresh', async () => {
    const api = await started({ store });
    await call(api, 'POST', `/forms/${FEEDBACK}/submissions`, {
      body: { submissions: [{ questions: [{ id: 'nm01', value: 'Seed one' }] }] },
    });
    await api.close();
    const other = await started({ store, seed: 99 });
    try {
      expect(JSON.stringify(await snapshot(other))).not.toContain('Seed one');
      const kept = readdirSync(join(dir, 'nested')).filter((f) => f.endsWith('.old'));
      expect(kept).toHaveLength(1);
      expect(readFileSync(join(dir, 'nested', kept[0] ?? ''), 'utf8')).toContain('Seed one');
    } finally {
      await other.close();
    }
    writeFileSync(store, 'not json\n{"op":"init","fingerprint":"x"}\n');
    const fresh = await started({ store });
    await fresh.close();
    expect(readdirSync(join(dir, 'nested')).filter((f) => f.endsWith('.old'))).toHaveLength(2);
  });
});

describe("a store's generated rows", () => {
  const DAY_MS = 86_400_000;
  /** The newest generated submission of a form, and the latest edit of any. */
  function newestOf(api: LocalApi): { sent: number; edited: number } {
    const rows = api.admin.submissionsOf(FEEDBACK, { includePreview: true });
    return {
      sent: Math.max(...rows.map((row) => Date.parse(row.submissionTime ?? ''))),
      edited: Math.max(...rows.map((row) => Date.parse(row.lastUpdatedAt ?? ''))),
    };
  }
  /** The store's first line, its `generatedUntil` replaced (or left out for `undefined`). */
  function rewriteInit(generatedUntil: string | undefined): void {
    const [init, ...rest] = readFileSync(store, 'utf8').split('\n');
    const line = { ...(JSON.parse(init ?? '') as object), generatedUntil };
    writeFileSync(store, [JSON.stringify(line), ...rest].join('\n'));
  }

  it('end three days before a new store is made, none edited since, and stay where they were', async () => {
    const before = Date.now();
    const api = await started({ store });
    const after = Date.now();
    const first = newestOf(api);
    await api.close();
    // The demo's feedback form has a submission every 0.7 days on average.
    expect(first.sent).toBeGreaterThan(before - 6 * DAY_MS);
    expect(first.sent).toBeLessThan(after - 3 * DAY_MS);
    expect(first.edited).toBeLessThanOrEqual(after);

    const again = await started({ store });
    try {
      expect(newestOf(again)).toEqual(first);
    } finally {
      await again.close();
    }
  });

  it('of a store made long ago end where they ended then', async () => {
    await (await started({ store })).close();
    rewriteInit('2025-06-01T00:00:00.000Z');
    const api = await started({ store });
    try {
      const { sent } = newestOf(api);
      expect(sent).toBeLessThan(Date.parse('2025-06-01T00:00:00.000Z'));
      expect(sent).toBeGreaterThan(Date.parse('2025-05-25T00:00:00.000Z'));
    } finally {
      await api.close();
    }
  });

  it('of a store that does not say end where the seed ends them, as before stores said', async () => {
    await (await started({ store })).close();
    rewriteInit(undefined);
    const api = await started({ store });
    const seeded = await started();
    try {
      expect(newestOf(api)).toEqual(newestOf(seeded));
      expect(new Date(newestOf(api).sent).toISOString()).toMatch(/^2026-11-1[0-4]T/);
    } finally {
      await Promise.all([api.close(), seeded.close()]);
    }
  });
});
