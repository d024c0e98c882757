import { type SubmissionSummary } from '../../shared/contract/summary';
import { type StatementCache } from './statementCache';
import { type DayCount, quizOf, type ScoreCount, timelineOf } from './summaryGroups';
import { type Param } from './viewConditions';
import { type Rows, type ViewAnswers } from './viewAnswers';

/** The figures of a view read from its rows in SQL: `rows` of its status, `span` of every status. */
export function rowFigures(
  reads: StatementCache,
  rows: Rows,
  span: Rows,
): Pick<ViewAnswers, 'timeline' | 'quiz' | 'payments'> {
  return {
    timeline: () => timeline(reads, span),
    quiz: () => quiz(reads, rows),
    payments: () => payments(reads, rows),
  };
}

/** Submissions per bucket of time under the same filters, status aside. */
function timeline(reads: StatementCache, span: Rows): SubmissionSummary['timeline'] {
  return timelineOf(
    reads
      .statement<Param[], DayCount>(
        `SELECT substr(s.submission_time, 1, 10) AS day, sum(s.status = 'finished') AS finished,
                  sum(s.status = 'in_progress') AS inProgress
           FROM ${span.from} WHERE ${span.where} GROUP BY day ORDER BY day`,
      )
      .all(...span.params),
  );
}

function quiz(reads: StatementCache, rows: Rows): SubmissionSummary['quiz'] {
  const distribution = reads
    .statement<Param[], ScoreCount>(
      `SELECT s.quiz_score AS value, count(*) AS count
         FROM ${rows.from} WHERE ${rows.where} AND s.quiz_score IS NOT NULL GROUP BY s.quiz_score ORDER BY s.quiz_score`,
    )
    .all(...rows.params);
  if (distribution.length === 0) return null;
  // The highest score possible, as the latest scored submission states it.
  const maxScore = reads
    .statement<Param[], { max: number | null }>(
      `SELECT submission_json(s.raw) ->> '$.quiz.maxScore' AS max
         FROM ${rows.from} WHERE ${rows.where} AND s.quiz_score IS NOT NULL ORDER BY s.submission_time DESC LIMIT 1`,
    )
    .get(...rows.params)?.max;
  return quizOf(distribution, maxScore ?? null);
}

/** Payments with an amount, per currency: the cache keeps their total per row, the currency in the row. */
export function payments(reads: StatementCache, rows: Rows): SubmissionSummary['payments'] {
  return reads
    .statement<Param[], { currency: string; count: number; sum: number }>(
      `SELECT coalesce(p.value ->> '$.value.currency', '') AS currency, count(*) AS count,
                sum(p.value ->> '$.value.totalAmount') AS sum
         FROM ${rows.from}, json_each(submission_json(s.raw), '$.payments') p
         WHERE ${rows.where} AND s.payment_amount IS NOT NULL
           AND typeof(p.value ->> '$.value.totalAmount') IN ('integer', 'real')
         GROUP BY currency ORDER BY count DESC, currency`,
    )
    .all(...rows.params);
}
