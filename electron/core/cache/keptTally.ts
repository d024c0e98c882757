import { type SubmissionStatus } from '../../shared/api/endpoints';
import { type AnswerFilter, type SubmissionFilter } from '../../shared/contract/submissions';
import { FIELD_OF } from './answerField';
import { type QueryStatements } from './queryStatements';
import { type Param } from './viewConditions';

/** Matches per status, whatever the filter's status; previews among them apart. */
export interface StatusTally {
  status: SubmissionStatus;
  n: number;
  previews: number;
}

/** The kept counts of one question of a form, every status and preview flag. */
const QUESTION = `form_id = ? AND status IN ('finished', 'in_progress') AND is_preview IN (0, 1)
  AND field_key = ?`;

/**
 * The counts of a view narrowed by one choice, or by whether a question was answered, from the
 * counts a sync keeps per answer (`answer_counts`, `answer_totals`, `submission_counts`): counting
 * the rows that pass would read the status of every row of the form. Null for any other view, and
 * for a choice whose answers those counts do not hold one by one: lists of choices, and answers
 * counted in the totals alone (files, e-mail addresses), whose counts then fall short of the totals.
 */
export function keptTally(reads: QueryStatements, filter: SubmissionFilter): StatusTally[] | null {
  const [answer, ...more] = filter.answers;
  if (!answer || more.length > 0 || filter.search || filter.importJobId !== undefined) return null;
  if (filter.afterDate !== undefined || filter.beforeDate !== undefined) return null;
  const passed = passedCounts(filter.formId, answer);
  if (!passed) return null;
  const tally = passed.except
    ? `SELECT r.status, sum(r.n - ifnull(c.n, 0)) AS n,
         sum(iif(r.is_preview = 1, r.n - ifnull(c.n, 0), 0)) AS previews
       FROM submission_counts r LEFT JOIN passed c USING (status, is_preview)
       WHERE r.form_id = ? GROUP BY r.status ORDER BY r.status`
    : `SELECT status, sum(n) AS n, sum(iif(is_preview = 1, n, 0)) AS previews
       FROM passed GROUP BY status ORDER BY status`;
  // One snapshot, so that nothing is stored between the look at the counts and the counts.
  return reads.db.transaction(() => {
    if (passed.byValue && uncounted(reads, filter.formId, answer.key)) return null;
    return reads
      .statement<StatusTally>(`WITH passed AS (${passed.sql}) ${tally}`)
      .all(...passed.params, ...(passed.except ? [filter.formId] : []))
      .filter((entry) => entry.n > 0);
  })();
}

/**
 * The kept counts of the rows an answer filter lets through (or, with `except`, of those it keeps
 * out), per status and preview flag; `byValue` when they are counts of single answers.
 */
function passedCounts(
  formId: string,
  answer: AnswerFilter,
): { sql: string; params: Param[]; except: boolean; byValue: boolean } | null {
  switch (answer.op) {
    case 'choiceIs':
    case 'choiceIsNot':
    case 'choiceAnyOf': {
      const values = answer.op === 'choiceAnyOf' ? answer.values : [answer.value];
      // The counts hold an answer without text under '', with the answers that are ''.
      if (values.length === 0 || values.includes('')) return null;
      return {
        sql: `SELECT status, is_preview, sum(n) AS n FROM answer_counts
          WHERE ${QUESTION} AND value_text IN (${values.map(() => '?').join(', ')})
          GROUP BY status, is_preview`,
        params: [formId, answer.key, ...values],
        except: answer.op === 'choiceIsNot',
        byValue: true,
      };
    }
    case 'isNotEmpty':
    case 'isEmpty':
      return {
        sql: `SELECT status, is_preview, n FROM answer_totals WHERE ${QUESTION}`,
        params: [formId, answer.key],
        except: answer.op === 'isEmpty',
        byValue: false,
      };
    default:
      return null;
  }
}

/** Whether some of the question's answers are lists, or counted in its totals but not by value. */
function uncounted(reads: QueryStatements, formId: string, key: string): boolean {
  return (
    reads
      .statement<number>(
        `SELECT EXISTS (SELECT 1 FROM answers INDEXED BY answers_listed
             WHERE field = ${FIELD_OF} AND value_json IS NOT NULL)
          OR EXISTS (SELECT 1 FROM answer_totals t
             WHERE t.form_id = ? AND t.status IN ('finished', 'in_progress')
               AND t.is_preview IN (0, 1) AND t.field_key = ?
               AND t.n != (SELECT ifnull(sum(c.n), 0) FROM answer_counts c
                 WHERE c.form_id = t.form_id AND c.status = t.status
                   AND c.is_preview = t.is_preview AND c.field_key = t.field_key))`,
      )
      .pluck()
      .get(formId, key, formId, key) === 1
  );
}
