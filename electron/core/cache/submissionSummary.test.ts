import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MAX_PAGE_SIZE, type ListSubmissionsParams } from '../../shared/api/endpoints';
import { type FormMetadata } from '../../shared/api/form';
import { type Submission } from '../../shared/api/submission';
import { SubmissionFilter, type AnswerFilter } from '../../shared/contract/submissions';
import { type QuestionSummary, type SubmissionSummary } from '../../shared/contract/summary';
import { startLocalApi, type LocalApi } from '../../local-api';
import { type WorkspaceSession } from '../session/context';
import { ConnectionMonitor } from '../sync/connection';
import { SyncEngine } from '../sync/syncEngine';
import { createTestContext, type TestContext } from '../operations/testing/testContext';
import { AnswerColumns } from './answerColumns';
import { addCacheFunctions } from './cacheFunctions';
import { cacheStores } from './cacheStores';
import { QuestionCatalog } from './questionCatalog';
import { SubmissionSummaries } from './submissionSummary';

// Every figure of a summary against the same figure worked out here, in plain code, from the
// local API's own listing of the same view fetched page by page over HTTP.

let dir: string;
let server: LocalApi;
let testbed: TestContext;
let session: WorkspaceSession;
const metadata = new Map<string, FormMetadata>();

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'formdesk-summary-'));
  server = await startLocalApi({ rateLimit: 0, submissionsPerForm: 320, seed: 23 });
  testbed = createTestContext({ baseUrl: server.baseUrl, apiKey: server.apiKey, dataDir: dir });
  session = testbed.open();
  await fullSync();
  for (const form of cacheStores(session.db).forms.list()) {
    const meta = await session.api.getFormMetadata(form.formId);
    if (meta) metadata.set(form.formId, meta);
  }
});

afterAll(async () => {
  testbed.close();
  await server.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function fullSync(mode: 'full' | 'incremental' = 'full'): Promise<void> {
  const engine = new SyncEngine({
    workspaceId: 'w',
    api: session.api,
    stores: cacheStores(session.db),
    connection: new ConnectionMonitor(() => {}),
    emit: () => {},
  });
  await engine.run({ mode }, new AbortController().signal);
}

/** Every submission the service lists for these parameters, page by page. */
async function listAll(formId: string, params: ListSubmissionsParams): Promise<Submission[]> {
  const all: Submission[] = [];
  for (let offset = 0; ; offset += MAX_PAGE_SIZE) {
    const page = await session.api.listSubmissions(formId, {
      ...params,
      offset,
      limit: MAX_PAGE_SIZE,
    });
    all.push(...page.responses);
    if (all.length >= page.totalResponses || page.responses.length === 0) return all;
  }
}

interface View {
  label: string;
  wire: Omit<ListSubmissionsParams, 'status'>;
  status: 'finished' | 'in_progress';
  answer?: { filter: AnswerFilter; keeps: (s: Submission) => boolean };
}

const valueOf = (s: Submission, key: string): unknown => {
  if (key.startsWith('calculation:'))
    return s.calculations?.find((c) => `calculation:${c.id}` === key)?.value;
  if (key.startsWith('urlParameter:'))
    return s.urlParameters?.find((p) => `urlParameter:${p.id}` === key)?.value;
  return s.questions.find((q) => q.id === key)?.value;
};

/** As the service's answer is: something given (not null, not empty text, not an empty list). */
function given(value: unknown): boolean {
  if (value === null || value === undefined || value === '') return false;
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'object') return Object.values(value).some(given);
  return true;
}

/** An answer as text: every string and number in it, in order (an address, a date range). */
function textOf(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value !== 'object') return String(value);
  return (Array.isArray(value) ? value : Object.values(value))
    .map(textOf)
    .filter(Boolean)
    .join(', ');
}

const tally = <T>(items: readonly T[]) => {
  const counts = new Map<T, number>();
  for (const item of items) counts.set(item, (counts.get(item) ?? 0) + 1);
  return counts;
};

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The first day of the bucket of `day`, worked out apart from the code under test. */
function startOf(day: string, bucket: 'day' | 'week' | 'month'): string {
  if (bucket === 'day') return day;
  if (bucket === 'month') return `${day.slice(0, 7)}-01`;
  const date = new Date(`${day}T00:00:00Z`);
  const back = date.getUTCDay() === 0 ? 6 : date.getUTCDay() - 1;
  return dayOf(date.getTime() - back * 86_400_000);
}

