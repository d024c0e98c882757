import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerText, describeAnswer } from '../shared/answers/answerModel';
import { type AppEvent } from '../shared/contract';
import { SubmissionFilter } from '../shared/contract/submissions';
import { MASKED } from '../core/assistants/assistantText';
import { cacheStores } from '../core/cache/cacheStores';
import { type SyncService } from '../core/sync/syncService';
import { startDemoApp } from './testing/demoApp';
import { type WorkspaceManager } from '../core/workspaces/manager';

const ENTRY = path.join(import.meta.dirname, 'index.ts');
const FEEDBACK = 'Customer feedback';

let root: string;
let dataDir: string;
let events: AppEvent[];
let manager: WorkspaceManager | null;
let sync: SyncService;
const clients: Client[] = [];
/** One server for the tests that need no other: an assistant keeps its server for a session. */
let shared: Client;

/** The app on the demo workspace, synced: the workspaces as browser mode wires them. */
async function startApp(): Promise<WorkspaceManager> {
  events = [];
  const app = await startDemoApp(dataDir, events);
  sync = app.sync;
  return app.manager;
}

/** The server started as an assistant starts it: the SDK's client over its stdio transport. */
async function assistant(workspace?: string): Promise<Client> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [
      '--import',
      'tsx',
      ENTRY,
      '--data-dir',
      dataDir,
      ...(workspace ? ['--workspace', workspace] : []),
    ],
    stderr: 'ignore',
  });
  const client = new Client({ name: 'formdesk-test', version: '1.0.0' });
  await client.connect(transport);
  clients.push(client);
  return client;
}

async function call(client: Client, name: string, args: Record<string, unknown> = {}) {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

function textOf(result: CallToolResult): string {
  return result.content.map((part) => (part.type === 'text' ? part.text : '')).join('\n');
}

/** The app's own store, on a connection of the test's: what the app's screens are answered from. */
function appStores() {
  if (!manager) throw new Error('the app is not running');
  return cacheStores(manager.session().db);
}

function formIdOf(name: string): string {
  const form = appStores()
    .forms.list()
    .find((f) => f.name === name);
  if (!form) throw new Error(`no form ${name}`);
  return form.formId;
}

/** Resolves once `check` holds, checked as the app's events arrive; bounded, never a fixed wait. */
async function until(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 1000 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
  if (!check()) throw new Error(`never happened: ${what}`);
}

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'formdesk-mcp-'));
  dataDir = path.join(root, 'data');
  manager = await startApp();
  shared = await assistant();
});

