import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CreateSubmission } from '../../shared/api/submission';
import { type AppEvent } from '../../shared/contract';
import { type ColumnMapping } from '../../shared/contract/imports';
import { startLocalApi, type LocalApi } from '../../local-api';
import { createApiClient } from '../api/client';
import { RateScheduler } from '../api/rateScheduler';
import { FormStore } from '../cache/formStore';
import { type CacheDb } from '../cache/openCache';
import { QuestionCatalog } from '../cache/questionCatalog';
import { openTempCache, type TempCache } from '../operations/testing/tempCache';
import { type AppContext, type WorkspaceSession } from '../session/context';
import { DraftSweeper } from './draftSweeper';
import { importHandlers } from './handlers';
import { DEMO_FORM } from '../operations/testing/importTestbed';
import { PROBLEM_COLUMN } from './ownExport';
import { readCsv } from './readCsv';
import { importWizardHandlers } from './wizardHandlers';
import { formulaCells } from './testing/spreadsheetView';
import { createLogger } from '../logging/log';

const projectRoot = fileURLToPath(new URL('../../../', import.meta.url));
const fixture = (name: string) => readFileSync(path.resolve(projectRoot, 'fixtures/csv', name));

let api: LocalApi;
let cache: TempCache;
let db: CacheDb;
const events: AppEvent[] = [];
let handlers: ReturnType<typeof importHandlers> & ReturnType<typeof importWizardHandlers>;
let sessionApi: () => WorkspaceSession['api'];

beforeAll(async () => {
  api = await startLocalApi({ rateLimit: 0, submissionsPerForm: 5 });
  cache = openTempCache('import-handlers');
  db = cache.db;
  const session: WorkspaceSession = {
    workspace: {
      id: 'w1',
      name: 'Demo',
      kind: 'demo',
      baseUrl: api.baseUrl,
      keyStorage: 'session',
      keyAvailable: true,
      createdAt: new Date().toISOString(),
    },
    api: createApiClient({
      baseUrl: api.baseUrl,
      apiKey: api.apiKey,
      scheduler: new RateScheduler({ limit: 50 }),
    }),
    db,
    signal: new AbortController().signal,
  };
  const ctx: AppContext = {
    dataDir: cache.dir,
    log: createLogger({ write: () => {} }),
    emit: (event) => events.push(event),
    session: () => session,
    onSessionOpened: () => () => {},
  };
  const runs = importHandlers(ctx);
  // The wizard's steps as the app runs them beside the core: a frozen job is handed to the core's
  // runner by resuming it.
  const steps = importWizardHandlers({
    session: () => session,
    formQuestions: async (formId) => {
      const metadata = await session.api.getFormMetadata(formId, { priority: 'interactive' });
      return metadata?.questions.map(({ id, name, type }) => ({ id, name, type })) ?? [];
    },
    runImport: async (jobId) => void (await runs['imports.resume']({ jobId })),
    launch: randomUUID(),
    sweeper: new DraftSweeper(ctx.log),
  });
  handlers = { ...runs, ...steps };
  sessionApi = () => session.api;
});
afterAll(async () => {
  cache.close();
  await api.close();
});