function expectQuestion(summary: QuestionSummary, rows: Submission[], options: string[] | null) {
  const values = rows.map((s) => valueOf(s, summary.key)).filter(given);
  expect(summary.answered, `${summary.key} answered`).toBe(values.length);
  switch (summary.kind) {
    case 'choice': {
      const picked = values.flatMap((v) => (Array.isArray(v) ? v.map(String) : [String(v)]));
      const counts = tally(picked);
      for (const option of summary.options)
        expect(option.count, `${summary.key} ${option.value}`).toBe(counts.get(option.value) ?? 0);
      const listed = new Set(summary.options.map((o) => o.value));
      expect(summary.other).toBe(picked.filter((p) => !listed.has(p)).length);
      if (options) expect(summary.options.map((o) => o.value)).toEqual(options);
      break;
    }
    case 'rating': {
      const numbers = values.map(Number);
      const given = summary.distribution.filter((d) => d.count > 0);
      expect(new Map(given.map((d) => [d.value, d.count]))).toEqual(tally(numbers));
      // Every point of the scale is drawn, those nobody gave too.
      const scale = summary.type === 'StarRating' ? [1, 5] : [0, 10];
      for (let point = scale[0]!; point <= scale[1]!; point++)
        expect(summary.distribution.map((d) => d.value)).toContain(point);
      const mean = numbers.reduce((a, b) => a + b, 0) / numbers.length;
      if (numbers.length > 0) expect(summary.average).toBeCloseTo(mean, 9);
      if (summary.nps) {
        const promoters = numbers.filter((n) => n >= 9).length;
        const detractors = numbers.filter((n) => n <= 6).length;
        expect(summary.nps.promoters).toBe(promoters);
        expect(summary.nps.detractors).toBe(detractors);
        expect(summary.nps.score).toBe(
          Math.round(((promoters - detractors) / numbers.length) * 100),
        );
      }
      break;
    }
    case 'number': {
      const numbers = values.map(Number).sort((a, b) => a - b);
      if (numbers.length === 0) break;
      const mid = numbers.length / 2;
      const median =
        numbers.length % 2 ? numbers[Math.floor(mid)] : (numbers[mid - 1]! + numbers[mid]!) / 2;
      expect([summary.min, summary.max]).toEqual([numbers[0], numbers.at(-1)]);
      expect(summary.median).toBeCloseTo(median!, 9);
      expect(summary.sum).toBeCloseTo(
        numbers.reduce((a, b) => a + b, 0),
        6,
      );
      summary.histogram.forEach((bin, i) => {
        const last = i === summary.histogram.length - 1;
        const inBin = numbers.filter((n) =>
          bin.from === bin.to ? n === bin.from : n >= bin.from && (last ? n <= bin.to : n < bin.to),
        );
        expect(bin.count, `${summary.key} bin ${bin.from}`).toBe(inBin.length);
      });
      break;
    }
    case 'date': {
      const starts = tally(
        values.map((v) => startOf(dayOf(Date.parse(String(v))), summary.bucket)),
      );
      for (const point of summary.points) expect(point.count).toBe(starts.get(point.start) ?? 0);
      expect(summary.points.reduce((n, p) => n + p.count, 0)).toBe(values.length);
      break;
    }
    case 'matrix': {
      for (const cell of summary.cells) {
        const n = values.filter(
          (v) => (v as Record<string, string>)[cell.row] === cell.column,
        ).length;
        expect(cell.count, `${summary.key} ${cell.row}/${cell.column}`).toBe(n);
      }
      break;
    }
    case 'ranking': {
      for (const item of summary.items) {
        const places = values
          .map((v) => (v as string[]).indexOf(item.value) + 1)
          .filter((p) => p > 0);
        expect(item.count).toBe(places.length);
        expect(item.averagePosition).toBeCloseTo(
          places.reduce((a, b) => a + b, 0) / places.length,
          9,
        );
      }
      break;
    }
    case 'boolean':
      expect([summary.yes, summary.no]).toEqual([
        values.filter((v) => v === true).length,
        values.filter((v) => v === false).length,
      ]);
      break;
    case 'text': {
      const counts = tally(values.map(textOf));
      for (const top of summary.top) expect(top.count, summary.key).toBe(counts.get(top.value));
      const most = [...counts.values()].filter((n) => n > 1).sort((a, b) => b - a);
      expect(summary.top.map((t) => t.count)).toEqual(most.slice(0, summary.top.length));
      const latest = rows
        .filter((s) => given(valueOf(s, summary.key)))
        .sort(
          (a, b) =>
            b.submissionTime.localeCompare(a.submissionTime) ||
            b.submissionId.localeCompare(a.submissionId),
        )
        .slice(0, 3);
      expect(summary.latest.map((l) => l.submissionId)).toEqual(latest.map((s) => s.submissionId));
      break;
    }
    case 'file':
      break;
  }
}

