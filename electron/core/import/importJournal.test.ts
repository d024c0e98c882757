import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Submission } from '../../shared/api/submission';
import { type ColumnMapping } from '../../shared/contract/imports';
import { type CacheDb } from '../cache/openCache';
import { openTempCache, type TempCache } from '../operations/testing/tempCache';
import { unlinkedOpenFiles, unlinkedSince } from '../cache/testing/unlinkedFiles';
import { importCache } from './cacheAccess';
import { freezeJob } from './freezeJob';
import { ImportJournal } from './importJournal';
import { knownSubmissions } from './validateJob';

const mappings: ColumnMapping[] = [
  { column: 0, target: { kind: 'question', id: 'name', type: 'ShortAnswer' } },
];

let cache: TempCache;
let db: CacheDb;
let journal: ImportJournal;

beforeEach(() => {
  cache = openTempCache('journal');
  db = cache.db;
  journal = new ImportJournal(db);
});
afterEach(() => cache.close());

const created = (i: number): Submission => ({
  submissionId: `sub-${i}`,
  submissionTime: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString(),
  lastUpdatedAt: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString(),
  questions: [{ id: 'name', name: 'Name', type: 'ShortAnswer', value: `Person ${i}` }],
});

describe('ImportJournal', () => {
  it.skipIf(process.platform !== 'linux')(
    "records a created batch and caches its rows without writing each statement's undo to a temporary file",
    () => {
      const people = Array.from({ length: 10 }, (_, i) => [`Person ${i}`]);
      journal.createJob(
        { jobId: 'j1', formId: 'form1', fileName: 'people.csv', columns: ['Name'], mappings },
        people.map((cells, i) => ({ line: i + 2, cells })),
      );
      freezeJob(journal, 'j1', knownSubmissions([]));
      const rows = journal.nextBatch('j1', 10);
      const batch = journal.journalBatch('j1', rows);
      const before = unlinkedOpenFiles();
      let during: string[] = [];

      journal.recordCreated(
        'j1',
        batch,
        rows.map((row, i) => ({ rowIndex: row.rowIndex, submissionId: `sub-${i}` })),
        () => {
          importCache(db).storeCreated(
            'form1',
            rows.map((_, i) => created(i)),
          );
          during = unlinkedSince(before);
        },
      );

      expect(during).toEqual([]);
      expect(journal.summary('j1')).toMatchObject({ created: 10, pending: 0 });
      expect(
        db.prepare(`SELECT count(*) FROM submissions WHERE form_id = 'form1'`).pluck().get(),
      ).toBe(10);
    },
  );
});
