import { openCache, type CacheDb } from '../electron/core/cache/openCache';

/**
 * The floor under storing a sync's rows: the rows, answers and search text a sync left in `from`,
 * read into memory first, then written into a new cache at `file` (same schema, same indexes) by
 * plain inserts in one transaction, search text last. Milliseconds for the writing alone.
 */
export function storeFloorMs(from: CacheDb, file: string): number {
  const rows = from
    .prepare(
      `SELECT s.*, f.body FROM submissions s JOIN submission_search f ON f.rowid = s.id ORDER BY s.id`,
    )
    .all() as Record<string, unknown>[];
  const answers = from.prepare(`SELECT * FROM answers ORDER BY submission_rowid`).all() as Record<
    string,
    unknown
  >[];
  const to = openCache(file);
  try {
    to.pragma('synchronous = NORMAL');
    const row = to.prepare(
      `INSERT INTO submissions (id, form_id, submission_id, status, is_preview, submission_time,
         last_updated_at, quiz_score, login_email, payment_amount, raw, synced_at, seen_pass)
       VALUES (@id, @form_id, @submission_id, @status, @is_preview, @submission_time,
         @last_updated_at, @quiz_score, @login_email, @payment_amount, @raw, @synced_at, @seen_pass)`,
    );
    const answer = to.prepare(
      `INSERT INTO answers (submission_rowid, form_id, field_key, value_text, value_num, value_json)
       VALUES (@submission_rowid, @form_id, @field_key, @value_text, @value_num, @value_json)`,
    );
    const search = to.prepare(`INSERT INTO submission_search (rowid, body) VALUES (?, ?)`);
    const started = performance.now();
    to.transaction(() => {
      let next = 0;
      for (const r of rows) {
        const { body: _body, ...columns } = r;
        row.run(columns);
        for (; next < answers.length && answers[next]!.submission_rowid === r.id; next++) {
          answer.run(answers[next]!);
        }
      }
      for (const r of rows) search.run(r.id, r.body);
    })();
    return performance.now() - started;
  } finally {
    to.close();
  }
}
