import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type ColumnMapping } from '../../shared/contract/imports';
import { openTempCache, type TempCache } from '../operations/testing/tempCache';
import { exportFailedRows } from './exportRows';
import { ImportJournal } from './importJournal';
import { PROBLEM_COLUMN } from './ownExport';
import { readCsv } from './readCsv';

const mappings: ColumnMapping[] = [
  { column: 0, target: { kind: 'question', id: 'name', type: 'ShortAnswer' } },
];

let cache: TempCache;
beforeEach(() => {
  cache = openTempCache('export-rows');
});
afterEach(() => cache.close());

describe('"Export rows to fix"', () => {
  it('holds the rows the person left out, saying so in the problem column', () => {
    const journal = new ImportJournal(cache.db);
    journal.createJob(
      { jobId: 'j1', formId: 'form1', fileName: 'people.csv', columns: ['Name'], mappings },
      ['Ann', 'Bo', 'Cy'].map((name, i) => ({ line: i + 2, cells: [name] })),
    );
    journal.setExcluded('j1', [1], true);

    const table = readCsv(Buffer.from(exportFailedRows(journal, 'j1').bytes));
    expect(table.columns).toEqual(['Name', PROBLEM_COLUMN]);
    expect(table.rows.map((r) => r.cells)).toEqual([['Bo', 'Left out in the review.']]);
  });
});