afterAll(async () => {
  for (const client of clients) await client.close();
  await manager?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

describe('the assistants’ server', () => {
  it('offers four read-only tools that warn of respondents’ text', async () => {
    const client = shared;
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([
      'get_submission',
      'list_forms',
      'search_submissions',
      'summarize_form',
    ]);
    for (const tool of tools) {
      expect(tool.annotations?.readOnlyHint).toBe(true);
      expect(tool.inputSchema.type).toBe('object');
      expect(tool.description).toMatch(/never follow instructions/);
    }
    const search = tools.find((t) => t.name === 'search_submissions');
    expect(Object.keys(search?.inputSchema.properties ?? {}).sort()).toEqual(
      ['after', 'answers', 'before', 'formId', 'limit', 'offset', 'query', 'status'].sort(),
    );
  });

  it('lists the forms with the counts and sync times the app holds', async () => {
    const client = await assistant('Demo workspace');
    const result = await call(client, 'list_forms');
    expect(result.isError).toBeFalsy();
    const forms = appStores().forms.list();
    expect(result.structuredContent).toEqual({
      forms: forms.map((form) => ({
        formId: form.formId,
        name: form.name,
        finished: form.counts.finished,
        inProgress: form.counts.in_progress,
        lastSyncedAt: expect.any(String),
      })),
    });
    expect(textOf(result)).toContain(FEEDBACK);
  });

  it('searches with the table’s filters and counts, rows under their labels', async () => {
    const client = shared;
    const formId = formIdOf(FEEDBACK);
    const filter = SubmissionFilter.parse({
      formId,
      status: 'all',
      search: 'the',
      sortBy: 'submissionTime',
      sort: 'desc',
    });
    const app = appStores().query.window(filter, 0, 5);
    expect(app.total).toBeGreaterThan(5);

    const result = await call(client, 'search_submissions', {
      formId,
      query: 'the',
      status: 'all',
      limit: 5,
    });
    const found = result.structuredContent as {
      total: number;
      counts: { finished: number; inProgress: number };
      rows: { submissionId: string; answers: Record<string, string> }[];
      truncated: boolean;
      nextOffset: number | null;
    };
    expect(found.total).toBe(app.total);
    expect(found.counts).toEqual({
      finished: app.counts.finished,
      inProgress: app.counts.in_progress,
    });
    expect(found.rows.map((r) => r.submissionId)).toEqual(app.rows.map((r) => r.submissionId));
    expect(found.truncated).toBe(true);
    expect(found.nextOffset).toBe(5);
    const first = app.rows[0]!.submission;
    const plan = first.questions.find((q) => q.name === 'Which plan are you on?');
    if (plan && plan.value !== null)
      expect(found.rows[0]!.answers['Which plan are you on?']).toBe(
        answerText(describeAnswer(plan.type, plan.value)),
      );
    expect(textOf(result)).toContain(`ask again with offset 5`);

    // Every form, when no form is named: each form's matches, added up.
    const everywhere = await call(client, 'search_submissions', { query: 'the' });
    const perForm = appStores()
      .forms.list()
      .map(
        (f) =>
          appStores().query.window(
            SubmissionFilter.parse({ formId: f.formId, search: 'the' }),
            0,
            0,
          ).total,
      );
    expect((everywhere.structuredContent as { total: number }).total).toBe(
      perForm.reduce((a, b) => a + b, 0),
    );

    // A question's filter, its key the question's name.
    const rated = await call(client, 'search_submissions', {
      formId,
      answers: [{ key: 'How satisfied are you overall?', op: 'numberRange', min: 4 }],
    });
    const appRated = appStores().query.window(
      SubmissionFilter.parse({ formId, answers: [{ key: 'st05', op: 'numberRange', min: 4 }] }),
      0,
      0,
    );
    expect((rated.structuredContent as { total: number }).total).toBe(appRated.total);
  });

  it('reads one submission whole, and the Summary’s figures', async () => {
    const client = shared;
    const formId = formIdOf(FEEDBACK);
    const { rows } = appStores().query.window(SubmissionFilter.parse({ formId }), 0, 1);
    const row = rows[0]!;
    const result = await call(client, 'get_submission', { formId, submissionId: row.submissionId });
    const { submission } = result.structuredContent as {
      submission: { submissionId: string; answers: Record<string, string> };
    };
    expect(submission.submissionId).toBe(row.submissionId);
    const expected = Object.fromEntries(
      row.submission.questions
        .map((q) => [q.name, answerText(describeAnswer(q.type, q.value))])
        .filter(([, text]) => text !== ''),
    );
    expect(submission.answers).toEqual(expected);

    const summary = await call(client, 'summarize_form', { formId, filters: { status: 'all' } });
    expect((summary.structuredContent as { summary: unknown }).summary).toEqual(
      appStores().summaries.summary(SubmissionFilter.parse({ formId, status: 'all' })),
    );
    expect(textOf(summary)).toMatch(/NPS -?\d/);
  });

  it('answers from the last commit while a write is under way, and sees it once committed', async () => {
    const client = shared;
    const formId = formIdOf(FEEDBACK);
    const before = (await call(client, 'search_submissions', { formId, limit: 1 }))
      .structuredContent as {
      total: number;
      rows: { submissionId: string }[];
    };
    // The app's own connection, a transaction of its open and not yet committed, as a sync's page
    // store holds one while it writes.
    const writer = manager!.session().db;
    try {
      writer.exec('BEGIN IMMEDIATE');
      cacheStores(writer).submissions.delete(formId, before.rows[0]!.submissionId);
      const during = (await call(client, 'search_submissions', { formId, limit: 1 }))
        .structuredContent as { total: number };
      expect(during.total).toBe(before.total);
      writer.exec('COMMIT');
      const after = (await call(client, 'search_submissions', { formId, limit: 1 }))
        .structuredContent as { total: number; rows: { submissionId: string }[] };
      expect(after.total).toBe(before.total - 1);
      expect(after.rows[0]!.submissionId).not.toBe(before.rows[0]!.submissionId);
    } finally {
      if (writer.inTransaction) writer.exec('ROLLBACK');
    }
  });

  it('answers while a sync rewrites every form', async () => {
    const client = shared;
    const formId = formIdOf(FEEDBACK);
    const total = appStores().query.window(SubmissionFilter.parse({ formId }), 0, 0).total;
    sync.start({ mode: 'full' });
    // The sync may bring back the row the test before deleted: each answer is one commit's.
    const seen: number[] = [];
    while (sync.status().running !== null || seen.length === 0) {
      const result = await call(client, 'search_submissions', { formId, query: 'the', limit: 5 });
      expect(result.isError).toBeFalsy();
      const summary = await call(client, 'summarize_form', { formId });
      seen.push((summary.structuredContent as { summary: { total: number } }).summary.total);
    }
    await sync.idle();
    const after = appStores().query.window(SubmissionFilter.parse({ formId }), 0, 0).total;
    for (const figure of seen) expect([total, after]).toContain(figure);
  });

  it('masks contact answers unless they are allowed, and refuses a workspace not shared', async () => {
    const client = shared;
    const formId = formIdOf(FEEDBACK);
    const app = manager!;
    await app.setAssistantAccess({ id: 'demo', allowed: true, includeContacts: false });
    const masked = (await call(client, 'search_submissions', { formId, status: 'all', limit: 20 }))
      .structuredContent as { rows: { answers: Record<string, string> }[] };
    const emails = masked.rows.map((r) => r.answers['Email']).filter((e) => e !== undefined);
    expect(emails.length).toBeGreaterThan(0);
    expect(emails.every((e) => e === MASKED)).toBe(true);
    expect(
      masked.rows.every(
        (r) => r.answers['Full name'] === undefined || r.answers['Full name'] === MASKED,
      ),
    ).toBe(true);
    const refusedFilter = await call(client, 'search_submissions', {
      formId,
      answers: [{ key: 'Email', op: 'contains', text: '@' }],
    });
    expect(refusedFilter.isError).toBe(true);
    expect(textOf(refusedFilter)).toMatch(/contact answers/);
    const refusedSearch = await call(client, 'search_submissions', { formId, query: '@example' });
    expect(refusedSearch.isError).toBe(true);
    expect(textOf(refusedSearch)).toMatch(/e-mail address or a phone number/);
    // Which rows a name finds would say who answered, where the names themselves are masked.
    const someone = appStores()
      .query.window(SubmissionFilter.parse({ formId, status: 'all' }), 0, 50)
      .rows.map((row) => row.submission.questions.find((q) => q.name === 'Full name')?.value)
      .find((name): name is string => typeof name === 'string' && name.length > 0)!;
    const surname = someone.split(' ').at(-1)!;
    const byName = await call(client, 'search_submissions', { formId, query: surname });
    expect(byName.isError).toBe(true);
    expect(textOf(byName)).toMatch(/find people by their names/);
    const otherWords = await call(client, 'search_submissions', { formId, query: 'support' });
    expect(otherWords.isError).toBeFalsy();

    await app.setAssistantAccess({ id: 'demo', allowed: true, includeContacts: true });
    const shown = (await call(client, 'search_submissions', { formId, status: 'all', limit: 20 }))
      .structuredContent as { rows: { answers: Record<string, string> }[] };
    expect(shown.rows.some((r) => r.answers['Email']?.includes('@'))).toBe(true);
    const named = await call(client, 'search_submissions', { formId, query: surname });
    expect((named.structuredContent as { total: number }).total).toBeGreaterThan(0);

    await app.setAssistantAccess({ id: 'demo', allowed: false, includeContacts: false });
    for (const [tool, args] of [
      ['list_forms', {}],
      ['search_submissions', { formId }],
      ['get_submission', { formId, submissionId: 'x' }],
      ['summarize_form', { formId }],
    ] as const) {
      const refused = await call(client, tool, args);
      expect(refused.isError).toBe(true);
      expect(textOf(refused)).toMatch(/Settings.*Let AI assistants read this workspace/);
      expect(refused.structuredContent).toBeUndefined();
    }
    await app.setAssistantAccess({ id: 'demo', allowed: true, includeContacts: true });
  });

  it('names the workspaces there are when asked for one that is not', async () => {
    const client = await assistant('Acme');
    const result = await call(client, 'list_forms');
    expect(result.isError).toBe(true);
    expect(textOf(result)).toBe(
      'No workspace named “Acme” in Formdesk; there are “Demo workspace”.',
    );
  });

  it('writes each call to Activity: tool, form and rows, never the answers', async () => {
    const client = shared;
    const formId = formIdOf(FEEDBACK);
    const seen = () =>
      appStores()
        .activity.list({ kinds: ['assistant.read'] }, 500)
        .filter((e) => e.formId === formId && e.summary.includes('7 rows'));
    const before = seen().length;
    const result = await call(client, 'search_submissions', { formId, status: 'all', limit: 7 });
    await until(() => seen().length > before, 'the call in Activity');
    const entry = seen()[0]!;
    expect(entry.summary).toBe(
      `An AI assistant searched the submissions of “${FEEDBACK}”: 7 rows.`,
    );
    const rows = (result.structuredContent as { rows: { answers: Record<string, string> }[] }).rows;
    // Short answers (a rating's "4") may be in any sentence; text answers may not.
    for (const answer of Object.values(rows[0]!.answers).filter((a) => a.length > 8))
      expect(entry.summary).not.toContain(answer);
    expect(events).toContainEqual({
      type: 'cache.changed',
      workspaceId: 'demo',
      tables: ['activity'],
    });
    expect(
      fs.statSync(path.join(dataDir, 'workspaces', 'demo', 'assistant-log.jsonl')).mode & 0o777,
    ).toBe(0o600);
  });

  it('answers the same with the app stopped, and the app takes the calls into Activity when it starts', async () => {
    const formId = formIdOf(FEEDBACK);
    const filter = SubmissionFilter.parse({
      formId,
      status: 'all',
      sortBy: 'submissionTime',
      sort: 'desc',
    });
    const expected = appStores().query.window(filter, 0, 10);
    const summary = appStores().summaries.summary(filter);
    await manager!.close();
    manager = null;

    // Started after the app stopped: it opens the file with no app connection, and no WAL, left.
    const client = await assistant();
    const found = (await call(client, 'search_submissions', { formId, status: 'all', limit: 10 }))
      .structuredContent as { total: number; rows: { submissionId: string }[] };
    expect(found.total).toBe(expected.total);
    expect(found.rows.map((r) => r.submissionId)).toEqual(expected.rows.map((r) => r.submissionId));
    const summarized = await call(client, 'summarize_form', { formId, filters: { status: 'all' } });
    expect((summarized.structuredContent as { summary: unknown }).summary).toEqual(summary);
    await call(client, 'search_submissions', { formId, limit: 3 });

    manager = await startApp();
    const entries = appStores().activity.list({ kinds: ['assistant.read'] }, 500);
    expect(entries[0]?.summary).toBe(
      `An AI assistant searched the submissions of “${FEEDBACK}”: 3 rows.`,
    );
    // Taken once: the log read again adds nothing.
    await manager.close();
    manager = await startApp();
    expect(appStores().activity.list({ kinds: ['assistant.read'] }, 500)).toHaveLength(
      entries.length,
    );
  });
});
