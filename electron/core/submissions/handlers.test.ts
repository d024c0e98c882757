import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as XLSX from '@e965/xlsx';
import { parse } from 'csv-parse/sync';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type LocalApiData } from '../../shared/api/localApi';
import { type Handlers, WrittenJson } from '../../shared/contract';
import { type Result } from '../../shared/errors';
import { startLocalApi, type LocalApi, type LocalApiOptions } from '../../local-api';
import { cacheReadHandlers } from '../operations/cacheReads';
import { cacheStores } from '../cache/cacheStores';
import { type WorkspaceSession } from '../session/context';
import { dispatch } from '../operations/dispatch';
import { startServiceProxy, type ServiceProxy } from '../hardening/serviceProxy';
import { neutraliseFormulas } from '../../shared/csv/formulaGuard';
import { FORMULA_VALUES, formulaCells } from '../import/testing/spreadsheetView';
import { formHandlers } from '../sync/formHandlers';
import { syncHandlers } from '../sync/handlers';
import { syncServiceFor, type SyncService } from '../sync/syncService';
import { createTestContext, type TestContext } from '../operations/testing/testContext';
import { submissionHandlers } from './handlers';

let dir: string;
let server: LocalApi;
let testbed: TestContext;
let sync: SyncService;
let session: WorkspaceSession;
let handlers: Handlers;

let proxy: ServiceProxy | undefined;

/** `viaProxy`: the workspace talks to the server through a proxy a test may make answer itself. */
async function setUp(options: LocalApiOptions = {}, viaProxy = false): Promise<void> {
  server = await startLocalApi({ rateLimit: 0, submissionsPerForm: 120, seed: 3, ...options });
  proxy = viaProxy ? await startServiceProxy(server.baseUrl) : undefined;
  testbed = createTestContext({
    baseUrl: proxy?.baseUrl ?? server.baseUrl,
    apiKey: server.apiKey,
    dataDir: dir,
  });
  sync = syncServiceFor(testbed.ctx, { intervalMs: 0 });
  // Only the families under test: the full map also needs the workspace manager.
  handlers = {
    ...formHandlers(testbed.ctx),
    ...syncHandlers(testbed.ctx),
    ...submissionHandlers(testbed.ctx),
    ...cacheReadHandlers(testbed.ctx),
  } as Handlers;
  session = testbed.open();
  await sync.idle();
}

/** A call as the page sees it: the JSON a handler wrote is read as the page reads it. */
async function call<T = Record<string, unknown>>(op: string, input: unknown): Promise<Result<T>> {
  const result = await dispatch(handlers, op, input);
  const data = result.ok && result.data instanceof WrittenJson ? result.data.parse() : undefined;
  return (data === undefined ? result : { ok: true, data }) as Result<T>;
}

async function ok<T = Record<string, unknown>>(op: string, input: unknown): Promise<T> {
  const result = await call<T>(op, input);
  if (!result.ok) throw new Error(`${op} failed: ${result.error.code} ${result.error.message}`);
  return result.data;
}

