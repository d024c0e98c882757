import { type CacheDb } from '../electron/core/cache/openCache';
import { suffixEntry } from '../electron/core/cache/searchSuffixes';
import { openCache } from '../electron/core/operations/workspaceCache';

type Row = Record<string, unknown>;

/**
 * The floor under storing a sync's rows: what a store writes of them, as a sync left it in `from`
 * (the rows, their answers and phone numbers' endings, their search text in both indexes, and
 * the answers' counts), read into memory first, then written into a new cache at `file` (same
 * schema, same indexes) by plain inserts, search text last in each transaction, the counts once
 * in the last. Milliseconds for the writing alone.
 *
 * In one transaction, unless `commits` gives the rows of each transaction in order (they add up
 * to every row): a sync commits a page group at a time, with its position, so that it resumes
 * from the page it reached.
 */
export function storeFloorMs(from: CacheDb, file: string, commits?: readonly number[]): number {
  const all = (sql: string) => from.prepare(sql).all() as Row[];
  const rows = all(`SELECT * FROM submissions ORDER BY id`);
  // Each row's search text, and its entry in the index of word endings, in the rows' order.
  const texts = from
    .prepare<[], { body: string; search_group: number }>(
      `SELECT f.body, g.id AS search_group FROM submissions s
         JOIN submission_search f ON f.rowid = s.id
         JOIN search_groups g ON (g.form_id, g.status, g.is_preview) = (s.form_id, s.status, s.is_preview)
       ORDER BY s.id`,
    )
    .all();
  if (texts.length !== rows.length)
    throw new Error(`${rows.length - texts.length} rows have no search text to store`);
  const suffixes = texts.map(({ body, search_group }) => suffixEntry(body, search_group));
  const fields = all(`SELECT * FROM fields`);
  const groups = all(`SELECT * FROM search_groups`);
  const answers = all(`SELECT * FROM answers ORDER BY submission_rowid`);
  const phones = all(`SELECT * FROM phone_endings ORDER BY submission_rowid`);
  const counts = all(`SELECT * FROM answer_counts`);
  const totals = all(`SELECT * FROM answer_totals`);
  const to = openCache(file);
  try {
    to.pragma('synchronous = NORMAL');
    // As the app's stores keep each statement's undo: in memory (`SubmissionStore.transaction`).
    to.pragma('temp_store = MEMORY');
    // Each table's rows as they are in `from`, every column named (none to write: no statement).
    const inserts = (table: string, sample: Row | undefined) => {
      if (!sample) return null;
      const columns = Object.keys(sample);
      return to.prepare(
        `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map((k) => `@${k}`).join(', ')})`,
      );
    };
    const row = inserts('submissions', rows[0]);
    const field = inserts('fields', fields[0]);
    const group = inserts('search_groups', groups[0]);
    const answer = inserts('answers', answers[0]);
    const phone = inserts('phone_endings', phones[0]);
    const count = inserts('answer_counts', counts[0]);
    const total = inserts('answer_totals', totals[0]);
    const search = to.prepare(`INSERT INTO submission_search (rowid, body) VALUES (?, ?)`);
    const suffix = to.prepare(`INSERT INTO search_suffixes (rowid, body) VALUES (?, ?)`);
    let nextAnswer = 0;
    let nextPhone = 0;
    const store = to.transaction((start: number, end: number, last: boolean) => {
      for (let i = start; i < end; i++) {
        const { id } = rows[i]!;
        row?.run(rows[i]!);
        for (; answers[nextAnswer]?.submission_rowid === id; nextAnswer++)
          answer?.run(answers[nextAnswer]!);
        for (; phones[nextPhone]?.submission_rowid === id; nextPhone++)
          phone?.run(phones[nextPhone]!);
      }
      if (last) {
        for (const c of counts) count?.run(c);
        for (const t of totals) total?.run(t);
      }
      for (let i = start; i < end; i++) search.run(rows[i]!.id, texts[i]!.body);
      for (let i = start; i < end; i++) suffix.run(rows[i]!.id, suffixes[i]);
    });
    const started = performance.now();
    // A sync numbers each question as its first answer is stored, and each group of rows the
    // search indexes tell apart as its first row is: a few rows, in the first store.
    for (const f of fields) field?.run(f);
    for (const g of groups) group?.run(g);
    let at = 0;
    for (const size of commits ?? [rows.length]) {
      store(at, at + size, at + size === rows.length);
      at += size;
    }
    if (at !== rows.length) throw new Error(`the commits hold ${at} rows of ${rows.length}`);
    return performance.now() - started;
  } finally {
    to.close();
  }
}
