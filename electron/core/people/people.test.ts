import fs from 'node:fs';
import type Database from 'better-sqlite3';
import os from 'node:os';
import path from 'node:path';
import { inflateRawSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type DeleteJobSummary,
  type ErasurePlaces,
  type Handlers,
  type PersonSearchResult,
} from '../../shared/contract';
import { appendAssistantCall, assistantLogFile } from '../assistants/assistantLog';
import { startLocalApi, type LocalApi } from '../../local-api';
import { cacheReadHandlers } from '../operations/cacheReads';
import { cacheStores } from '../cache/cacheStores';
import { SubmissionFilter } from '../../shared/contract/submissions';
import { KEPT_COLUMNS } from '../cache/keptColumns';
import { SubmissionSummaries } from '../cache/submissionSummary';
import { dispatch } from '../operations/dispatch';
import { zipEntries } from '../import/zipEntries';
import { bulkDeleteHandlers } from '../submissions/bulkDeleteHandlers';
import { submissionHandlers } from '../submissions/handlers';
import { syncServiceFor, type SyncService } from '../sync/syncService';
import { createTestContext, type TestContext } from '../operations/testing/testContext';
import { peopleHandlers } from './handlers';

const NAME = 'Ada Quintrellow';
const EMAIL = 'ada.quintrellow@example.org';
const PHONE = '+44 20 7946 0321';

let dir: string;
let server: LocalApi;
let testbed: TestContext;
let sync: SyncService;
let handlers: Handlers;

async function ok<T>(op: string, input: unknown): Promise<T> {
  const result = await dispatch(handlers, op, input);
  if (!result.ok) throw new Error(`${op} failed: ${result.error.code} ${result.error.message}`);
  return result.data as T;
}

/** The person answers every form: their name everywhere, their e-mail and phone where asked. */
async function setUp(): Promise<{ formIds: string[] }> {
  server = await startLocalApi({ rateLimit: 0, submissionsPerForm: 40, seed: 11 });
  testbed = createTestContext({ baseUrl: server.baseUrl, apiKey: server.apiKey, dataDir: dir });
  sync = syncServiceFor(testbed.ctx, { intervalMs: 0 });
  handlers = {
    ...submissionHandlers(testbed.ctx),
    ...bulkDeleteHandlers(testbed.ctx, { retryDelayMs: 20 }),
    ...peopleHandlers(testbed.ctx),
    ...cacheReadHandlers(testbed.ctx),
  } as Handlers;
  testbed.open();
  await sync.idle();
  const stores = cacheStores(testbed.ctx.session().db);
  const formIds = stores.forms.list().map((f) => f.formId);
  for (const formId of formIds) {
    const questions = stores.questions.list(formId);
    const answers: Record<string, unknown> = {};
    const name = questions.find((q) => q.type === 'ShortAnswer' && /name/i.test(q.name));
    if (name) answers[name.id] = NAME;
    const email = questions.find((q) => q.type === 'EmailInput');
    if (email) answers[email.id] = EMAIL;
    const phone = questions.find((q) => q.type === 'PhoneNumber');
    if (phone) answers[phone.id] = PHONE;
    await server.admin.respond(formId, { answers, status: 'finished' });
    await server.admin.respond(formId, { answers, status: 'finished' });
  }
  sync.start({ mode: 'incremental' });
  await sync.idle();
  return { formIds };
}

const search = (query: string) => ok<PersonSearchResult>('people.search', { query });

/** A file's text, each zip entry inflated. */
function textOf(file: string): string {
  const bytes = fs.readFileSync(file);
  const entries = zipEntries(bytes);
  if (!entries) return bytes.toString('utf8');
  return entries
    .map((e) => inflateRawSync(bytes.subarray(e.dataStart)).toString('utf8'))
    .join('\n');
}

function filesUnder(root: string): string[] {
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name));
}

