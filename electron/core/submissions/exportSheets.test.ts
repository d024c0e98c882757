// The machine's own zone must never leak into an export: the tests run in one far from the zone
// they ask for.
process.env.TZ = 'Asia/Tokyo';

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as XLSX from '@e965/xlsx';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerText, describeAnswer, type Answer } from '../../shared/answers/answerModel';
import { paymentStatusLook } from '../../shared/answers/paymentStatus';
import { type Submission } from '../../shared/api/submission';
import { type Handlers, type SubmissionListRow } from '../../shared/contract';
import { type Result } from '../../shared/errors';
import { neutraliseFormulas } from '../../shared/csv/formulaGuard';
import { DEMO_FORMS } from '../../local-api/demoForms';
import { startLocalApi, type LocalApi } from '../../local-api';
import { cacheReadHandlers } from '../operations/cacheReads';
import { cacheStores } from '../cache/cacheStores';
import { type WorkspaceSession } from '../session/context';
import { dispatch } from '../operations/dispatch';
import { formHandlers } from '../sync/formHandlers';
import { syncHandlers } from '../sync/handlers';
import { syncServiceFor, type SyncService } from '../sync/syncService';
import { createTestContext, type TestContext } from '../operations/testing/testContext';

const ZONE = 'America/Sao_Paulo';
/** São Paulo keeps -03:00 all year. */
const OFFSET_MS = -3 * 3_600_000;

