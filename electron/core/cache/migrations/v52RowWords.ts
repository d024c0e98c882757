import { type Migration } from '../migrate';

/**
 * The words each form's rows are deflated against (`formWords.ts`), by the id a row of format 2
 * names them with: the first four bytes of their SHA-256. Never changed or removed while a row
 * may name them; they hold the form's question heads, no respondent's text. Rows stored before
 * keep format 1, which needs none.
 */
export const rowWords: Migration = {
  version: 52,
  name: 'row-words',
  up(db) {
    db.exec(
      `CREATE TABLE IF NOT EXISTS row_words (id INTEGER PRIMARY KEY, words BLOB NOT NULL) STRICT`,
    );
  },
};
