import { z } from 'zod';
import { Submission } from './submission';

// The local API's own surface, beyond the service's interface: the data file it loads
// (`--data file.json`), the `/__local/` admin bodies, fault rules, the request log and the
// mutation log of its `--store` file. Tests and the demo workspace speak these shapes too.

const Named = z.object({ id: z.string().min(1), name: z.string() });

export const LocalQuestion = Named.extend({
  /** Open list, like the service's: an unknown type is served as given. */
  type: z.string().min(1),
  options: z.array(z.string()).optional(),
  /** A scale's range (star ratings, opinion scales, sliders) when it is not the editor's default. */
  min: z.number().optional(),
  max: z.number().optional(),
  /** The form cannot be sent without an answer to this question. */
  required: z.boolean().optional(),
  /** Quiz forms: the answer that scores `points` (default 1). */
  correct: z.unknown().optional(),
  points: z.number().int().min(0).optional(),
});
export type LocalQuestion = z.infer<typeof LocalQuestion>;

export const LocalCalculation = Named.extend({
  type: z.enum(['number', 'text', 'duration']),
  /** Question ids the value is computed from (number: sum, text: joined answers). */
  sources: z.array(z.string()).optional(),
});
export type LocalCalculation = z.infer<typeof LocalCalculation>;

/**
 * A submission in a data file: the service's shape, plus two local-only keys that are read and
 * never served: `status` (default finished) and `preview` (default false).
 */
export const LocalDataSubmission = Submission.extend({
  status: z.enum(['finished', 'in_progress']).optional(),
  preview: z.boolean().optional(),
});
export type LocalDataSubmission = z.infer<typeof LocalDataSubmission>;

export const LocalForm = Named.extend({
  questions: z.array(LocalQuestion),
  calculations: z.array(LocalCalculation).optional(),
  urlParameters: z.array(Named).optional(),
  scheduling: z.array(Named).optional(),
  payments: z.array(Named).optional(),
  quiz: z.object({ enabled: z.boolean() }).optional(),
  /** The form has a login page: submissions carry `login.email`. */
  login: z.boolean().optional(),
  submissions: z.array(LocalDataSubmission).optional(),
});
export type LocalForm = z.infer<typeof LocalForm>;

export const LocalApiData = z.object({ forms: z.array(LocalForm).min(1) });
export type LocalApiData = z.infer<typeof LocalApiData>;

/** Which requests a fault applies to, and for how long. */
const FaultScope = {
  /** HTTP method, e.g. `POST`; any when absent. */
  method: z.string().min(1).optional(),
  // Path below the base URL; `*` stands for one segment: `/forms/*/submissions`.
  path: z.string().min(1).optional(),
  /** Lets this many matching requests pass first: a service that slows or fails part-way. */
  after: z.number().int().min(1).optional(),
  /** Applies to at most this many matching requests. */
  times: z.number().int().min(1).optional(),
  /** Applies for this many milliseconds after it is set. */
  forMs: z.number().int().min(1).optional(),
  /** Probability (seeded) that a matching request is hit; 1 when absent. */
  rate: z.number().min(0).max(1).optional(),
};

export const FaultRule = z.discriminatedUnion('kind', [
  /**
   * Delay the answer by `ms`, plus a uniform random `0..jitterMs`, plus a long tail: an
   * exponential random delay averaging `tailMs` (most requests quick, a few very slow).
   */
  z.object({
    kind: z.literal('latency'),
    ms: z.number().int().min(0),
    jitterMs: z.number().int().min(0).optional(),
    tailMs: z.number().int().min(0).optional(),
    ...FaultScope,
  }),
  z.object({
    kind: z.literal('serverError'),
    status: z.number().int().min(500).max(599).optional(),
    ...FaultScope,
  }),
  /** Answer 429 as the rate limiter would (a storm, with `times` or `forMs`). */
  z.object({ kind: z.literal('tooManyRequests'), ...FaultScope }),
  /** Destroy the connection before any response. */
  z.object({ kind: z.literal('reset'), ...FaultScope }),
  /** Create only: store the batch, then destroy the connection so the caller never hears. */
  z.object({ kind: z.literal('commitThenReset'), ...FaultScope }),
  /**
   * Create only: a gateway answers `status` (504 when absent) while the service behind it goes on
   * and commits the request `commitAfterMs` after it arrived: a 5xx that did not mean "not done".
   */
  z.object({
    kind: z.literal('lateCommit'),
    status: z.number().int().min(500).max(599).optional(),
    commitAfterMs: z.number().int().min(0),
    ...FaultScope,
  }),
  /**
   * Just before this request is handled, a respondent submits the answers of the first row of the
   * last create the service was sent (answered, failed or dropped): a look-alike of an import's row.
   */
  z.object({ kind: z.literal('lookAlike'), ...FaultScope }),
]);
export type FaultRule = z.infer<typeof FaultRule>;

export const SetFaultsRequest = z.object({ faults: z.array(FaultRule) });

/** `POST /__local/forms/:formId/respond`: every field optional; the rest is generated. */
export const RespondRequest = z.object({
  answers: z.record(z.string(), z.unknown()).optional(),
  status: z.enum(['finished', 'in_progress']).optional(),
  preview: z.boolean().optional(),
  submissionTime: z.iso.datetime().optional(),
});
export type RespondRequest = z.infer<typeof RespondRequest>;

/** `POST /__local/forms/:formId/submissions/:id/edit`: which answer changes (else one is picked). */
export const EditRequest = z.object({
  questionId: z.string().min(1).optional(),
  value: z.unknown().optional(),
});
export type EditRequest = z.infer<typeof EditRequest>;

export const RequestLogEntry = z.object({
  method: z.string(),
  path: z.string(),
  query: z.record(z.string(), z.string()),
  /** 0 when the connection was destroyed without an answer. */
  status: z.number().int(),
  time: z.string(),
  durationMs: z.number(),
  /** Creates only: how many submissions were stored. */
  created: z.number().int().optional(),
});
export type RequestLogEntry = z.infer<typeof RequestLogEntry>;

/** One line of the `--store` file: a change on top of the seeded data. */
export const LocalMutation = z.discriminatedUnion('op', [
  z.object({
    op: z.literal('init'),
    fingerprint: z.string(),
    /** When the generated rows end: stores made before it was written end where the seed's do. */
    generatedUntil: z.iso.datetime().optional(),
  }),
  z.object({
    op: z.literal('add'),
    formId: z.string(),
    submission: Submission,
    status: z.enum(['finished', 'in_progress']),
    preview: z.boolean(),
  }),
  z.object({ op: z.literal('delete'), formId: z.string(), submissionId: z.string() }),
  z.object({
    op: z.literal('edit'),
    formId: z.string(),
    submissionId: z.string(),
    lastUpdatedAt: z.string(),
    questionId: z.string(),
    value: z.unknown(),
  }),
  z.object({
    op: z.literal('finish'),
    formId: z.string(),
    submissionId: z.string(),
    lastUpdatedAt: z.string(),
  }),
  z.object({
    op: z.literal('webhookCreate'),
    id: z.number().int(),
    formId: z.string(),
    url: z.string(),
  }),
  z.object({ op: z.literal('webhookDelete'), id: z.number().int() }),
]);
export type LocalMutation = z.infer<typeof LocalMutation>;
