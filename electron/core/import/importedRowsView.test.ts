import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Submission } from '../../shared/api/submission';
import { type ColumnMapping } from '../../shared/contract/imports';
import { SubmissionFilter } from '../../shared/contract/submissions';
import { SubmissionQuery } from '../cache/submissionQuery';
import { openTempCache, type TempCache } from '../operations/testing/tempCache';
import { importCache } from './cacheAccess';
import { freezeJob } from './freezeJob';
import { ImportJournal } from './importJournal';
import { knownSubmissions } from './validateJob';

const mappings: ColumnMapping[] = [
  { column: 0, target: { kind: 'question', id: 'name', type: 'ShortAnswer' } },
];

let cache: TempCache;

beforeEach(() => {
  cache = openTempCache('imported-view');
});
afterEach(() => cache.close());

const submission = (id: string, minute: number): Submission => ({
  submissionId: id,
  submissionTime: new Date(Date.UTC(2026, 0, 1, 0, minute)).toISOString(),
  lastUpdatedAt: new Date(Date.UTC(2026, 0, 1, 0, minute)).toISOString(),
  questions: [{ id: 'name', name: 'Name', type: 'ShortAnswer', value: `Person ${id}` }],
});

/** An import of `names` into form1 whose rows the service created as `ids`. */
function runImport(journal: ImportJournal, jobId: string, ids: string[], minute: number): void {
  journal.createJob(
    { jobId, formId: 'form1', fileName: `${jobId}.csv`, columns: ['Name'], mappings },
    ids.map((id, i) => ({ line: i + 2, cells: [id] })),
  );
  freezeJob(journal, jobId, knownSubmissions([]));
  const rows = journal.nextBatch(jobId, ids.length);
  const batch = journal.journalBatch(jobId, rows);
  journal.recordCreated(
    jobId,
    batch,
    rows.map((row, i) => ({ rowIndex: row.rowIndex, submissionId: ids[i]! })),
    () =>
      importCache(cache.db).storeCreated(
        'form1',
        ids.map((id, i) => submission(id, minute + i)),
      ),
  );
}

describe('a view of the rows an import created', () => {
  it('holds exactly those rows, counted apart from the rest of the form', () => {
    const journal = new ImportJournal(cache.db);
    importCache(cache.db).storeCreated('form1', [
      submission('synced-1', 0),
      submission('synced-2', 1),
    ]);
    runImport(journal, 'job-a', ['a-1', 'a-2', 'a-3'], 10);
    runImport(journal, 'job-b', ['b-1'], 20);
    const query = new SubmissionQuery(cache.db);

    const view = query.window(
      SubmissionFilter.parse({ formId: 'form1', importJobId: 'job-a', sort: 'desc' }),
      0,
      50,
    );
    expect(view.rows.map((r) => r.submissionId)).toEqual(['a-3', 'a-2', 'a-1']);
    expect(view.total).toBe(3);
    expect(view.unnarrowed).toBe(6);

    // With a search too, both narrow the view.
    const searched = query.window(
      SubmissionFilter.parse({ formId: 'form1', importJobId: 'job-a', search: 'Person a-2' }),
      0,
      50,
    );
    expect(searched.rows.map((r) => r.submissionId)).toEqual(['a-2']);
  });

  it('is empty for an import that created nothing', () => {
    importCache(cache.db).storeCreated('form1', [submission('synced-1', 0)]);
    const view = new SubmissionQuery(cache.db).window(
      SubmissionFilter.parse({ formId: 'form1', importJobId: 'no-such-job' }),
      0,
      50,
    );
    expect(view.rows).toEqual([]);
    expect(view.total).toBe(0);
  });
});
