import { type Migration } from '../migrate';

/**
 * The number index holds only the answers that are numbers or dates. Most answers are text, and
 * each of them took an entry there too, written with every page a sync stores and read by no
 * query: a range or a sort by a number reads numbers alone.
 */
export const numberedAnswers: Migration = {
  version: 38,
  name: 'numbered-answers',
  up(db) {
    db.exec(`
      DROP INDEX IF EXISTS answers_by_num;
      CREATE INDEX answers_by_num ON answers (form_id, field_key, value_num)
        WHERE value_num IS NOT NULL;
    `);
  },
};
