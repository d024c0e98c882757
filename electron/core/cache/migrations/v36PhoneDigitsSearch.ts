import { type Submission } from '../../../shared/api/submission';
import { type Migration } from '../migrate';
import { searchText } from '../submissionRow';

/** Rows rewritten per read: the statement reading them is done before their search rows change. */
const ROWS_PER_STEP = 1_000;

/**
 * The search text of each cached submission with a phone answer gains the number's digits alone
 * (`searchText`), so a search for the number typed with other spacing or punctuation finds it;
 * rows stored from now on have them already.
 */
export const phoneDigitsSearch: Migration = {
  version: 36,
  name: 'phone-digits-search',
  up(db) {
    const read = db.prepare<[number, number], { id: number; raw: string }>(
      `SELECT id, raw FROM submissions
       WHERE id > ? AND raw LIKE '%"type":"PhoneNumber"%'
       ORDER BY id LIMIT ?`,
    );
    const rewrite = db.prepare<[string, number]>(
      `UPDATE submission_search SET body = ? WHERE rowid = ?`,
    );
    let after = 0;
    for (;;) {
      const rows = read.all(after, ROWS_PER_STEP);
      for (const row of rows) rewrite.run(searchText(JSON.parse(row.raw) as Submission), row.id);
      const last = rows.at(-1);
      if (!last) return;
      after = last.id;
    }
  },
};