async function expectSummary(
  formId: string,
  view: View,
  summaries = cacheStores(session.db).summaries,
): Promise<SubmissionSummary> {
  const filter = SubmissionFilter.parse({
    formId,
    status: view.status,
    ...view.wire,
    answers: view.answer ? [view.answer.filter] : [],
  });
  const summary = summaries.summary(filter);
  const keep = view.answer?.keeps ?? (() => true);
  const [finished, inProgress] = await Promise.all(
    (['finished', 'in_progress'] as const).map(async (status) =>
      (await listAll(formId, { ...view.wire, status })).filter(keep),
    ),
  );
  const rows = view.status === 'finished' ? finished! : inProgress!;
  expect(summary.total).toBe(rows.length);

  // The timeline counts both statuses under the same filters.
  const per = (list: Submission[]) =>
    tally(list.map((s) => startOf(s.submissionTime.slice(0, 10), summary.timeline.bucket)));
  const [f, p] = [per(finished!), per(inProgress!)];
  for (const point of summary.timeline.points) {
    expect(point.finished, `finished ${point.start}`).toBe(f.get(point.start) ?? 0);
    expect(point.inProgress, `in progress ${point.start}`).toBe(p.get(point.start) ?? 0);
  }
  const timelineTotal = summary.timeline.points.reduce((n, x) => n + x.finished + x.inProgress, 0);
  expect(timelineTotal).toBe(finished!.length + inProgress!.length);

  const keys = new Set([
    ...rows.flatMap((s) => s.questions.map((q) => q.id)),
    ...rows.flatMap((s) => (s.calculations ?? []).map((c) => `calculation:${c.id}`)),
    ...rows.flatMap((s) => (s.urlParameters ?? []).map((u) => `urlParameter:${u.id}`)),
  ]);
  for (const key of keys) expect(summary.questions.map((q) => q.key)).toContain(key);
  for (const question of summary.questions) {
    const options = metadata.get(formId)?.questions.find((q) => q.id === question.key)?.options;
    const labels = Array.isArray(options)
      ? options.map((o: { label?: string }) => o.label ?? String(o))
      : null;
    expectQuestion(question, rows, question.kind === 'choice' ? labels : null);
  }

  const scores = rows.flatMap((s) => (s.quiz ? [s.quiz.score] : []));
  if (scores.length === 0) expect(summary.quiz).toBeNull();
  else {
    expect(new Map(summary.quiz!.distribution.map((d) => [d.value, d.count]))).toEqual(
      tally(scores),
    );
    expect(summary.quiz!.average).toBeCloseTo(scores.reduce((a, b) => a + b, 0) / scores.length, 9);
  }

  const payments = rows.flatMap((s) =>
    (s.payments ?? []).filter((x) => typeof x.value.totalAmount === 'number'),
  );
  const byCurrency = new Map<string, { count: number; sum: number }>();
  for (const { value } of payments) {
    const entry = byCurrency.get(value.currency ?? '') ?? { count: 0, sum: 0 };
    entry.count++;
    entry.sum += value.totalAmount!;
    byCurrency.set(value.currency ?? '', entry);
  }
  expect(
    new Map(summary.payments.map((x) => [x.currency, { count: x.count, sum: x.sum }])),
  ).toEqual(byCurrency);
  return summary;
}

