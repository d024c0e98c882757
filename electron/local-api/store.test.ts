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
import { call, started } from './testSupport';

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
