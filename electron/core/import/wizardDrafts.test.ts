import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type CacheDb } from '../cache/openCache';
import { openTempCache, type TempCache } from '../operations/testing/tempCache';
import { createLogger } from '../logging/log';
import { DraftSweeper } from './draftSweeper';
import { ImportJournal } from './importJournal';
import { DEMO_FORM, PEOPLE_MAPPINGS, peopleCsv } from '../operations/testing/importTestbed';
import { importWizardHandlers } from './wizardHandlers';

let cache: TempCache;
let db: CacheDb;

beforeEach(() => {
  cache = openTempCache('wizard-drafts');
  db = cache.db;
});
afterEach(() => cache.close());

/** The wizard's thread of one launch of the app, on the workspace's file. */
function wizard(launch: string) {
  const sweeper = new DraftSweeper(createLogger({ write: () => {} }));
  const steps = importWizardHandlers({
    session: () => ({ db }),
    formQuestions: async () => [],
    runImport: async () => {},
    launch,
    sweeper,
  });
  /** A file of `rows` people read and validated: its draft's job id. */
  const validated = async (rows: number, tag: string) => {
    const { fileId } = await steps['imports.parse']({
      fileName: `${tag}.csv`,
      contentBase64: Buffer.from(peopleCsv(rows, tag)).toString('base64'),
    });
    const { jobId } = await steps['imports.validate']({
      fileId,
      formId: DEMO_FORM,
      mappings: PEOPLE_MAPPINGS,
    });
    return { fileId, jobId };
  };
  return { steps, sweeper, validated };
}

const rowsOf = (jobId: string) =>
  (db.prepare('SELECT count(*) AS n FROM import_rows WHERE job_id = ?').get(jobId) as { n: number })
    .n;

describe("the import wizard's drafts", () => {
  it('removes the drafts of an earlier launch, rows and all, and keeps its own and started jobs', async () => {
    const earlier = wizard('launch-1');
    const abandoned = await earlier.validated(4_500, 'abandoned');
    const started = await earlier.validated(10, 'started');
    await earlier.steps['imports.start']({ jobId: started.jobId });
    expect(rowsOf(abandoned.jobId)).toBe(4_500);
    // A draft written before launches were noted.
    const unnoted = { jobId: 'unnoted', formId: DEMO_FORM, fileName: 'old.csv', columns: ['Name'] };
    new ImportJournal(db).createJob({ ...unnoted, mappings: [] }, [{ line: 2, cells: ['Ada'] }]);

    const now = wizard('launch-2');
    const kept = await now.validated(10, 'kept');
    await now.sweeper.settled();

    const journal = new ImportJournal(db);
    expect(journal.job(abandoned.jobId)).toBeNull();
    expect(rowsOf(abandoned.jobId)).toBe(0);
    expect(journal.job('unnoted')).toBeNull();
    expect(journal.job(started.jobId)?.state).toBe('running');
    expect(rowsOf(started.jobId)).toBe(10);
    expect(journal.job(kept.jobId)?.state).toBe('draft');
    expect(rowsOf(kept.jobId)).toBe(10);
  });

  it('keeps the drafts of its own launch when its thread is started again, so the page can still start one', async () => {
    const before = wizard('launch-1');
    const draft = await before.validated(10, 'draft');
    await before.steps['imports.validate']({
      jobId: draft.jobId,
      edits: [{ rowIndex: 0, column: 0, value: 'Ada Lovelace' }],
    });

    const restarted = wizard('launch-1');
    await restarted.validated(10, 'another');
    await restarted.sweeper.settled();

    const summary = await restarted.steps['imports.start']({ jobId: draft.jobId });
    expect(summary.state).toBe('running');
    expect(rowsOf(draft.jobId)).toBe(10);
  });

  it('removes a file’s draft when the file is validated again, and the drafts of files older than the last four', async () => {
    const { steps, validated } = wizard('launch-1');
    const first = await validated(10, 'first');
    const again = await steps['imports.validate']({
      fileId: first.fileId,
      formId: DEMO_FORM,
      mappings: PEOPLE_MAPPINGS.slice(0, 2),
    });
    const later = [];
    for (const tag of ['b', 'c', 'd']) later.push(await validated(10, tag));
    const journal = new ImportJournal(db);
    expect(journal.job(first.jobId)).toBeNull();
    expect(journal.job(again.jobId)?.state).toBe('draft');

    const fifth = await validated(10, 'e');
    expect(journal.job(again.jobId)).toBeNull();
    expect(rowsOf(again.jobId)).toBe(0);
    for (const { jobId } of [...later, fifth]) expect(journal.job(jobId)?.state).toBe('draft');
  });
});