let dir: string;
let server: LocalApi;
let testbed: TestContext;
let sync: SyncService;
let session: WorkspaceSession;
let handlers: Handlers;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'formdesk-sheets-'));
  server = await startLocalApi({ rateLimit: 0, submissionsPerForm: 60, seed: 7 });
  testbed = createTestContext({ baseUrl: server.baseUrl, apiKey: server.apiKey, dataDir: dir });
  sync = syncServiceFor(testbed.ctx, { intervalMs: 0 });
  handlers = {
    ...formHandlers(testbed.ctx),
    ...syncHandlers(testbed.ctx),
    ...cacheReadHandlers(testbed.ctx),
  } as Handlers;
  session = testbed.open();
  await sync.idle();
});
afterAll(async () => {
  testbed?.close();
  await server?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function exported(input: Record<string, unknown>): Promise<Buffer> {
  const result = (await dispatch(handlers, 'submissions.export', input)) as Result<{
    exportId: string;
    fileName: string;
  }>;
  if (!result.ok) throw new Error(`${result.error.code} ${result.error.message}`);
  return fs.readFileSync(path.join(dir, 'exports', result.data.exportId, result.data.fileName));
}

/** ISO 8601 on São Paulo's clock, worked out apart from the code under test. */
function saoPaulo(iso: string): string {
  const wall = new Date(Date.parse(iso) + OFFSET_MS).toISOString();
  return `${wall.slice(0, 19)}-03:00`;
}

/** What each column of a demo submission must hold, from the table's answer model. */
function expectedCells(row: SubmissionListRow): Map<string, string> {
  const s: Submission = row.submission;
  const cells = new Map<string, string>([
    ['Submission ID', row.submissionId],
    ['Submitted at', saoPaulo(row.submissionTime)],
  ]);
  if (row.lastUpdatedAt) cells.set('Last updated', saoPaulo(row.lastUpdatedAt));
  for (const q of s.questions) {
    const answer: Answer = describeAnswer(q.type, q.value);
    const set = (header: string, value: string) => {
      if (value !== '') cells.set(header, value);
    };
    switch (answer.kind) {
      case 'matrix':
        for (const r of answer.rows) set(`${q.name} - ${r.row}`, r.values.join(', '));
        break;
      case 'address':
        for (const [label, value] of answer.parts) set(`${q.name} - ${label}`, value);
        break;
      case 'dateRange':
        set(`${q.name} - Start`, answer.start ?? '');
        set(`${q.name} - End`, answer.end ?? '');
        break;
      case 'files':
        set(q.name, answer.files.map((f) => f.url ?? f.name).join('\n'));
        break;
      case 'boolean':
        set(q.name, answer.value ? 'Yes' : 'No');
        break;
      case 'date':
        set(q.name, answer.withTime ? saoPaulo(answer.iso) : answer.iso);
        break;
      case 'rating':
        // The table draws stars; the sheet holds their number.
        set(q.name, String(answer.value));
        break;
      default:
        // Text, numbers, choices, rankings, colours, links, coordinates: as the table words them.
        set(q.name, answerText(answer));
    }
  }
  for (const c of s.calculations ?? []) {
    if (c.value === null) continue;
    if (c.type === 'duration') {
      const t = Number(c.value);
      const two = (n: number) => String(n).padStart(2, '0');
      cells.set(
        c.name,
        `${Math.floor(t / 3600)}:${two(Math.floor((t % 3600) / 60))}:${two(Math.round(t) % 60)}`,
      );
    } else cells.set(c.name, c.type === 'number' ? String(Number(c.value)) : c.value);
  }
  for (const p of s.urlParameters ?? []) if (p.value) cells.set(`?${p.name}`, p.value);
  if (s.quiz) cells.set('Quiz score', String(s.quiz.score));
  if (s.login) cells.set('Login e-mail', s.login.email);
  const payment = s.payments?.[0]?.value;
  if (payment?.totalAmount !== undefined) {
    // Amounts come in the currency's minor unit: cents, or yen as they are.
    const digits =
      new Intl.NumberFormat('en', {
        style: 'currency',
        currency: payment.currency ?? '',
      }).resolvedOptions().maximumFractionDigits ?? 2;
    cells.set('Payment - Amount', String(payment.totalAmount / 10 ** digits));
    cells.set('Payment - Currency', (payment.currency ?? '').toUpperCase());
  }
  if (payment?.status) cells.set('Payment - Status', paymentStatusLook(payment.status).label);
  const booking = s.scheduling?.[0]?.value.eventStartTime;
  if (booking) cells.set('Booking', saoPaulo(booking));
  return cells;
}

function cachedRows(formId: string): SubmissionListRow[] {
  return [
    ...cacheStores(session.db).query.all({
      formId,
      status: 'finished',
      includePreview: false,
      answers: [],
      sortBy: 'submissionTime',
      sort: 'asc',
    }),
  ];
}

/** A .xlsx cell as the spreadsheet shows it: its formatted text, date-times in ISO form. */
function shown(cell: XLSX.CellObject | undefined): string {
  if (!cell) return '';
  if (cell.t === 's') return String(cell.v);
  return cell.w ?? String(cell.v);
}

describe('exports people open', () => {
  it.each(DEMO_FORMS.map((f) => [f.name, f.id]))(
    'writes every question of "%s" as the table reads it, in CSV and in .xlsx',
    async (_name, formId) => {
      const rows = cachedRows(formId);
      expect(rows.length).toBeGreaterThan(0);
      const expected = rows.map(expectedCells);
      const sheet = { timeZone: ZONE };

      const csv = parse(await exported({ formId, format: 'csv', sheet }), {
        columns: true,
      }) as Record<string, string>[];
      const headers = Object.keys(csv[0] ?? {});
      // Every column holds a value somewhere; every value the model knows has its column.
      for (const header of headers) expect(csv.some((r) => r[header] !== '')).toBe(true);
      expect(new Set(headers)).toEqual(new Set(expected.flatMap((e) => [...e.keys()])));
      csv.forEach((r, i) => {
        for (const header of headers)
          expect([header, r[header]]).toEqual([
            header,
            neutraliseFormulas(expected[i]?.get(header) ?? ''),
          ]);
      });

      const book = XLSX.read(await exported({ formId, format: 'xlsx', sheet }), {
        type: 'buffer',
      });
      const ws = book.Sheets[book.SheetNames[0] ?? '']!;
      const range = XLSX.utils.decode_range(ws['!ref'] ?? 'A1');
      const xlsxHeaders = Array.from(
        { length: range.e.c + 1 },
        (_, c) => ws[XLSX.utils.encode_cell({ r: 0, c })]?.v,
      );
      expect(xlsxHeaders).toEqual(headers);
      expect(range.e.r).toBe(rows.length);
      for (let r = 1; r <= rows.length; r++) {
        for (let c = 0; c < headers.length; c++) {
          const header = headers[c] ?? '';
          const want = expected[r - 1]?.get(header) ?? '';
          const cell = ws[XLSX.utils.encode_cell({ r, c })];
          // Date-times are the spreadsheet's own, on São Paulo's clock; CSV adds the offset.
          const wantShown = /^\d{4}-\d\d-\d\dT/.test(want)
            ? want.slice(0, 19).replace('T', ' ')
            : want;
          expect([header, shown(cell)]).toEqual([header, wantShown]);
        }
      }
    },
  );

  it('types the .xlsx cells, freezes and filters the header, sizes columns, names the sheet', async () => {
    const formId = 'cFb7q2LxWm';
    const book = XLSX.read(await exported({ formId, format: 'xlsx', sheet: { timeZone: ZONE } }), {
      type: 'buffer',
      cellNF: true,
      cellStyles: true,
      bookFiles: true,
    });
    expect(book.SheetNames).toEqual(['Customer feedback']);
    const ws = book.Sheets['Customer feedback']!;
    const column = (header: string) => {
      const range = XLSX.utils.decode_range(ws['!ref'] ?? 'A1');
      for (let c = 0; c <= range.e.c; c++)
        if (ws[XLSX.utils.encode_cell({ r: 0, c })]?.v === header) return c;
      throw new Error(`no column ${header}`);
    };
    const at = (header: string) => ws[XLSX.utils.encode_cell({ r: 1, c: column(header) })]!;
    expect(at('Submitted at')).toMatchObject({ t: 'n', z: 'yyyy-mm-dd hh:mm:ss' });
    expect(at('How satisfied are you overall?')).toMatchObject({ t: 'n' });
    expect(at('Time to complete')).toMatchObject({ t: 'n', z: '[h]:mm:ss' });
    expect(at('May we contact you about your feedback?').t).toBe('n');
    expect(['Yes', 'No']).toContain(at('May we contact you about your feedback?').w);
    expect(at('Full name').t).toBe('s');
    expect(ws['!autofilter']?.ref).toBe(ws['!ref']);
    const widths = (ws['!cols'] ?? []).map((c) => c.width ?? 0);
    expect(widths[column('Submission ID')]).toBeLessThan(
      widths[column('Anything else you want to tell us?')] ?? 0,
    );
    const files = (book as unknown as { files: Record<string, { content: Uint8Array }> }).files;
    const sheetXml = Buffer.from(files['xl/worksheets/sheet1.xml']!.content).toString('utf8');
    expect(sheetXml).toContain('state="frozen"');
    expect(sheetXml).toContain('ySplit="1"');
  });

  it('writes times in UTC, the words the person chose, and keeps empty columns on request', async () => {
    const formId = 'cFb7q2LxWm';
    const first = cachedRows(formId)[0]!;
    const csv = parse(
      await exported({
        formId,
        format: 'csv',
        sheet: { timeZone: ZONE, utc: true, yes: 'Sí', no: 'Não', keepEmptyColumns: true },
      }),
      { columns: true },
    ) as Record<string, string>[];
    expect(csv[0]?.['Submitted at']).toBe(`${first.submissionTime.slice(0, 19)}Z`);
    expect(['Sí', 'Não']).toContain(csv[0]?.['May we contact you about your feedback?']);
    // This form has no quiz or login: kept, their columns are there, empty.
    expect(csv.every((r) => r['Quiz score'] === '' && r['Login e-mail'] === '')).toBe(true);
  });

  it("follows the table's chosen columns and their order", async () => {
    const csv = parse(
      await exported({
        formId: 'cFb7q2LxWm',
        format: 'csv',
        sheet: { timeZone: ZONE, columns: ['q:em02', 'submissionTime', 'q:mx08', 'searchHit'] },
      }),
      { columns: true },
    ) as Record<string, string>[];
    expect(Object.keys(csv[0] ?? {})).toEqual([
      'Email',
      'Submitted at',
      'Rate each area - Onboarding',
      'Rate each area - Documentation',
      'Rate each area - Support',
      'Rate each area - Billing',
      'Submission ID',
    ]);
  });

  it("names the file after the form and the day on the person's clock, never a hash", async () => {
    const result = (await dispatch(handlers, 'submissions.export', {
      formId: 'cFb7q2LxWm',
      format: 'xlsx',
      sheet: { timeZone: ZONE },
    })) as Result<{ fileName: string }>;
    if (!result.ok) throw new Error(result.error.message);
    const day = new Date(Date.now() + OFFSET_MS).toISOString().slice(0, 10);
    expect(result.data.fileName).toBe(`Customer feedback - ${day}.xlsx`);
  });
});