const firstForm = () => cacheStores(session.db).forms.list()[0]?.formId ?? '';

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'formdesk-ops-'));
});
afterEach(async () => {
  testbed?.close();
  await proxy?.close();
  await server?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('submission operations', () => {
  it('syncs when the workspace opens and answers queries from the cache', async () => {
    await setUp();
    const formId = firstForm();
    const page = await ok<{
      rows: { submissionId: string }[];
      total: number;
      counts: Record<string, number>;
    }>('submissions.query', { formId, limit: 10, offset: 5, sort: 'desc' });
    const listed = await session.api.listSubmissions(formId, {
      sort: 'desc',
      offset: 5,
      limit: 10,
    });
    expect(page.rows.map((r) => r.submissionId)).toEqual(
      listed.responses.map((s) => s.submissionId),
    );
    expect(page.total).toBe(listed.totalResponses);
    expect(page.counts.finished).toBe(page.total);
    const status = await ok<{ forms: { state: string }[]; connection: { state: string } }>(
      'sync.status',
      {},
    );
    expect(status.connection.state).toBe('online');
    expect(status.forms.every((f) => f.state === 'synced')).toBe(true);
  });

  it('sums up the same view the table shows, through the contract', async () => {
    await setUp();
    const formId = firstForm();
    const view = { formId, status: 'in_progress', search: 'the' };
    const summary = await ok<{ total: number; questions: { key: string; answered: number }[] }>(
      'submissions.summary',
      view,
    );
    const page = await ok<{ total: number }>('submissions.query', { ...view, limit: 1 });
    expect(summary.total).toBe(page.total);
    expect(summary.questions.length).toBeGreaterThan(0);
    for (const q of summary.questions) expect(q.answered).toBeLessThanOrEqual(summary.total);
  });

  it('refuses a window larger than 500 rows', async () => {
    await setUp();
    const result = await call('submissions.query', { formId: firstForm(), limit: 501 });
    expect(result.ok).toBe(false);
  });

  it('deletes on the server first, then the cached row, keeping a snapshot in the activity log', async () => {
    await setUp();
    const formId = firstForm();
    const target = server.admin.submissionsOf(formId)[3];
    const submissionId = target?.submissionId ?? '';
    const result = await ok<{ deleted: boolean; alreadyGone: boolean }>('submissions.delete', {
      formId,
      submissionId,
    });
    expect(result).toMatchObject({ deleted: true, alreadyGone: false });
    expect(server.admin.submissionsOf(formId).some((s) => s.submissionId === submissionId)).toBe(
      false,
    );
    expect(cacheStores(session.db).submissions.get(formId, submissionId)).toBeNull();
    const log = await ok<{ entries: { kind: string; submissionId: string; snapshot: unknown }[] }>(
      'activity.list',
      {},
    );
    expect(log.entries[0]).toMatchObject({
      kind: 'submission.deleted',
      submissionId,
      snapshot: target,
    });
    expect(testbed.events).toContainEqual(
      expect.objectContaining({ type: 'cache.changed', formId }),
    );
  });

  it('removes the cached row when the server says it was already deleted elsewhere', async () => {
    await setUp();
    const formId = firstForm();
    const submissionId = server.admin.submissionsOf(formId)[0]?.submissionId ?? '';
    server.admin.remove(formId, submissionId);
    const result = await ok<{ alreadyGone: boolean; message: string }>('submissions.delete', {
      formId,
      submissionId,
    });
    expect(result.alreadyGone).toBe(true);
    expect(result.message).toMatch(/already deleted/);
    expect(cacheStores(session.db).submissions.get(formId, submissionId)).toBeNull();
  });

  /** Opens the workspace through a proxy that answers every delete with a 404 of its own. */
  async function deletesAnswered404(contentType: string, body: (submissionId: string) => string) {
    await setUp({}, true);
    const formId = firstForm();
    const submissionId = server.admin.submissionsOf(formId)[0]?.submissionId ?? '';
    proxy!.intercept = (request, response) => {
      if (request.method !== 'DELETE') return false;
      response.writeHead(404, { 'content-type': contentType });
      response.end(body(submissionId));
      return true;
    };
    return { formId, submissionId };
  }

  it('keeps the row when a 404 to the delete is not the service saying the submission is gone', async () => {
    // A proxy in front of the service answers deletes with its own error page.
    const { formId, submissionId } = await deletesAnswered404(
      'text/html',
      () => '<html><body><h1>404 Not Found</h1>nginx</body></html>',
    );
    const result = await call('submissions.delete', { formId, submissionId });
    expect(result).toEqual({
      ok: false,
      error: expect.objectContaining({
        code: 'REMOTE',
        message: expect.stringMatching(
          /without saying the submission is gone.*Nothing was removed here/,
        ),
      }),
    });
    expect(server.admin.submissionsOf(formId).some((s) => s.submissionId === submissionId)).toBe(
      true,
    );
    expect(cacheStores(session.db).submissions.get(formId, submissionId)).not.toBeNull();
    const log = await ok<{ entries: { kind: string }[] }>('activity.list', {});
    expect(log.entries.some((e) => e.kind === 'submission.deleted')).toBe(false);
  });

  it('believes the service\'s own "not found" only once a read of the submission says the same', async () => {
    const { formId, submissionId } = await deletesAnswered404('application/json', (id) =>
      JSON.stringify({
        statusCode: 404,
        error: 'Not Found',
        message: `Submission ${id} not found`,
      }),
    );
    const result = await call('submissions.delete', { formId, submissionId });
    expect(result).toEqual({
      ok: false,
      error: expect.objectContaining({
        code: 'REMOTE',
        message: expect.stringMatching(/yet it still returns it/),
      }),
    });
    expect(cacheStores(session.db).submissions.get(formId, submissionId)).not.toBeNull();
  });

  it('deletes nothing while offline, and reads fall back to the cache', async () => {
    await setUp();
    const formId = firstForm();
    const submissionId = server.admin.submissionsOf(formId)[0]?.submissionId ?? '';
    await server.close();

    const read = await ok<{ source: string; notice: string; submission: { submissionId: string } }>(
      'submissions.get',
      {
        formId,
        submissionId,
      },
    );
    expect(read.source).toBe('cache');
    expect(read.notice).toMatch(/cannot be reached/);
    expect(read.submission.submissionId).toBe(submissionId);

    const forms = await ok<{ source: string; forms: unknown[] }>('forms.list', {});
    expect(forms.source).toBe('cache');
    expect(forms.forms.length).toBeGreaterThan(0);
    const status = await ok<{ connection: { state: string }; forms: { stale: boolean }[] }>(
      'sync.status',
      {},
    );
    expect(status.connection.state).toBe('offline');
    expect(status.forms.every((f) => f.stale)).toBe(true);

    // The reads above found the server gone, so this request is refused before it is sent.
    const deleted = await call('submissions.delete', { formId, submissionId });
    expect(deleted).toEqual({
      ok: false,
      error: expect.objectContaining({
        code: 'OFFLINE',
        message: 'The service could not be reached; nothing was deleted.',
      }),
    });
    expect(cacheStores(session.db).submissions.get(formId, submissionId)).not.toBeNull();
  });

  it('reads one submission fresh from the server, with its edit link, without caching the link', async () => {
    await setUp();
    const formId = firstForm();
    const submissionId = server.admin.submissionsOf(formId)[0]?.submissionId ?? '';
    server.admin.edit(formId, submissionId);
    const read = await ok<{
      source: string;
      submission: { editLink?: string; lastUpdatedAt: string };
    }>('submissions.get', {
      formId,
      submissionId,
      includeEditLink: true,
    });
    expect(read.source).toBe('server');
    expect(read.submission.editLink).toBeTruthy();
    const cached = cacheStores(session.db).submissions.get(formId, submissionId);
    expect(cached?.submission.lastUpdatedAt).toBe(read.submission.lastUpdatedAt);
    expect(cached?.submission).not.toHaveProperty('editLink');
  });

  it('asks the server for the form list only when its listing is older than half a minute', async () => {
    await setUp();
    const listings = () => server.admin.requests().filter((r) => r.path === '/forms').length;
    const before = listings();
    // The sync just listed the forms: reads as often as a sync commits pages cost no request.
    for (let i = 0; i < 3; i++)
      expect((await ok<{ source: string }>('forms.list', {})).source).toBe('cache');
    expect(listings()).toBe(before);

    const stores = cacheStores(session.db).forms;
    const listed = stores.list().map((f) => ({ formId: f.formId, name: f.name }));
    stores.replaceListed(listed, new Date(Date.now() - 31_000).toISOString());
    expect((await ok<{ source: string }>('forms.list', {})).source).toBe('server');
    expect(listings()).toBe(before + 1);
  });

  it('lists forms with cached counts, sync state and a per-day chart', async () => {
    await setUp();
    const { forms } = await ok<{
      forms: {
        formId: string;
        counts: Record<string, number>;
        syncState: string;
        perDay: unknown[];
      }[];
    }>('forms.list', {});
    expect(forms.map((f) => f.formId)).toEqual(
      (await session.api.listForms()).map((f) => f.formId),
    );
    for (const form of forms) {
      const store = cacheStores(session.db).forms;
      expect(form.counts).toEqual(store.counts(form.formId));
      expect(form.syncState).toBe('synced');
      expect(form.perDay).toHaveLength(30);
    }
    const { questions } = await ok<{ questions: { id: string }[] }>('questions.list', {
      formId: forms[0]?.formId,
    });
    expect(questions.length).toBeGreaterThan(0);
  });

  it('fetches the preview responses of a form once they are asked for, and keeps them', async () => {
    await setUp();
    const formId = firstForm();
    const withPreviews = () =>
      ok<{ total: number; counts: { preview: number } }>('submissions.query', {
        formId,
        includePreview: true,
        limit: 1,
      });
    // The first sync took the listing as the service gives it by default: no previews.
    expect((await withPreviews()).counts.preview).toBe(0);
    expect(server.admin.requests().some((r) => r.query.includePreview === 'true')).toBe(false);

    expect(await ok('forms.keepPreviews', { formId })).toEqual({ fetching: true });
    await sync.idle();
    const listed = await session.api.listSubmissions(formId, { includePreview: true, limit: 1 });
    const page = await withPreviews();
    expect(page.counts.preview).toBeGreaterThan(0);
    expect(page.total).toBe(listed.totalResponses);

    // Asked again, they are already kept: nothing is fetched.
    server.admin.clearRequests();
    expect(await ok('forms.keepPreviews', { formId })).toEqual({ fetching: false });
    await sync.idle();
    expect(server.admin.requests()).toEqual([]);
  });
});

describe('exports', () => {
  it('neutralises spreadsheet formulas in CSV for any delimiter, while plain numbers stay numbers', async () => {
    const values = [...FORMULA_VALUES, 'normal', '-5'];
    const data: LocalApiData = {
      forms: [
        {
          id: 'fx1',
          name: 'Formula form',
          questions: [{ id: 'q1', name: 'Answer', type: 'ShortAnswer' }],
          submissions: values.map((value, i) => ({
            submissionId: `s${i}`,
            submissionTime: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString(),
            questions: [{ id: 'q1', name: 'Answer', type: 'ShortAnswer', value }],
          })),
        },
      ],
    };
    await setUp({ data, submissionsPerForm: 0 });
    const result = await ok<{ exportId: string; fileName: string; rows: number; bytes: number }>(
      'submissions.export',
      {
        formId: 'fx1',
        format: 'csv',
        bom: true,
      },
    );
    expect(result.rows).toBe(values.length);
    // The answer names the file, never where the data dir is.
    expect(result).not.toHaveProperty('filePath');
    expect(JSON.stringify(result)).not.toContain(dir);
    const bytes = fs.readFileSync(path.join(dir, 'exports', result.exportId, result.fileName));
    expect(bytes.length).toBe(result.bytes);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(formulaCells(bytes.toString('utf8'))).toEqual([]);
    const table = parse(bytes, { bom: true, columns: true }) as Record<string, string>[];
    const exported = table.map((r) => r.Answer);
    expect(exported).toEqual(
      values.map((v) => (v === '-5' || v === 'normal' ? v : neutraliseFormulas(v))),
    );
    expect(exported).toContain('-5');
    expect(exported).toContain("a;'=1+2");

    // A .xlsx cell is typed text: each answer stays exactly as typed, and none is a formula.
    const xlsx = await ok<{ exportId: string; fileName: string }>('submissions.export', {
      formId: 'fx1',
      format: 'xlsx',
    });
    const book = XLSX.read(
      fs.readFileSync(path.join(dir, 'exports', xlsx.exportId, xlsx.fileName)),
      {
        cellFormula: true,
      },
    );
    const sheet = book.Sheets['Formula form']!;
    const cells = Object.entries(sheet).filter(([ref]) => !ref.startsWith('!'));
    expect(cells.filter(([, cell]) => (cell as XLSX.CellObject).f !== undefined)).toEqual([]);
    const answers = XLSX.utils.sheet_to_json<Record<string, unknown>>(sheet).map((r) => r.Answer);
    // The file keeps a line's CR as `_x000D_`, as Excel writes it; SheetJS reads CRLF as LF.
    expect(answers).toEqual(values.map((v) => v.replaceAll('\r\n', '\n')));
  });

  it('exports every matching row as JSON, not only a window', async () => {
    await setUp({ submissionsPerForm: 700 });
    const formId = firstForm();
    const result = await ok<{ exportId: string; fileName: string; rows: number }>(
      'submissions.export',
      {
        formId,
        format: 'json',
      },
    );
    const rows = JSON.parse(
      fs.readFileSync(path.join(dir, 'exports', result.exportId, result.fileName), 'utf8'),
    ) as { submissionId: string }[];
    expect(rows).toHaveLength(result.rows);
    expect(rows.length).toBe(cacheStores(session.db).submissions.count(formId, 'finished'));
    expect(rows.length).toBeGreaterThan(500);
    expect(testbed.events).toContainEqual(
      expect.objectContaining({
        type: 'export.progress',
        formId,
        rowsDone: result.rows,
        rowsTotal: result.rows,
        done: true,
      }),
    );
  });

  it('exports the activity log as JSON, and as CSV and .xlsx the way the list reads', async () => {
    await setUp();
    const formId = firstForm();
    const submissionId = server.admin.submissionsOf(formId)[0]?.submissionId ?? '';
    await ok('submissions.delete', { formId, submissionId });
    const result = await ok<{ exportId: string; fileName: string; entries: number }>(
      'activity.export',
      {},
    );
    expect(result).not.toHaveProperty('filePath');
    expect(result.entries).toBe(1);
    const entries = JSON.parse(
      fs.readFileSync(path.join(dir, 'exports', result.exportId, result.fileName), 'utf8'),
    ) as { submissionId: string; kind: string }[];
    expect(entries).toEqual([
      expect.objectContaining({ submissionId, kind: 'submission.deleted' }),
    ]);

    // As the list reads, in CSV and .xlsx, on the person's clock.
    const sheet = { timeZone: 'America/Sao_Paulo' };
    const formName = cacheStores(session.db).forms.name(formId);
    const csv = await ok<{ exportId: string; fileName: string }>('activity.export', {
      format: 'csv',
      sheet,
    });
    expect(csv.fileName).toMatch(/ activity - \d{4}-\d\d-\d\d\.csv$/);
    const rows = parse(fs.readFileSync(path.join(dir, 'exports', csv.exportId, csv.fileName)), {
      columns: true,
    }) as Record<string, string>[];
    expect(rows).toEqual([
      expect.objectContaining({
        What: 'Submission deleted',
        Form: formName,
        'Submission ID': submissionId,
      }),
    ]);
    expect(rows[0]?.When).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d-03:00$/);
    const xlsx = await ok<{ exportId: string; fileName: string }>('activity.export', {
      format: 'xlsx',
      sheet,
    });
    const book = XLSX.read(
      fs.readFileSync(path.join(dir, 'exports', xlsx.exportId, xlsx.fileName)),
    );
    const log = XLSX.utils.sheet_to_json<Record<string, unknown>>(book.Sheets.Activity!, {
      raw: false,
    });
    expect(log).toEqual([
      expect.objectContaining({
        When: rows[0]?.When?.slice(0, 19).replace('T', ' '),
        'Submission ID': submissionId,
      }),
    ]);
  });
});
