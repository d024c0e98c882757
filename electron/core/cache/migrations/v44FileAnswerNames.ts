import { type Submission } from '../../../shared/api/submission';
import { KIND_OF_TYPE } from '../answerKinds';
import { type Migration } from '../migrate';
import { toSubmissionRow } from '../submissionRow';

/** Rows rewritten per read: the statement reading them is done before their answers change. */
const ROWS_PER_STEP = 1_000;
const FILE_TYPES = Object.keys(KIND_OF_TYPE).filter((type) => KIND_OF_TYPE[type] === 'file');

/**
 * The answers to file questions (uploads, signatures, recordings) hold the files' names, which a
 * filter and a sort by the question read, in place of every address and name they held. Each
 * address differs for every answer, so each store's answers landed all over the index by text,
 * and a signature's address is its whole image.
 */
export const fileAnswerNames: Migration = {
  version: 44,
  name: 'file-answer-names',
  up(db) {
    // A respondent's text that spells such a type has its quotes escaped: only rows that hold a
    // file question are read.
    const read = db.prepare<[number, number], { id: number; form_id: string; raw: string }>(
      `SELECT id, form_id, raw FROM submissions
       WHERE id > ? AND (${FILE_TYPES.map((type) => `instr(raw, '"type":"${type}"') > 0`).join(' OR ')})
       ORDER BY id LIMIT ?`,
    );
    const rewrite = db.prepare<[string | null, number, string, string]>(
      `UPDATE answers SET value_text = ?, value_json = NULL
       WHERE submission_rowid = ?
         AND field = (SELECT id FROM fields WHERE form_id = ? AND field_key = ?)`,
    );
    for (let after = 0; ;) {
      const rows = read.all(after, ROWS_PER_STEP);
      for (const row of rows) {
        // The status is not read: only the answers' values are taken.
        const { answers } = toSubmissionRow(JSON.parse(row.raw) as Submission, 'finished');
        for (const answer of answers)
          if (KIND_OF_TYPE[answer.type] === 'file')
            rewrite.run(answer.text, row.id, row.form_id, answer.fieldKey);
      }
      const last = rows.at(-1);
      if (!last) break;
      after = last.id;
    }
  },
};
