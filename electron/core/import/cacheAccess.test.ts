import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Submission } from '../../shared/api/submission';
import { connectCache, type CacheDb } from '../cache/openCache';
import { openTempCache, type TempCache } from '../operations/testing/tempCache';
import { importCache } from './cacheAccess';
import { type KnownSubmission, type SourceKeyer } from './validateJob';

let temp: TempCache;
let db: CacheDb;

beforeEach(() => {
  temp = openTempCache('import-cache');
  db = temp.db;
});
afterEach(() => temp.close());

const submission = (i: number): Submission => ({
  submissionId: `sub-${i}`,
  submissionTime: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString(),
  lastUpdatedAt: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString(),
  questions: [{ id: 'name', name: 'Name', type: 'ShortAnswer', value: `Person ${i}` }],
});

const byName: SourceKeyer = {
  spec: 'name',
  keyOf: (s: KnownSubmission) => String(s.questions[0]?.value),
};

describe('importCache', () => {
  it("keys a form's cached submissions once while the form is unchanged, and again after any change", () => {
    const cache = importCache(db);
    cache.storeCreated('form1', [submission(1), submission(2), submission(3)]);
    const known = cache.known('form1');

    const first = known.byKey(byName);
    expect([...first]).toEqual([
      ['Person 1', 'sub-1'],
      ['Person 2', 'sub-2'],
      ['Person 3', 'sub-3'],
    ]);
    // Checked again with the same mapping (an edit, the dry run, the start): not read again.
    expect(known.byKey(byName)).toBe(first);
    // Another form's change leaves these keys as they are.
    cache.storeCreated('form2', [submission(9)]);
    expect(cache.known('form1').byKey(byName)).toBe(first);

    // Another mapping keys the rows its own way.
    const byTime = { spec: 'time', keyOf: (s: KnownSubmission) => s.submissionTime };
    expect(known.byKey(byTime).has(submission(1).submissionTime)).toBe(true);

    // A delete by another connection (the core's, while the wizard keeps its own) is seen.
    const core = connectCache(temp.file);
    try {
      core.prepare(`DELETE FROM submissions WHERE submission_id = 'sub-2'`).run();
    } finally {
      core.close();
    }
    expect([...known.byKey(byName).keys()]).toEqual(['Person 1', 'Person 3']);

    cache.storeCreated('form1', [submission(4)]);
    expect(known.byKey(byName).get('Person 4')).toBe('sub-4');
  });
});