describe('a summary says what the service listing of the same view says', () => {
  const forms = () => cacheStores(session.db).forms.list();

  it('for every question type of every demo form, by status', async () => {
    for (const { formId } of forms()) {
      const finished = await expectSummary(formId, {
        label: 'finished',
        status: 'finished',
        wire: {},
      });
      await expectSummary(formId, { label: 'in progress', status: 'in_progress', wire: {} });
      // The demo forms use every kind of summary between them.
      expect(finished.questions.length).toBeGreaterThan(8);
    }
    const kinds = new Set<string>();
    for (const { formId } of forms()) {
      const summary = cacheStores(session.db).summaries.summary(SubmissionFilter.parse({ formId }));
      for (const q of summary.questions) kinds.add(q.kind);
    }
    expect([...kinds].sort()).toEqual(
      ['boolean', 'choice', 'date', 'file', 'matrix', 'number', 'ranking', 'rating', 'text'].sort(),
    );
  });

  it('within a range of dates, and for a search', async () => {
    for (const { formId } of forms()) {
      const times = server.admin.submissionsOf(formId).map((s) => Date.parse(s.submissionTime));
      const [first, last] = [Math.min(...times), Math.max(...times)];
      const at = (share: number) => new Date(first + share * (last - first)).toISOString();
      await expectSummary(formId, {
        label: 'dates',
        status: 'finished',
        wire: { afterDate: at(0.25), beforeDate: at(0.7) },
      });
      await expectSummary(formId, { label: 'search', status: 'finished', wire: { search: 'the' } });
    }
  });

  it('under an answer filter, as the table narrows its rows', async () => {
    for (const { formId } of forms()) {
      const choice = metadata
        .get(formId)
        ?.questions.find((q) => q.type === 'Dropdown' || q.type === 'MultipleChoice');
      const option = (choice?.options as { label: string }[] | undefined)?.[1]?.label;
      expect(option).toBeDefined();
      const summary = await expectSummary(formId, {
        label: 'answer',
        status: 'finished',
        wire: {},
        answer: {
          filter: { key: choice!.id, op: 'choiceIs', value: option! },
          keeps: (s) => valueOf(s, choice!.id) === option,
        },
      });
      // The filtered question itself now has that one answer only.
      const filtered = summary.questions.find((q) => q.key === choice!.id);
      expect(filtered?.kind === 'choice' && filtered.options.filter((o) => o.count > 0)).toEqual([
        { value: option, count: summary.total },
      ]);
    }
  });

  it('for a whole form read from its kept counts, a bound past every row changing nothing', async () => {
    for (const { formId } of forms()) {
      const times = server.admin.submissionsOf(formId).map((s) => Date.parse(s.submissionTime));
      const past = new Date(Math.max(...times) + 86_400_000).toISOString();
      const whole = await expectSummary(formId, { label: 'whole', status: 'finished', wire: {} });
      const bounded = await expectSummary(formId, {
        label: 'bounded',
        status: 'finished',
        wire: { beforeDate: past },
      });
      expect(bounded).toEqual(whole);
    }
  });

  // Last: it changes the service's rows. Deleted rows, edited answers and responses finished
  // elsewhere reach the cache by a sync that rewrites those rows (their answers deleted and
  // written again, their status moved): the counts kept for the whole form follow each write.
  it('after rows are deleted, answers edited and responses finished, then synced again', async () => {
    for (const { formId } of forms()) {
      const all = server.admin.submissionsOf(formId);
      for (const s of all.slice(0, 6)) server.admin.remove(formId, s.submissionId);
      for (const s of all.slice(10, 20)) server.admin.edit(formId, s.submissionId);
      const open = (await listAll(formId, { status: 'in_progress' })).slice(0, 3);
      for (const s of open) await server.admin.finish(formId, s.submissionId);
    }
    await fullSync();
    for (const { formId } of forms()) {
      await expectSummary(formId, { label: 'finished', status: 'finished', wire: {} });
      await expectSummary(formId, { label: 'in progress', status: 'in_progress', wire: {} });
      const times = server.admin.submissionsOf(formId).map((s) => Date.parse(s.submissionTime));
      const middle = new Date((Math.min(...times) + Math.max(...times)) / 2).toISOString();
      await expectSummary(formId, {
        label: 'later half',
        status: 'finished',
        wire: { afterDate: middle },
      });
    }
  }, 120_000);

  // After the test above: the forms' rows were rewritten there, and are only added to here.
  it('counts rows added since into the columns it holds, a text given twice now among the most frequent', async () => {
    const formId = 'cFb7q2LxWm'; // the demo's feedback form: its free text is given more than once
    const narrowedViews = (): View[] => {
      const times = server.admin.submissionsOf(formId).map((s) => Date.parse(s.submissionTime));
      const middle = new Date((Math.min(...times) + Math.max(...times)) / 2).toISOString();
      return [
        { label: 'search', status: 'finished', wire: { search: 'the' } },
        { label: 'later half', status: 'finished', wire: { afterDate: middle } },
        { label: 'in progress, later half', status: 'in_progress', wire: { afterDate: middle } },
      ];
    };
    // Read anew whenever the form was rewritten, so these are the columns' figures, never SQL's.
    const summaries = new SubmissionSummaries(session.db, { rebuildEveryMs: 0 });
    for (const view of narrowedViews()) await expectSummary(formId, view, summaries);

    const catalog = new QuestionCatalog(session.db).list(formId);
    const keys = catalog.map((q) => q.id);
    const text = catalog.find((q) => q.type === 'LongAnswer')!;
    const columns = new AnswerColumns(session.db, { rebuildEveryMs: 0 });
    const held = session.db.transaction(() => columns.current(formId, keys, new Set([text.id])))();
    const heldRows = held!.count;

    // A text no one gave before: once in one sync, then again in the next, when it counts
    // among the most frequent.
    const once = 'Quicker exports, please';
    await server.admin.respond(formId, { answers: { [text.id]: once } });
    for (let i = 0; i < 5; i++) await server.admin.respond(formId);
    await server.admin.respond(formId, { status: 'in_progress' });
    await fullSync('incremental');
    for (const view of narrowedViews()) await expectSummary(formId, view, summaries);
    await server.admin.respond(formId, { answers: { [text.id]: once } });
    await fullSync('incremental');

    const appended = session.db.transaction(() =>
      columns.current(formId, keys, new Set([text.id])),
    )();
    expect(appended).toBe(held);
    expect(appended!.count).toBe(heldRows + 8);
    for (const view of narrowedViews()) await expectSummary(formId, view, summaries);
    const mentions = await expectSummary(
      formId,
      { label: 'the new text', status: 'finished', wire: { search: 'Quicker exports' } },
      summaries,
    );
    expect(mentions.questions.find((q) => q.key === text.id)).toMatchObject({
      answered: 2,
      top: [{ value: once, count: 2 }],
    });
  });

  // After the tests above: the form's rows are only added to here.
  it("reads a form's columns ahead a step at a time, rows added between steps counted", async () => {
    const formId = 'cFb7q2LxWm';
    const summaries = new SubmissionSummaries(session.db);
    const questions = summaries.summary(SubmissionFilter.parse({ formId })).questions;
    expect(summaries.readAhead()).toBe(true); // the form's rows
    expect(summaries.readAhead()).toBe(true); // its first question
    for (let i = 0; i < 3; i++) await server.admin.respond(formId);
    await fullSync('incremental');
    let steps = 2;
    while (summaries.readAhead()) steps++;
    // The rows, then each question once: the rows added were appended, nothing read twice.
    expect(steps).toBe(1 + questions.length);

    // Another summary of the form finds every column read: nothing left to read ahead.
    summaries.summary(SubmissionFilter.parse({ formId, status: 'all' }));
    expect(summaries.readAhead()).toBe(false);
    const times = server.admin.submissionsOf(formId).map((s) => Date.parse(s.submissionTime));
    const middle = new Date((Math.min(...times) + Math.max(...times)) / 2).toISOString();
    await expectSummary(
      formId,
      { label: 'later half', status: 'finished', wire: { afterDate: middle } },
      summaries,
    );
    await expectSummary(
      formId,
      { label: 'search', status: 'finished', wire: { search: 'the' } },
      summaries,
    );
    // The whole form, its timeline counted in the columns held.
    await expectSummary(formId, { label: 'whole', status: 'finished', wire: {} }, summaries);
    await expectSummary(formId, { label: 'whole', status: 'in_progress', wire: {} }, summaries);
  });

  // Last: the text "Price, Support" stands for two lists here, which the question's own counts
  // (one list read per text) cannot tell apart; the filter's rows can.
  it('under a checkbox filter, tells an option chosen from a label that holds it', async () => {
    const formId = 'cFb7q2LxWm';
    const key = 'lk07'; // "What did you like?": Ease of use, Price, Support, Features, Speed
    await server.admin.respond(formId, { answers: { [key]: ['Price', 'Support'] } });
    await server.admin.respond(formId, { answers: { [key]: ['Price, Support'] } });
    await server.admin.respond(formId, { answers: { [key]: ['price'] } });
    await fullSync('incremental');
    const listed = await listAll(formId, { status: 'finished' });
    // Read anew after the sync, so the filter is counted in the columns.
    const summaries = new SubmissionSummaries(session.db, { rebuildEveryMs: 0 });
    for (const option of ['Price', 'Support', 'Speed']) {
      const holds = (s: Submission) => {
        const value = valueOf(s, key);
        const items = Array.isArray(value) ? value.map(String) : [];
        return items.some((item) => item.toLowerCase() === option.toLowerCase());
      };
      const filter = SubmissionFilter.parse({
        formId,
        status: 'finished',
        answers: [{ key, op: 'choiceIs', value: option }],
      });
      const rows = listed.filter(holds);
      expect(rows.length, option).toBeGreaterThan(0);
      expect(summaries.summary(filter).total, option).toBe(rows.length);
      expect(cacheStores(session.db).query.rowsFirst(filter, 0, 1).total, option).toBe(rows.length);
    }
  });
});

