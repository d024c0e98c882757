import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  type ListSubmissionsParams,
  type ListSubmissionsResponse,
} from '../../shared/api/endpoints';
import { type Submission } from '../../shared/api/submission';
import { type CacheDb } from '../cache/openCache';
import { openTempCache, type TempCache } from '../cache/testing/tempCache';
import { freezeJob } from './freezeJob';
import { ImportJournal, type UncertainBatch } from './importJournal';
import { DEMO_FORM, PEOPLE_MAPPINGS, peopleCsv } from './importTestbed';
import { readCsv } from './readCsv';
import { verifyBatch } from './verifyBatch';
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

describe('verifyBatch', () => {
  it('finds the rows the server holds at the times sent, and only those', async () => {
    const server = new ListedSubmissions();
    const [first, , third] = batch.rows;
    server.add('s1', first!.payload.questions, first!.payload.submissionTime!);
    server.add('s3', third!.payload.questions, third!.payload.submissionTime!);
    // Same answers a minute later: someone else's submission, not this row.
    server.add('other', batch.rows[1]!.payload.questions, '2024-06-01T11:01:00.000Z');
    const outcome = await verifyBatch(server, journal, DEMO_FORM, questionIds, batch, true);
    expect([...outcome.found]).toEqual([
      [first!.rowIndex, 's1'],
      [third!.rowIndex, 's3'],
    ]);
    expect(outcome.message).toMatch(
      /2 of 3 rows are there; the other 1 were not created and will be sent again/,
    );
  });

  it('never claims a submission the journal already links to another row', async () => {
    const server = new ListedSubmissions();
    const row = batch.rows[0]!;
    server.add('linked', row.payload.questions, row.payload.submissionTime!);
    db.prepare(
      `UPDATE import_rows SET submission_id = 'linked', status = 'created' WHERE job_id = 'j' AND row_index = 2`,
    ).run();
    const outcome = await verifyBatch(server, journal, DEMO_FORM, questionIds, batch, true);
    expect(outcome.found.size).toBe(0);
  });

  it('finds rows by their answers alone when the server keeps its own times, never before the batch was journaled', async () => {
    const server = new ListedSubmissions();
    const [first, second] = batch.rows;
    server.add('early', first!.payload.questions, '2024-06-01T11:59:00.000Z');
    server.add('late', second!.payload.questions, '2024-06-01T12:00:01.500Z');
    const outcome = await verifyBatch(server, journal, DEMO_FORM, questionIds, batch, false, () =>
      Date.parse('2024-06-01T12:00:05.000Z'),
    );
    expect([...outcome.found]).toEqual([[second!.rowIndex, 'late']]);
  });
});
