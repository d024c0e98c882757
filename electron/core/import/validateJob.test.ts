import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type CacheDb } from '../cache/openCache';
import { openTempCache, type TempCache } from '../operations/testing/tempCache';
import { type ColumnMapping } from '../../shared/contract/imports';
import { freezeJob } from './freezeJob';
import { ImportJournal } from './importJournal';
import { knownSubmissions, validateJob } from './validateJob';

const mappings: ColumnMapping[] = [
  { column: 0, target: { kind: 'question', id: 'name', type: 'ShortAnswer' } },
  { column: 1, target: { kind: 'question', id: 'email', type: 'EmailInput' } },
];

let cache: TempCache;
let db: CacheDb;
let journal: ImportJournal;

beforeEach(() => {
  cache = openTempCache('validate');
  db = cache.db;
  journal = new ImportJournal(db);
});
afterEach(() => cache.close());

function draft(jobId: string, rows: string[][]) {
  journal.createJob(
    { jobId, formId: 'form1', fileName: 'people.csv', columns: ['Name', 'Email'], mappings },
    rows.map((cells, i) => ({ line: i + 2, cells })),
  );
}

describe('validateJob', () => {
  it('flags bad cells by line, duplicates within the file and against the cache', () => {
    draft('j1', [
      ['Amy', 'amy@example.com'],
      ['Ben', 'not-an-email'],
      ['Amy', 'amy@example.com'],
      ['Cy', 'cy@example.com'],
    ]);
    const known = [
      {
        submissionId: 's-cy',
        submissionTime: '2024-01-01T00:00:00.000Z',
        questions: [
          { id: 'name', value: 'Cy' },
          { id: 'email', value: 'cy@example.com' },
        ],
      },
    ];
    const result = validateJob(journal, 'j1', knownSubmissions(known));
    expect(result).toMatchObject({ rowsTotal: 4, validRows: 3, errorRows: 1, warningRows: 2 });
    expect(result.issues.map((i) => [i.line, i.column, i.severity])).toEqual([
      [3, 1, 'error'],
      [4, null, 'warning'],
      [5, null, 'warning'],
    ]);
    expect(result.issues[1]!.message).toMatch(/line 2/);
    expect(result.issues[2]!.message).toMatch(/s-cy/);
  });

  it('keeps fixes and exclusions in the job: a fixed row becomes valid, an excluded one is never sent', () => {
    draft('j1', [
      ['Amy', 'amy@example.com'],
      ['Ben', 'not-an-email'],
    ]);
    validateJob(journal, 'j1', knownSubmissions([]));
    journal.applyEdits('j1', [{ rowIndex: 1, column: 1, value: 'ben@example.com' }]);
    journal.setExcluded('j1', [0], true);
    const reopened = new ImportJournal(db);
    const result = validateJob(reopened, 'j1', knownSubmissions([]));
    expect(result).toMatchObject({ validRows: 1, errorRows: 0, excludedRows: 1 });
    freezeJob(reopened, 'j1', knownSubmissions([]), Date.parse('2024-06-01T00:00:00.000Z'));
    expect(reopened.nextBatch('j1', 10).map((r) => r.payload)).toEqual([
      {
        questions: [
          { id: 'name', value: 'Ben' },
          { id: 'email', value: 'ben@example.com' },
        ],
        // Its own millisecond, a minute before the start: no respondent's can carry it.
        submissionTime: '2024-05-31T23:58:59.999Z',
      },
    ]);
  });

  it('skips rows an earlier import of the same file already created', () => {
    draft('j1', [
      ['Amy', 'amy@example.com'],
      ['Ben', 'ben@example.com'],
    ]);
    freezeJob(journal, 'j1', knownSubmissions([]));
    const [first] = journal.nextBatch('j1', 1);
    const batch = journal.journalBatch('j1', [first!]);
    journal.recordCreated('j1', batch, [{ rowIndex: 0, submissionId: 'sub-amy' }]);

    draft('j2', [
      ['Amy', 'amy@example.com'],
      ['Ben', 'ben@example.com'],
    ]);
    expect(validateJob(journal, 'j2', knownSubmissions([])).alreadyImported).toBe(1);
    freezeJob(journal, 'j2', knownSubmissions([]));
    expect(journal.summary('j2')).toMatchObject({ skipped: 1, pending: 1 });
  });
});
