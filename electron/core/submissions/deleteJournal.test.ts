import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openTempCache, type TempCache } from '../operations/testing/tempCache';
import { DeleteJournal } from './deleteJournal';

let cache: TempCache;

beforeEach(() => {
  cache = openTempCache('delete-journal');
});
afterEach(() => cache.close());

describe('the bulk delete journal', () => {
  it('journals each row once, and hands out a row asked about before the ones not yet asked', () => {
    const journal = new DeleteJournal(cache.db);
    const rows = ['a', 'b', 'c', 'b'].map((submissionId) => ({ formId: 'f', submissionId }));
    const jobId = journal.create('delete', rows);
    expect(journal.rows(jobId).map((r) => r.submissionId)).toEqual(['a', 'b', 'c']);
    expect(journal.nextRow(jobId)).toMatchObject({ submissionId: 'a', status: 'pending' });
    journal.setRow(jobId, 2, 'sending');
    expect(journal.nextRow(jobId)).toMatchObject({ submissionId: 'c', status: 'sending' });
    journal.setRow(jobId, 2, 'deleted');
    journal.setRow(jobId, 0, 'gone');
    expect(journal.nextRow(jobId)).toMatchObject({ submissionId: 'b' });
    expect(journal.summary(jobId)).toMatchObject({ total: 3, deleted: 1, alreadyGone: 1 });
  });

  it('finds the next row through the index of open rows, whatever the job has settled', () => {
    const plan = cache.db
      .prepare(
        `EXPLAIN QUERY PLAN SELECT row_no, form_id, submission_id FROM delete_rows INDEXED BY delete_rows_open
         WHERE job_id = ? AND status = ? AND status IN ('pending', 'sending') ORDER BY row_no LIMIT 1`,
      )
      .all('job', 'pending') as { detail: string }[];
    expect(plan.map((step) => step.detail)).toEqual([
      'SEARCH delete_rows USING INDEX delete_rows_open (job_id=? AND status=?)',
    ]);
  });

  it('marks jobs a stopped process left running as interrupted, to be resumed', () => {
    const journal = new DeleteJournal(cache.db);
    const jobId = journal.create('erase', [{ formId: 'f', submissionId: 'a' }], ['someone']);
    journal.setState(jobId, 'done');
    const open = journal.create('delete', [{ formId: 'f', submissionId: 'b' }]);
    expect(new DeleteJournal(cache.reopen()).interrupted()).toEqual([open]);
  });
});
