import { z } from 'zod';
import { op } from './define';
import { SubmissionFilter } from './submissions';

/** How a span of time is cut: by the day, the week (from Monday, UTC) or the month. */
export const TimeBucket = z.enum(['day', 'week', 'month']);
export type TimeBucket = z.infer<typeof TimeBucket>;

/** One answer and the submissions that gave it. */
const ValueCount = z.object({ value: z.string(), count: z.number() });
export type ValueCount = z.infer<typeof ValueCount>;

const NumberCount = z.object({ value: z.number(), count: z.number() });

/** Counts per bucket; `start` is the bucket's first day (YYYY-MM-DD). */
const TimePoint = z.object({ start: z.string(), count: z.number() });

/** What every question's summary says: which question, and how many in the view answered it. */
const Base = {
  key: z.string(),
  name: z.string(),
  type: z.string(),
  answered: z.number(),
};

export const QuestionSummary = z.discriminatedUnion('kind', [
  /** Dropdowns, multiple choice, checkboxes: each option (in the form's order when it is known). */
  z.object({
    ...Base,
    kind: z.literal('choice'),
    /**
     * True when one submission may pick several options (checkboxes): the options' shares may then
     * add up to more than the whole.
     */
    multiple: z.boolean(),
    options: z.array(ValueCount),
    /** Answers that are none of the form's options (an option since removed, a typed "other"). */
    other: z.number(),
  }),
  /** Star ratings and opinion scales: how many gave each value. */
  z.object({
    ...Base,
    kind: z.literal('rating'),
    distribution: z.array(NumberCount),
    average: z.number().nullable(),
    /** A 0–10 scale's Net Promoter Score: promoters (9–10) less detractors (0–6), in percent. */
    nps: z
      .object({
        promoters: z.number(),
        passives: z.number(),
        detractors: z.number(),
        score: z.number(),
      })
      .nullable(),
  }),
  z.object({
    ...Base,
    kind: z.literal('number'),
    min: z.number().nullable(),
    median: z.number().nullable(),
    max: z.number().nullable(),
    average: z.number().nullable(),
    sum: z.number(),
    /** Equal bins from min to max; the last one holds max. */
    histogram: z.array(z.object({ from: z.number(), to: z.number(), count: z.number() })),
  }),
  z.object({ ...Base, kind: z.literal('date'), bucket: TimeBucket, points: z.array(TimePoint) }),
  /** Rows of a matrix by the column each got. */
  z.object({
    ...Base,
    kind: z.literal('matrix'),
    rows: z.array(z.string()),
    columns: z.array(z.string()),
    cells: z.array(z.object({ row: z.string(), column: z.string(), count: z.number() })),
  }),
  /** Each item's average place (1 = first), best first. */
  z.object({
    ...Base,
    kind: z.literal('ranking'),
    items: z.array(z.object({ value: z.string(), averagePosition: z.number(), count: z.number() })),
  }),
  z.object({ ...Base, kind: z.literal('boolean'), yes: z.number(), no: z.number() }),
  /** File uploads, signatures, recordings: only how many sent one. */
  z.object({ ...Base, kind: z.literal('file') }),
  /** Free text: the answers given most often, and the latest few. */
  z.object({
    ...Base,
    kind: z.literal('text'),
    /** Answers given more than once, most frequent first. */
    top: z.array(ValueCount),
    latest: z.array(
      z.object({ submissionId: z.string(), submissionTime: z.string(), text: z.string() }),
    ),
  }),
]);
export type QuestionSummary = z.infer<typeof QuestionSummary>;

export const SubmissionSummary = z.object({
  /** Submissions in the view. */
  total: z.number(),
  /** Submissions over time under the same filters, status aside: finished and in progress. */
  timeline: z.object({
    bucket: TimeBucket,
    points: z.array(z.object({ start: z.string(), finished: z.number(), inProgress: z.number() })),
  }),
  questions: z.array(QuestionSummary),
  /** Null when no submission of the view has a score. */
  quiz: z
    .object({
      answered: z.number(),
      average: z.number(),
      maxScore: z.number().nullable(),
      distribution: z.array(NumberCount),
    })
    .nullable(),
  /** Payments per currency, amounts in the currency's minor unit (cents), as the service sends. */
  payments: z.array(z.object({ currency: z.string(), count: z.number(), sum: z.number() })),
});
export type SubmissionSummary = z.infer<typeof SubmissionSummary>;

export const summaryOps = {
  /**
   * What the answers of a view say, one figure set per question: read from the cache's indexes
   * alone, with the same filters as `submissions.query` (its sort aside).
   */
  'submissions.summary': op(SubmissionFilter, SubmissionSummary),
};
