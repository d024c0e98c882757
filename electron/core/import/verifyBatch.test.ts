import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  type ListSubmissionsParams,
  type ListSubmissionsResponse,
} from '../../shared/api/endpoints';
import { type Submission } from '../../shared/api/submission';
import { type CacheDb } from '../cache/openCache';
import { openTempCache, type TempCache } from '../operations/testing/tempCache';
import { freezeJob } from './freezeJob';
import { ImportJournal, type UncertainBatch } from './importJournal';
import { DEMO_FORM, PEOPLE_MAPPINGS, peopleCsv } from '../operations/testing/importTestbed';
import { readCsv } from './readCsv';
import { lookForBatch } from './verifyBatch';
import { knownSubmissions } from './validateJob';

/** The list endpoint's date window and offset paging over submissions held in memory. */
class ListedSubmissions {
  readonly stored: Submission[] = [];
  listSubmissions = async (
    _formId: string,
    params: ListSubmissionsParams,
  ): Promise<ListSubmissionsResponse> => {
    const inWindow = this.stored
      .filter(
        (s) =>
          (!params.afterDate || s.submissionTime > params.afterDate) &&
          (!params.beforeDate || s.submissionTime < params.beforeDate),
      )
      .sort((a, b) => a.submissionTime.localeCompare(b.submissionTime));
    const limit = params.limit ?? 50;
    const responses = inWindow.slice(params.offset ?? 0, (params.offset ?? 0) + limit);
    return {
      responses,
      totalResponses: inWindow.length,
      pageCount: Math.ceil(inWindow.length / limit),
    };
  };
  add(id: string, questions: { id: string; value?: unknown }[], submissionTime: string): void {
    this.stored.push({
      submissionId: id,
      submissionTime,
      questions: questions.map((q) => ({
        id: q.id,
        name: q.id,
        type: 'ShortAnswer',
        value: q.value,
      })),
    });
  }
}

let cache: TempCache;
let db: CacheDb;
let journal: ImportJournal;
let batch: UncertainBatch;

beforeEach(() => {
  cache = openTempCache('verify');
  db = cache.db;
  journal = new ImportJournal(db, () => '2024-06-01T12:00:00.000Z');
  const table = readCsv(peopleCsv(3, 'v'));
  journal.createJob(
    {
      jobId: 'j',
      formId: DEMO_FORM,
      fileName: 'v.csv',
      columns: table.columns,
      mappings: PEOPLE_MAPPINGS,
    },
    table.rows,
  );
  freezeJob(journal, 'j', knownSubmissions([]), Date.parse('2024-06-01T11:00:00.000Z'));
  journal.journalBatch('j', journal.nextBatch('j', 10));
  batch = journal.uncertainBatches('j')[0]!;
});
afterEach(() => cache.close());

const questionIds = PEOPLE_MAPPINGS.map((m) => (m.target.kind === 'question' ? m.target.id : ''));

describe('lookForBatch', () => {
  it('finds the rows the server holds at the times sent, and only those', async () => {
    const server = new ListedSubmissions();
    const [first, second, third] = batch.rows;
    server.add('s1', first!.payload.questions, first!.payload.submissionTime!);
    server.add('s3', third!.payload.questions, third!.payload.submissionTime!);
    // Same answers a minute later: someone else's submission, not this row.
    server.add('other', second!.payload.questions, '2024-06-01T11:01:00.000Z');
    const outcome = await lookForBatch(server, journal, DEMO_FORM, questionIds, batch);
    expect([...outcome.found]).toEqual([
      [first!.rowIndex, 's1'],
      [third!.rowIndex, 's3'],
    ]);
    expect(outcome.missing.map((r) => r.rowIndex)).toEqual([second!.rowIndex]);
  });

  it('never claims a submission the journal already links to another row', async () => {
    const server = new ListedSubmissions();
    const row = batch.rows[0]!;
    server.add('linked', row.payload.questions, row.payload.submissionTime!);
    db.prepare(
      `UPDATE import_rows SET submission_id = 'linked', status = 'created' WHERE job_id = 'j' AND row_index = 2`,
    ).run();
    const outcome = await lookForBatch(server, journal, DEMO_FORM, questionIds, batch);
    expect(outcome.found.size).toBe(0);
  });

  it("never takes a respondent's submission with the same answers for a row, a millisecond off included", async () => {
    const server = new ListedSubmissions();
    const [first, second] = batch.rows;
    const sent = Date.parse(first!.payload.submissionTime!);
    server.add('respondent', first!.payload.questions, new Date(sent + 1).toISOString());
    server.add('after', second!.payload.questions, '2024-06-01T12:00:01.500Z');
    const outcome = await lookForBatch(server, journal, DEMO_FORM, questionIds, batch);
    expect(outcome.found.size).toBe(0);
    expect(outcome.missing).toHaveLength(3);
  });

  it('gives rows without a time from the file times of their own, a minute before the start', () => {
    const started = Date.parse('2024-06-01T11:00:00.000Z');
    const times = batch.rows.map((r) => Date.parse(r.payload.submissionTime!));
    expect(new Set(times).size).toBe(3);
    for (const time of times) expect(time).toBeLessThanOrEqual(started - 60_000);
  });
});

describe('assigned times', () => {
  it('keeps every job of a form to milliseconds of its own, however close their starts', () => {
    const table = readCsv(peopleCsv(3, 'w'));
    journal.createJob(
      {
        jobId: 'k',
        formId: DEMO_FORM,
        fileName: 'w.csv',
        columns: table.columns,
        mappings: PEOPLE_MAPPINGS,
      },
      table.rows,
    );
    freezeJob(journal, 'k', knownSubmissions([]), Date.parse('2024-06-01T11:00:00.000Z'));
    const of = (jobId: string) =>
      db
        .prepare<[string], { payload_json: string }>(
          `SELECT payload_json FROM import_rows WHERE job_id = ?`,
        )
        .all(jobId)
        .map((r) => (JSON.parse(r.payload_json) as { submissionTime: string }).submissionTime);
    const first = of('j');
    const second = of('k');
    expect(first.filter((t) => second.includes(t))).toEqual([]);
  });
});