async function until(check: () => Promise<boolean>) {
  for (let i = 0; i < 500; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('condition not reached');
}

describe('import operations', () => {
  it('takes a file from reading to a report, with the invalid row exported to fix', async () => {
    const bytes = fixture('contacts-utf8-bom-crlf.csv');
    const half = Math.floor(bytes.length / 2);
    const first = await handlers['imports.upload']({
      fileName: 'contacts.csv',
      chunkBase64: bytes.subarray(0, half).toString('base64'),
      final: false,
    });
    await handlers['imports.upload']({
      uploadId: first.uploadId,
      fileName: 'contacts.csv',
      chunkBase64: bytes.subarray(half).toString('base64'),
      final: true,
    });
    const preview = await handlers['imports.parse']({ uploadId: first.uploadId });
    expect(preview).toMatchObject({ encoding: 'utf-8', delimiter: ',', headerRow: 1, rowCount: 4 });

    const suggested = await handlers['imports.suggestMapping']({
      formId: DEMO_FORM,
      fileId: preview.fileId,
    });
    const byColumn = (name: string) => suggested.mappings[preview.columns.indexOf(name)]!.target;
    expect(byColumn('Full name')).toMatchObject({ kind: 'question', id: 'nm01' });
    expect(byColumn('Email')).toMatchObject({ kind: 'question', id: 'em02' });
    expect(byColumn('Submitted at')).toEqual({ kind: 'submissionTime' });

    const mappings: ColumnMapping[] = suggested.mappings.map(({ column, target, convert }) => ({
      column,
      target,
      ...(convert ? { convert } : {}),
    }));
    const validation = await handlers['imports.validate']({
      fileId: preview.fileId,
      formId: DEMO_FORM,
      mappings,
    });
    expect(validation.rowsTotal).toBe(4);

    // Break one e-mail, so one row is invalid and never sent.
    const emailColumn = preview.columns.indexOf('Email');
    const fixedUp = await handlers['imports.validate']({
      jobId: validation.jobId,
      edits: [{ rowIndex: 2, column: emailColumn, value: 'xiaoming at example' }],
    });
    expect(fixedUp.errorRows).toBe(1);
    expect(fixedUp.issues.find((i) => i.severity === 'error')).toMatchObject({
      line: 5,
      column: emailColumn,
    });

    const plan = await handlers['imports.dryRun']({ jobId: validation.jobId });
    // Nothing answered yet: whether the service keeps the times sent is not known.
    expect(plan).toMatchObject({
      rowsToSend: 3,
      requests: 1,
      expectedDurationMs: 200,
      serviceKeepsTimes: null,
    });
    expect(plan.firstBatches[0]!.body).toMatchObject({
      submissions: [{ submissionTime: '2025-03-04T09:15:30.125Z' }, {}, {}],
    });

    await handlers['imports.start']({ jobId: validation.jobId });
    await until(
      async () =>
        (await handlers['imports.report']({ jobId: validation.jobId })).summary.state === 'done',
    );
    const report = await handlers['imports.report']({ jobId: validation.jobId });
    expect(report.summary).toMatchObject({ created: 3, invalid: 1, failed: 0 });
    expect(report.rows.filter((r) => r.submissionId !== null)).toHaveLength(3);
    expect(events.some((e) => e.type === 'cache.changed' && e.formId === DEMO_FORM)).toBe(true);
    expect(events.filter((e) => e.type === 'import.progress').at(-1)).toMatchObject({
      state: 'done',
      rowsDone: 3,
      rowsTotal: 3,
      batchesDone: 1,
      batchesTotal: 1,
      etaMs: 0,
    });

    const exported = await handlers['imports.exportFailed']({ jobId: validation.jobId });
    const table = readCsv(Buffer.from(exported.contentBase64, 'base64'));
    expect(table.columns.at(-1)).toBe(PROBLEM_COLUMN);
    expect(table.rows).toHaveLength(1);
    expect(table.rows[0]!.cells[emailColumn]).toBe('xiaoming at example');

    const audit = readCsv(
      Buffer.from(
        (await handlers['imports.exportReport']({ jobId: validation.jobId })).contentBase64,
        'base64',
      ),
    );
    expect(audit.columns.slice(0, 4)).toEqual(['Line', 'Outcome', 'Submission id', PROBLEM_COLUMN]);
    expect(audit.rows.map((r) => r.cells[1])).toEqual(['created', 'created', 'invalid', 'created']);
    expect(audit.rows.filter((r) => r.cells[2] !== '')).toHaveLength(3);

    const { imports } = await handlers['imports.list']({});
    expect(imports.map((i) => i.jobId)).toContain(validation.jobId);
  });

  it('reads its own file of rows to fix back as the values it was written from', async () => {
    const originals = [
      // [full name, free text]: formula-like and phone-like values, and a mark of the person's own.
      ['=1+2', '+44 20 7946 0958'],
      ['a;=1+2', '+1 555 0100'],
      ['@home', '-'],
      ["'=kept as typed", '+33 1 23 45 67 89'],
      ['＝SUM(A1)', '-5'],
    ];
    const csv = (rows: string[][]) =>
      Buffer.from(
        ['Full name,Email,Heard of us', ...rows.map((r) => r.map((c) => `"${c}"`).join(','))]
          .map((line) => `${line}\r\n`)
          .join(''),
      );
    const read = async (fileName: string, bytes: Buffer) => {
      const preview = await handlers['imports.parse']({
        fileName,
        contentBase64: bytes.toString('base64'),
      });
      const mappings: ColumnMapping[] = [
        { column: 0, target: { kind: 'question', id: 'nm01', type: 'ShortAnswer' } },
        { column: 1, target: { kind: 'question', id: 'em02', type: 'EmailInput' } },
        { column: 2, target: { kind: 'question', id: 'hd14', type: 'ShortAnswer' } },
      ];
      return handlers['imports.validate']({ fileId: preview.fileId, formId: DEMO_FORM, mappings });
    };

    // Each of them has an e-mail the form refuses, so they are left to fix; one row goes in.
    const first = await read(
      'people.csv',
      csv([
        ['Ready Person', 'ready@example.com', '+44 20 7946 0000'],
        ...originals.map(([name, phone], i) => [name!, `person${i} at example.com`, phone!]),
      ]),
    );
    expect(first.errorRows).toBe(originals.length);
    await handlers['imports.start']({ jobId: first.jobId });
    await until(
      async () =>
        (await handlers['imports.report']({ jobId: first.jobId })).summary.state === 'done',
    );
    const exported = Buffer.from(
      (await handlers['imports.exportFailed']({ jobId: first.jobId })).contentBase64,
      'base64',
    ).toString('utf8');
    // The file is safe in a spreadsheet: its formula-like values carry a mark.
    expect(formulaCells(exported)).toEqual([]);
    expect(exported).toContain("'+44 20 7946 0958");

    // The person fixes the e-mails in the file and imports it again.
    const fixed = await read(
      'people-not-imported.csv',
      Buffer.from(exported.replaceAll(' at ', '@')),
    );
    expect(fixed.errorRows).toBe(0);
    const plan = await handlers['imports.dryRun']({ jobId: fixed.jobId });
    const body = plan.firstBatches[0]!.body as { submissions: CreateSubmission[] };
    const sent = body.submissions.map((s) =>
      ['nm01', 'hd14'].map((id) => s.questions.find((q) => q.id === id)?.value),
    );
    expect(sent).toEqual(originals);
  });

  it("remembers a form's mapping and offers it for the next file", async () => {
    const preview = await handlers['imports.parse']({
      fileName: 'loose.csv',
      contentBase64: fixture('loose-headers.csv').toString('base64'),
    });
    const { mappings } = await handlers['imports.suggestMapping']({
      formId: DEMO_FORM,
      fileId: preview.fileId,
    });
    const chosen: ColumnMapping[] = [
      { column: 0, target: { kind: 'question', id: 'hd14', type: 'ShortAnswer' } },
      ...mappings.slice(1).map(({ column, target }) => ({ column, target })),
    ];
    const first = await handlers['imports.validate']({
      fileId: preview.fileId,
      formId: DEMO_FORM,
      mappings: chosen,
    });
    // Validating the file again (a changed mapping) replaces its draft rather than piling up copies.
    const second = await handlers['imports.validate']({
      fileId: preview.fileId,
      formId: DEMO_FORM,
      mappings: chosen,
    });
    const jobs = (await handlers['imports.list']({})).imports.map((i) => i.jobId);
    expect(jobs).toContain(second.jobId);
    expect(jobs).not.toContain(first.jobId);
    const again = await handlers['imports.suggestMapping']({
      formId: DEMO_FORM,
      fileId: preview.fileId,
    });
    expect(again.mappings[0]).toMatchObject({ remembered: true, target: { id: 'hd14' } });
  });

  it("checks each value against the form's own questions, in a sentence naming line and column", async () => {
    // As a sync leaves it: the form listed, its metadata (options, required flags) kept.
    const forms = new FormStore(db);
    forms.replaceListed(
      [{ formId: DEMO_FORM, name: 'Customer feedback' }],
      new Date().toISOString(),
    );
    const metadata = await sessionApi().getFormMetadata(DEMO_FORM);
    forms.setMetadata(DEMO_FORM, metadata);
    new QuestionCatalog(db).adoptMetadata(DEMO_FORM, metadata!);

    const preview = await handlers['imports.parse']({
      fileName: 'ratings.csv',
      contentBase64: Buffer.from(
        'Email,Satisfaction,Plan\r\na@example.com,9,Pro Plan\r\nb@example.com,4,Pro plna\r\n',
      ).toString('base64'),
    });
    const mappings: ColumnMapping[] = [
      { column: 0, target: { kind: 'question', id: 'em02', type: 'EmailInput' } },
      { column: 1, target: { kind: 'question', id: 'st05', type: 'StarRating' } },
      { column: 2, target: { kind: 'question', id: 'pr04', type: 'Dropdown' } },
    ];
    // Beside the mapping: the first rows as they will be sent, or why a value cannot be.
    const shown = await handlers['imports.previewMapping']({
      fileId: preview.fileId,
      formId: DEMO_FORM,
      mappings,
    });
    expect(shown.rows[0]).toEqual({
      line: 2,
      cells: [
        { column: 0, sent: '"a@example.com"', problem: null },
        {
          column: 1,
          sent: null,
          problem:
            '"9" is not allowed: the question "How satisfied are you overall?" takes a whole number from 1 to 5.',
        },
        { column: 2, sent: '"Pro plan"', problem: null },
      ],
    });
    const checked = await handlers['imports.validate']({
      fileId: preview.fileId,
      formId: DEMO_FORM,
      mappings,
    });
    expect(checked).toMatchObject({ validRows: 0, errorRows: 2 });
    expect(
      checked.issues.map(({ line, column, severity, message, suggestion }) => ({
        line,
        column,
        severity,
        message,
        suggestion,
      })),
    ).toEqual([
      {
        line: 2,
        column: 1,
        severity: 'error',
        message:
          'Line 2, column "Satisfaction": "9" is not allowed: the question "How satisfied are you overall?" takes a whole number from 1 to 5.',
        suggestion: undefined,
      },
      {
        line: 2,
        column: 2,
        severity: 'warning',
        message: 'Line 2, column "Plan": "Pro Plan" is sent as "Pro plan", as the form writes it.',
        suggestion: undefined,
      },
      {
        line: 3,
        column: 2,
        severity: 'error',
        message:
          'Line 3, column "Plan": "Pro plna" is not one of the choices of the question "Which plan are you on?"; did you mean "Pro plan"?',
        suggestion: 'Pro plan',
      },
    ]);

    // Fixed in place: the offered choice and a rating in range make both rows ready.
    const fixed = await handlers['imports.validate']({
      jobId: checked.jobId,
      edits: [
        { rowIndex: 0, column: 1, value: '5' },
        { rowIndex: 1, column: 2, value: 'Pro plan' },
      ],
    });
    expect(fixed).toMatchObject({ validRows: 2, errorRows: 0 });
    const plan = await handlers['imports.dryRun']({ jobId: checked.jobId });
    const body = plan.firstBatches[0]!.body as { submissions: CreateSubmission[] };
    expect(body.submissions.map((s) => s.questions.map((q) => q.value))).toEqual([
      ['a@example.com', 5, 'Pro plan'],
      ['b@example.com', 4, 'Pro plan'],
    ]);
    // As people read them: each question by its title, no ids, the values as sent.
    expect(plan.shown.fields.map((f) => f.label)).toEqual([
      'Email',
      'How satisfied are you overall?',
      'Which plan are you on?',
      'Submission time, given at the start',
    ]);
    expect(plan.shown.rows[0]).toMatchObject({
      line: 2,
      request: 1,
      values: ['"a@example.com"', '5', '"Pro plan"', expect.any(String)],
    });
  });

  it('reads dates in the order the whole file bears out, and in the one chosen in the review', async () => {
    // The first rows read either way; a later one has a day over 12.
    const lines = ['Email,Submitted', 'a@example.com,03/04/2025', 'b@example.com,14/03/2025'];
    const preview = await handlers['imports.parse']({
      fileName: 'dates.csv',
      contentBase64: Buffer.from(lines.join('\r\n')).toString('base64'),
    });
    const mappings: ColumnMapping[] = [
      { column: 0, target: { kind: 'question', id: 'em02', type: 'EmailInput' } },
      { column: 1, target: { kind: 'submissionTime' } },
    ];
    const read = await handlers['imports.validate']({
      fileId: preview.fileId,
      formId: DEMO_FORM,
      mappings,
    });
    expect(read).toMatchObject({ validRows: 2, errorRows: 0 });
    expect(read.dates).toEqual([
      { column: 1, format: 'dd/mm/yyyy', best: 'dd/mm/yyyy', settled: 'sure' },
    ]);

    const chosen = await handlers['imports.validate']({
      jobId: read.jobId,
      dateFormats: [{ column: 1, dateFormat: 'mm/dd/yyyy' }],
    });
    expect(chosen).toMatchObject({ validRows: 1, errorRows: 1 });
    expect(chosen.dates[0]).toMatchObject({ format: 'mm/dd/yyyy', best: 'dd/mm/yyyy' });
    expect(chosen.issues[0]).toMatchObject({
      line: 3,
      reason: expect.stringMatching(/^"14\/03\/2025" is not a date in the mm\/dd\/yyyy format/),
    });
    const plan = await handlers['imports.dryRun']({ jobId: chosen.jobId });
    expect(plan.shown.rows).toEqual([
      { line: 2, request: 1, values: ['"a@example.com"', '"2025-03-04T00:00:00.000Z"'] },
    ]);
  });
});
