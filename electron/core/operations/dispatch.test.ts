import { describe, expect, it } from 'vitest';
import { type Handlers } from '../../shared/contract';
import { MAX_ISSUES } from '../../shared/issueList';
import { dispatch } from './dispatch';

describe('an input the contract rejects', () => {
  it('is answered with its first issues and a count of the rest, however many it has', async () => {
    // About 1 MB of mappings, each wrong: one issue or more per mapping.
    const mappings = Array.from({ length: 100_000 }, () => ({ column: 'x' }));
    const answer = await dispatch({}, 'imports.previewMapping', {
      fileId: 'f',
      formId: 'form',
      mappings,
    });
    expect(answer.ok).toBe(false);
    if (answer.ok) return;
    expect(answer.error.message).toMatch(
      /^Invalid input for imports\.previewMapping \(mappings\.0\.column\)/,
    );
    const details = answer.error.details as { issues: unknown[]; moreIssues: number };
    expect(details.issues).toHaveLength(MAX_ISSUES);
    expect(details.moreIssues).toBeGreaterThanOrEqual(100_000 - MAX_ISSUES);
    expect(JSON.stringify(answer).length).toBeLessThan(8 * 1024);
  });

  it('logs an answer outside the contract by its first issues, however large the answer', async () => {
    const logged: string[] = [];
    const answer = await dispatch(
      // 100,000 forms, each without the fields a form has.
      {
        'forms.list': async () => ({ forms: Array.from({ length: 100_000 }, () => ({})) }),
      } as unknown as Partial<Handlers>,
      'forms.list',
      {},
      (_op, error) => logged.push(String(error)),
    );
    expect(answer).toMatchObject({ ok: false, error: { code: 'INTERNAL' } });
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatch(/^Error: forms\.list answered outside its contract: \{"issues":\[/);
    expect(logged[0]!.length).toBeLessThan(8 * 1024);
  });
});