// A question's answers are many: a summary that walks them where it meant to look a few up is
// slow at a million rows, not wrong, so its statements' plans are what is checked here.
describe("a summary's reads of the answers", () => {
  const formId = 'cFb7q2LxWm';
  let ran: string[];
  let reader: Database.Database;
  beforeEach(() => {
    ran = [];
    reader = new Database(session.db.name, {
      readonly: true,
      verbose: (sql) => ran.push(String(sql)),
    });
    addCacheFunctions(reader);
  });
  afterEach(() => reader.close());

  /** Each step of the statements run so far that walks a question's answers in an index. */
  const walks = () =>
    ran
      .filter((sql) => /^\s*SELECT\b/i.test(sql) && /\banswers\b/.test(sql))
      .flatMap((sql) =>
        reader
          .prepare(`EXPLAIN QUERY PLAN ${sql}`)
          .all()
          .map((step) => (step as { detail: string }).detail),
      )
      .filter((step) => /answers_by_\w+ \(field=\?\)$/.test(step));

  it("looks a whole form's answers up by their rows, its figures from the kept counts", () => {
    new SubmissionSummaries(reader).summary(SubmissionFilter.parse({ formId, status: 'finished' }));
    expect(ran.length).toBeGreaterThan(0);
    expect(walks()).toEqual([]);
  });

  it('reads the answers of rows added to held columns from those rows on', async () => {
    const keys = new QuestionCatalog(session.db).list(formId).map((q) => q.id);
    const columns = new AnswerColumns(reader, { rebuildEveryMs: 0 });
    const held = reader.transaction(() => columns.current(formId, keys, new Set()))()!;
    const rows = held.count;
    await server.admin.respond(formId);
    await fullSync('incremental');
    ran = [];
    expect(reader.transaction(() => columns.current(formId, keys, new Set()))()!.count).toBe(
      rows + 1,
    );
    expect(walks()).toEqual([]);
  });
});
