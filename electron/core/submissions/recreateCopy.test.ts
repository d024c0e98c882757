import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Submission } from '../../shared/api/submission';
import { type Handlers } from '../../shared/contract';
import { type ActivityEntry } from '../../shared/contract/activity';
import { startLocalApi, type LocalApi } from '../../local-api';
import { cacheStores } from '../cache/cacheStores';
import { importsFor } from '../import/workspaceImports';
import { cacheReadHandlers } from '../operations/cacheReads';
import { type WorkspaceSession } from '../session/context';
import { callerOf } from '../operations/testing/callHandlers';
import { formHandlers } from '../sync/formHandlers';
import { syncHandlers } from '../sync/handlers';
import { syncServiceFor } from '../sync/syncService';
import { createTestContext, type TestContext } from '../operations/testing/testContext';
import { submissionHandlers } from './handlers';
import { recreateHandlers } from './recreateCopy';

// A deleted submission created again from its Activity copy, against the local service over
// loopback: the import's exactly-once path, so a lost answer never makes two.

const FORM = 'cFb7q2LxWm';

let dir: string;
let server: LocalApi;
let testbed: TestContext;
let session: WorkspaceSession;
let handlers: Handlers;

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'formdesk-recreate-'));
  server = await startLocalApi({ rateLimit: 0, submissionsPerForm: 30, seed: 5 });
  testbed = createTestContext({ baseUrl: server.baseUrl, apiKey: server.apiKey, dataDir: dir });
  const sync = syncServiceFor(testbed.ctx, { intervalMs: 0 });
  // A lost answer is looked for soon, and settled within a test's time.
  importsFor(testbed.ctx, { settleMs: 100, verifyWindowMs: 1_500, retryDelayMs: 50 });
  handlers = {
    ...formHandlers(testbed.ctx),
    ...syncHandlers(testbed.ctx),
    ...submissionHandlers(testbed.ctx),
    ...recreateHandlers(testbed.ctx),
    ...cacheReadHandlers(testbed.ctx),
  } as Handlers;
  session = testbed.open();
  await sync.idle();
});

afterEach(async () => {
  testbed.close();
  await server.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const { call, ok } = callerOf(() => handlers);

interface Recreated {
  state: string;
  submissionId: string | null;
  already: boolean;
  message: string;
}

/** Deletes the form's first cached submission; answers it as it was and its copy's entry. */
async function deleteOne(): Promise<{ copy: Submission; copyId: number }> {
  const page = await ok<{ rows: { submission: Submission }[] }>('submissions.query', {
    formId: FORM,
    limit: 1,
  });
  const copy = page.rows[0]!.submission;
  const deleted = await ok<{ copyId: number | null }>('submissions.delete', {
    formId: FORM,
    submissionId: copy.submissionId,
  });
  expect(deleted.copyId).not.toBeNull();
  return { copy, copyId: deleted.copyId! };
}

const answersOf = (s: Submission) =>
  Object.fromEntries(
    s.questions.filter((q) => q.value !== null && q.value !== '').map((q) => [q.id, q.value]),
  );

/** The service's submissions with the copy's answers, the deleted one aside. */
const onServerLike = (copy: Submission) =>
  server.admin
    .submissionsOf(FORM)
    .filter(
      (s) =>
        JSON.stringify(answersOf(s)) === JSON.stringify(answersOf(copy)) &&
        s.submissionId !== copy.submissionId,
    );

const cachedIds = () =>
  new Set(
    session.db
      .prepare<[string], string>(`SELECT submission_id FROM submissions WHERE form_id = ?`)
      .pluck()
      .all(FORM),
  );

describe('creating a deleted submission again from its Activity copy', () => {
  it('creates one new submission with the same answers, and never a second', async () => {
    const { copy, copyId } = await deleteOne();
    const before = server.admin.submissionsOf(FORM).length;
    expect(onServerLike(copy)).toHaveLength(0);

    const first = await ok<Recreated>('activity.recreate', { entryId: copyId });
    expect(first).toMatchObject({ state: 'created', already: false });
    expect(first.submissionId).not.toBe(copy.submissionId);
    const created = onServerLike(copy);
    expect(created.map((s) => s.submissionId)).toEqual([first.submissionId]);
    expect(server.admin.submissionsOf(FORM)).toHaveLength(before + 1);
    // Its submitted time comes back with it, where the service keeps the times sent.
    expect(Date.parse(created[0]!.submissionTime)).toBe(Date.parse(copy.submissionTime));
    expect(cachedIds().has(first.submissionId!)).toBe(true);

    // Activity links the old submission to the new one, and the copy says it was created again.
    const log = await ok<{ entries: ActivityEntry[] }>('activity.list', {});
    const copyEntry = log.entries.find((e) => e.id === copyId);
    expect(copyEntry?.recreation).toMatchObject({
      state: 'created',
      submissionId: first.submissionId,
    });
    const recreated = log.entries.filter((e) => e.kind === 'submission.recreated');
    expect(recreated).toHaveLength(1);
    expect(recreated[0]).toMatchObject({ formId: FORM, submissionId: first.submissionId });
    expect(recreated[0]!.summary).toContain(copy.submissionId);

    const second = await ok<Recreated>('activity.recreate', { entryId: copyId });
    expect(second).toMatchObject({
      state: 'created',
      already: true,
      submissionId: first.submissionId,
    });
    expect(second.message).toContain(first.submissionId);
    expect(onServerLike(copy)).toHaveLength(1);
    expect(server.admin.submissionsOf(FORM)).toHaveLength(before + 1);
    const again = await ok<{ entries: ActivityEntry[] }>('activity.list', {
      filter: { kinds: ['submission.recreated'] },
    });
    expect(again.entries).toHaveLength(1);
  });

  it('creates exactly one when the service answers 504 while it commits', async () => {
    const { copy, copyId } = await deleteOne();
    server.admin.setFaults([
      { kind: 'lateCommit', method: 'POST', status: 504, commitAfterMs: 300, times: 1 },
    ]);
    const result = await ok<Recreated>('activity.recreate', { entryId: copyId });
    server.admin.clearFaults();
    expect(result.state).toBe('created');
    // The answer was lost, and the row was looked for rather than sent again.
    const job = importsFor(testbed.ctx).current().journal.job(`recreate-${copyId}`);
    expect(job?.notice).toMatch(/got no answer/);
    const created = onServerLike(copy);
    expect(created.map((s) => s.submissionId)).toEqual([result.submissionId]);
    expect(cachedIds().has(result.submissionId!)).toBe(true);

    await ok<Recreated>('activity.recreate', { entryId: copyId });
    expect(onServerLike(copy)).toHaveLength(1);
  });

  it('refuses an entry that keeps no copy, with a sentence', async () => {
    const entryId = cacheStores(session.db).activity.record({
      at: new Date().toISOString(),
      workspaceId: session.workspace.id,
      kind: 'people.erased',
      formId: FORM,
      submissionId: null,
      summary: "Erased 1 submission on Customer feedback at a respondent's request.",
      snapshot: undefined,
    });
    const before = server.admin.submissionsOf(FORM).length;
    const result = await call('activity.recreate', { entryId });
    expect(result).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
    if (!result.ok) expect(result.error.message).toMatch(/no copy/);
    expect(server.admin.submissionsOf(FORM)).toHaveLength(before);
  });
});
