import { type Migration } from '../migrate';

/**
 * The answers given as lists (checkboxes, multi-selects, rankings), by question. A filter "choice
 * is X" matches a single answer through the text index and a list holding X by reading the lists
 * themselves; without this index, finding a question's lists read every one of its answers, one
 * row at a time, on every form whatever its questions. Only lists have entries, so it costs little
 * to keep.
 */
export const listedAnswers: Migration = {
  version: 37,
  name: 'listed-answers',
  up(db) {
    db.exec(
      `CREATE INDEX IF NOT EXISTS answers_listed ON answers (form_id, field_key) WHERE value_json IS NOT NULL`,
    );
  },
};
