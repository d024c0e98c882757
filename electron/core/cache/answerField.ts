/**
 * A question's number among the cache's answers (the `fields` table), from its form's id and its
 * key, bound in that order: the answers and their indexes name a question by it. Not tied to any
 * row of the statement, SQLite looks it up once per run and then seeks the indexes with it.
 */
export const FIELD_OF = '(SELECT id FROM fields WHERE form_id = ? AND field_key = ?)';
