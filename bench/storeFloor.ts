import { type CacheDb } from '../electron/core/cache/openCache';
import { openCache } from '../electron/core/operations/workspaceCache';

/**
 * The floor under storing a sync's rows: the rows, answers and search text a sync left in `from`,
 * read into memory first, then written into a new cache at `file` (same schema, same indexes) by
 * plain inserts, search text last in each transaction. Milliseconds for the writing alone.
 *
 * In one transaction, unless `commits` gives the rows of each transaction in order (they add up
 * to every row): a sync commits a page group at a time, with its position, so that it resumes
 * from the page it reached.
 */
export function storeFloorMs(from: CacheDb, file: string, commits?: readonly number[]): number {
  const rows = from
    .prepare(
      `SELECT s.*, f.body FROM submissions s JOIN submission_search f ON f.rowid = s.id ORDER BY s.id`,
    )
    .all() as Record<string, unknown>[];
  const fields = from.prepare(`SELECT * FROM fields`).all() as Record<string, unknown>[];
  const answers = from.prepare(`SELECT * FROM answers ORDER BY submission_rowid`).all() as Record<
    string,
    unknown
  >[];
  const to = openCache(file);
  try {
    to.pragma('synchronous = NORMAL');
    // As the app's stores keep each statement's undo: in memory (`SubmissionStore.transaction`).
    to.pragma('temp_store = MEMORY');
    const row = to.prepare(
      `INSERT INTO submissions (id, form_id, submission_id, status, is_preview, submission_time,
         last_updated_at, quiz_score, login_email, payment_amount, raw, synced_at, seen_pass)
       VALUES (@id, @form_id, @submission_id, @status, @is_preview, @submission_time,
         @last_updated_at, @quiz_score, @login_email, @payment_amount, @raw, @synced_at, @seen_pass)`,
    );
    const field = to.prepare(
      `INSERT INTO fields (id, form_id, field_key) VALUES (@id, @form_id, @field_key)`,
    );
    const answer = to.prepare(
      `INSERT INTO answers (submission_rowid, field, value_text, value_num, value_json)
       VALUES (@submission_rowid, @field, @value_text, @value_num, @value_json)`,
    );
    const search = to.prepare(`INSERT INTO submission_search (rowid, body) VALUES (?, ?)`);
    let next = 0;
    const store = to.transaction((group: Record<string, unknown>[]) => {
      for (const r of group) {
        const { body: _body, ...columns } = r;
        row.run(columns);
        for (; next < answers.length && answers[next]!.submission_rowid === r.id; next++) {
          answer.run(answers[next]!);
        }
      }
      for (const r of group) search.run(r.id, r.body);
    });
    const started = performance.now();
    // A sync numbers each question as its first answer is stored: a few rows, in the first store.
    for (const f of fields) field.run(f);
    let at = 0;
    for (const size of commits ?? [rows.length]) store(rows.slice(at, (at += size)));
    if (at !== rows.length) throw new Error(`the commits hold ${at} rows of ${rows.length}`);
    return performance.now() - started;
  } finally {
    to.close();
  }
}