/** A draft import (validated, not started) of `rows` to the form. */
function addDraft(
  db: Database.Database,
  jobId: string,
  formId: string,
  fileName: string,
  rows: string[][],
): void {
  db.prepare(
    `INSERT INTO import_jobs (job_id, form_id, file_name, state, columns_json, mappings_json, created_at, updated_at)
     VALUES (?, ?, ?, 'draft', '["Name","Email","Phone"]', '[]', '2026-01-02', '2026-01-02')`,
  ).run(jobId, formId, fileName);
  const insert = db.prepare(
    `INSERT INTO import_rows (job_id, row_index, form_id, line, cells_json, status)
     VALUES (?, ?, ?, ?, ?, 'valid')`,
  );
  rows.forEach((cells, i) => insert.run(jobId, i, formId, i + 2, JSON.stringify(cells)));
}

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'formdesk-people-'));
});
afterEach(async () => {
  testbed?.close();
  await server?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('people', () => {
  it('finds a person on every form by name, e-mail or phone, with the question each was in', async () => {
    const { formIds } = await setUp();
    const byName = await search(NAME.toLowerCase());
    expect(byName.groups.map((g) => g.formId).sort()).toEqual([...formIds].sort());
    for (const group of byName.groups) {
      expect(group.matches).toHaveLength(2);
      for (const match of group.matches)
        expect(match.foundIn).toEqual(
          expect.arrayContaining([
            expect.objectContaining({ label: expect.stringMatching(/name/i), value: NAME }),
          ]),
        );
    }

    const byEmail = await search(EMAIL);
    expect(byEmail.groups).toHaveLength(2);
    expect(byEmail.groups.flatMap((g) => g.matches.flatMap((m) => m.foundIn))).toEqual(
      Array(4).fill(expect.objectContaining({ value: EMAIL })),
    );
    const byPhone = await search('7946 0321');
    expect(byPhone.total).toBe(2);
    expect(byPhone.groups[0]!.matches[0]!.foundIn[0]).toMatchObject({ value: PHONE });
  });

  it('exports everything found into one .zip: a CSV per form and the raw JSON', async () => {
    await setUp();
    expect((await search(NAME)).total).toBe(6);
    const written = await ok<{ exportId: string; fileName: string; rows: number }>(
      'people.export',
      { query: NAME },
    );
    expect(written.rows).toBe(6);
    expect(written.fileName).toMatch(/\.zip$/);
    const bytes = fs.readFileSync(path.join(dir, 'exports', written.exportId, written.fileName));
    const entries = zipEntries(bytes)!;
    expect(entries.map((e) => e.name)).toEqual([
      'Customer feedback.csv',
      'Event registration.csv',
      'Product quiz.csv',
      'submissions.json',
    ]);
    const json = JSON.parse(
      inflateRawSync(bytes.subarray(entries[3]!.dataStart)).toString('utf8'),
    ) as { formName: string; questions: { value: unknown }[] }[];
    expect(json).toHaveLength(6);
    const csv = inflateRawSync(bytes.subarray(entries[0]!.dataStart)).toString('utf8');
    expect(csv.split('\n').filter((line) => line.includes(EMAIL))).toHaveLength(2);
  });

  it('erases a person: no trace in the cache file, Activity, exports or import journals', async () => {
    const { formIds } = await setUp();
    expect((await search(NAME)).total).toBe(6);
    const db = testbed.ctx.session().db;
    // Copies this machine made before the request: a single delete's Activity copy, an export
    // of the person and of a whole form, an import journal's row of their answers.
    const found = await search(NAME);
    const [first, ...rest] = found.groups.flatMap((g) =>
      g.matches.map((m) => ({ formId: g.formId, submissionId: m.submissionId })),
    );
    await ok('submissions.delete', first);
    await ok('people.export', { query: NAME });
    await ok('submissions.export', { formId: formIds[0], format: 'json' });
    db.prepare(
      `INSERT INTO import_jobs (job_id, form_id, file_name, state, columns_json, mappings_json, created_at, updated_at)
       VALUES ('job-1', ?, 'people.csv', 'done', '[]', '[]', '2026-01-01', '2026-01-01')`,
    ).run(formIds[0]);
    db.prepare(
      `INSERT INTO import_rows (job_id, row_index, form_id, line, cells_json, status)
       VALUES ('job-1', 0, ?, 2, ?, 'created')`,
    ).run(formIds[0], JSON.stringify([NAME, EMAIL]));
    // An import not started yet holding their row, and one holding someone else's.
    addDraft(db, 'draft-1', formIds[0]!, 'signups.csv', [
      [NAME, EMAIL, PHONE],
      ['Bo Other', 'bo@example.org', '+1 415 555 0199'],
    ]);
    addDraft(db, 'draft-2', formIds[0]!, 'others.csv', [['Cy Other', 'cy@example.org', '']]);
    // What an assistant asked about them: the log keeps the call, never the question.
    const log = assistantLogFile(dir, testbed.ctx.session().workspace.id);
    fs.mkdirSync(path.dirname(log), { recursive: true });
    appendAssistantCall(log, {
      ...{ query: NAME },
      id: 'call-1',
      at: '2026-01-01T00:00:00.000Z',
      tool: 'search_submissions',
      formId: formIds[0]!,
      submissionId: null,
      rows: 2,
      outcome: 'answered',
    });
    const activityBefore = [...cacheStores(db).activity.all()].length;
    db.pragma('wal_checkpoint(TRUNCATE)');
    const cacheFile = path.join(dir, 'workspace.sqlite');
    expect(fs.readFileSync(cacheFile).includes(EMAIL)).toBe(true);
    // Copies of the cache kept aside after failed checks: one from before they answered.
    const heldAside = `${cacheFile}.damaged-2026-02-01T00-00-00-000Z`;
    fs.copyFileSync(cacheFile, heldAside);
    const olderAside = `${cacheFile}.damaged-2025-01-01T00-00-00-000Z`;
    fs.writeFileSync(olderAside, 'SQLite format 3\u0000 pages of other respondents');
    // The answer columns of a form kept beside the cache, as a large form's are.
    const keeping = new SubmissionSummaries(db, { keepFromRows: 1 });
    keeping.summary(SubmissionFilter.parse({ formId: formIds[0]! }));
    while (keeping.readAhead());
    expect(fs.existsSync(cacheFile + KEPT_COLUMNS)).toBe(true);

    const places = await ok<ErasurePlaces>('people.erasePlaces', {
      query: NAME,
      submissions: rest,
    });
    expect(places).toEqual({
      activityEntries: 1,
      importRows: 1,
      importDrafts: [{ fileName: 'signups.csv', rows: 2 }],
      exportFiles: expect.arrayContaining([
        expect.stringMatching(/\.zip$/),
        expect.stringMatching(/\.json$/),
      ]),
      damagedCopies: [path.basename(heldAside)],
    });
    expect(places.exportFiles).toHaveLength(2);

    const job = await ok<DeleteJobSummary>('people.erase', { query: NAME, submissions: rest });
    expect(job).toMatchObject({ kind: 'erase', total: 5 });
    await vi.waitFor(
      async () =>
        expect((await ok<{ jobs: DeleteJobSummary[] }>('deleteJobs.list', {})).jobs[0]?.state).toBe(
          'done',
        ),
      { timeout: 30_000, interval: 20 },
    );

    for (const formId of formIds)
      expect(JSON.stringify(server.admin.submissionsOf(formId))).not.toContain(NAME);
    expect((await search(NAME)).total).toBe(0);

    const activity = [...cacheStores(db).activity.all()];
    expect(JSON.stringify(activity)).not.toMatch(/quintrellow/i);
    expect(activity.length).toBe(activityBefore);
    expect(activity.filter((e) => e.kind === 'people.erased')).toEqual([
      expect.objectContaining({
        snapshot: null,
        summary: expect.stringMatching(
          /^Erased 5 submissions on (Customer feedback|Event registration|Product quiz)(, .+)+ at a respondent's request; the damaged cache copy workspace\.sqlite\.damaged-2026-02-01T00-00-00-000Z kept aside was removed\.$/,
        ),
      }),
    ]);

    for (const file of filesUnder(path.join(dir, 'exports')))
      expect(textOf(file)).not.toMatch(/quintrellow/i);
    expect(
      JSON.stringify(db.prepare(`SELECT * FROM import_rows`).all()) +
        JSON.stringify(db.prepare(`SELECT * FROM delete_jobs`).all()),
    ).not.toMatch(/quintrellow/i);

    expect(
      db.prepare(`SELECT job_id FROM import_jobs WHERE state = 'draft'`).pluck().all(),
    ).toEqual(['draft-2']);
    expect(fs.existsSync(heldAside)).toBe(false);
    expect(fs.existsSync(olderAside)).toBe(true);
    expect(fs.existsSync(cacheFile + KEPT_COLUMNS)).toBe(false);
    expect(db.prepare('SELECT count(*) FROM form_rewrites').pluck().get()).toBe(0);
    expect(fs.readFileSync(log, 'utf8')).toContain('call-1');

    // Every file's bytes (the cache once closed and its WAL folded in, the assistants' log, what
    // was kept aside): nothing of the person is left on this computer.
    testbed.close();
    const files = filesUnder(dir);
    expect(files).toEqual(expect.arrayContaining([cacheFile, log, olderAside]));
    for (const file of files) {
      const bytes = fs.readFileSync(file);
      for (const needle of [NAME, EMAIL, EMAIL.toUpperCase(), PHONE])
        expect(bytes.includes(Buffer.from(needle)), `${needle} in ${file}`).toBe(false);
      expect(bytes.toString('latin1')).not.toMatch(/quintrellow/i);
    }
  });

  it('erases a person found by their phone number typed another way, and its copies as given', async () => {
    const { formIds } = await setUp();
    const found = await search('020 7946-0321');
    expect(found.total).toBe(2);
    expect(found.groups[0]!.matches[0]!.foundIn).toEqual([
      expect.objectContaining({ value: PHONE }),
    ]);
    const submissions = found.groups.flatMap((g) =>
      g.matches.map((m) => ({ formId: g.formId, submissionId: m.submissionId })),
    );
    // A whole form's export holds the number as it was given, not as it was searched.
    await ok('submissions.export', { formId: found.groups[0]!.formId, format: 'csv' });
    await ok('submissions.export', {
      formId: formIds.find((id) => id !== found.groups[0]!.formId),
      format: 'csv',
    });
    const places = await ok<ErasurePlaces>('people.erasePlaces', {
      query: '020 7946-0321',
      submissions,
    });
    expect(places.exportFiles).toHaveLength(1);
    await ok('people.erase', { query: '020 7946-0321', submissions });
    await vi.waitFor(
      async () =>
        expect((await ok<{ jobs: DeleteJobSummary[] }>('deleteJobs.list', {})).jobs[0]?.state).toBe(
          'done',
        ),
      { timeout: 30_000, interval: 20 },
    );
    expect((await search(PHONE)).total).toBe(0);
    const left = filesUnder(path.join(dir, 'exports'));
    expect(left).toHaveLength(1);
    expect(textOf(left[0]!)).not.toContain(PHONE);
    testbed.close();
    for (const file of filesUnder(dir).filter((f) => /workspace\.sqlite/.test(f))) {
      const bytes = fs.readFileSync(file);
      for (const needle of [PHONE, '442079460321'])
        expect(bytes.includes(Buffer.from(needle)), `${needle} in ${file}`).toBe(false);
    }
  });
});
