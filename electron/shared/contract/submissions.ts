import { z } from 'zod';
import { SortOrder, SubmissionStatus } from '../api/endpoints';
import { Submission } from '../api/submission';
import { op } from './define';
import { isoDate } from './isoDate';
import { SheetSettings } from './sheetSettings';

const formId = z.string().min(1).max(200);
const submissionId = z.string().min(1).max(200);
/** A question id, or `calculation:<id>` / `urlParameter:<id>` for the other value lists. */
const answerKey = z.string().min(1).max(300);

/** Fields every submission has (or lacks) outside its questions, sortable in the cache. */
export const SubmissionField = z.enum([
  'submissionTime',
  'lastUpdatedAt',
  'quizScore',
  'loginEmail',
  'paymentAmount',
]);
export type SubmissionField = z.infer<typeof SubmissionField>;

/** Sort by a submission field, or by the value of one question (or calculation, url parameter). */
export const SubmissionSort = z.union([SubmissionField, z.strictObject({ answer: answerKey })]);
export type SubmissionSort = z.infer<typeof SubmissionSort>;

/** Per-question filters, by what the question's type makes sensible. */
export const AnswerFilter = z.discriminatedUnion('op', [
  z.strictObject({ key: answerKey, op: z.literal('contains'), text: z.string().min(1).max(500) }),
  z.strictObject({
    key: answerKey,
    op: z.literal('numberRange'),
    min: z.number().optional(),
    max: z.number().optional(),
  }),
  z.strictObject({
    key: answerKey,
    op: z.literal('dateRange'),
    from: isoDate.optional(),
    to: isoDate.optional(),
  }),
  z.strictObject({ key: answerKey, op: z.literal('choiceIs'), value: z.string().max(500) }),
  /** Every row but those that chose the value, unanswered ones included. */
  z.strictObject({ key: answerKey, op: z.literal('choiceIsNot'), value: z.string().max(500) }),
  z.strictObject({
    key: answerKey,
    op: z.literal('choiceAnyOf'),
    values: z.array(z.string().max(500)).min(1).max(100),
  }),
  z.strictObject({ key: answerKey, op: z.literal('isEmpty') }),
  z.strictObject({ key: answerKey, op: z.literal('isNotEmpty') }),
]);
export type AnswerFilter = z.infer<typeof AnswerFilter>;

/** Which cached submissions: every option of the service's list endpoint, plus answer filters. */
export const SubmissionFilter = z.strictObject({
  formId,
  /** The service lists one status at a time (default `finished`); the cache can also show both. */
  status: z.enum([...SubmissionStatus.options, 'all']).default('finished'),
  includePreview: z.boolean().default(false),
  /** Submitted strictly after / before (the service's afterDate / beforeDate). */
  afterDate: isoDate.optional(),
  beforeDate: isoDate.optional(),
  // Not trimmed: the service searches for the text exactly as given, spaces included.
  search: z.string().max(500).optional(),
  answers: z.array(AnswerFilter).max(20).default([]),
  /** Only the submissions this import created, as its journal links them. */
  importJobId: z.string().min(1).max(200).optional(),
  sortBy: SubmissionSort.default('submissionTime'),
  sort: SortOrder.default('asc'),
});
export type SubmissionFilter = z.infer<typeof SubmissionFilter>;

/**
 * The view a form's table opens on: its finished submissions, newest first. A windows reader
 * reads it ahead when a workspace opens, so it must be the view the table asks for first.
 */
export const TABLE_OPENING_VIEW = {
  status: 'finished',
  sortBy: 'submissionTime',
  sort: 'desc',
} as const satisfies Partial<SubmissionFilter>;

export const MAX_QUERY_WINDOW = 500;

/** One row of the results table: the indexed fields, and the submission as the server sent it. */
export const SubmissionListRow = z.object({
  submissionId: z.string(),
  submissionTime: z.string(),
  lastUpdatedAt: z.string().nullable(),
  status: SubmissionStatus,
  isPreview: z.boolean(),
  submission: Submission,
});
export type SubmissionListRow = z.infer<typeof SubmissionListRow>;

export const StatusCounts = z.object({
  finished: z.number(),
  in_progress: z.number(),
  preview: z.number(),
});
export type StatusCounts = z.infer<typeof StatusCounts>;

/** CSV and .xlsx read like the table; JSON keeps each submission whole, for machines. */
export const ExportFormat = z.enum(['csv', 'xlsx', 'json']);
export type ExportFormat = z.infer<typeof ExportFormat>;

export const submissionOps = {
  /** Reads the cache alone: instant, and the same offline. */
  'submissions.query': op(
    SubmissionFilter.extend({
      offset: z.number().int().min(0).default(0),
      limit: z.number().int().min(1).max(MAX_QUERY_WINDOW).default(100),
    }),
    z.object({
      rows: z.array(SubmissionListRow),
      /** Every match; while `counted` is false, the matches found so far. */
      total: z.number(),
      offset: z.number(),
      /**
       * False when a search in a large cache answers with its first rows before it has counted
       * its matches; asked again, it counts.
       */
      counted: z.boolean(),
      /** Matches per status under the same filters (status aside); null until counted. */
      counts: StatusCounts.nullable(),
      /** Rows of the view before search, dates and answer filters narrow it: the M of "N of M". */
      unnarrowed: z.number(),
    }),
  ),
  'submissions.get': op(
    z.strictObject({ formId, submissionId, includeEditLink: z.boolean().default(false) }),
    z.object({
      submission: Submission,
      status: SubmissionStatus.nullable(),
      isPreview: z.boolean(),
      /** `server` when just read from the service; `cache` when offline (or the server failed). */
      source: z.enum(['server', 'cache']),
      syncedAt: z.string().nullable(),
      notice: z.string().optional(),
    }),
  ),
  'submissions.delete': op(
    z.strictObject({ formId, submissionId }),
    z.object({
      deleted: z.boolean(),
      /** True when the server no longer had it (deleted elsewhere): only the cache row was removed. */
      alreadyGone: z.boolean(),
      message: z.string(),
      /** The Activity entry that keeps its copy (`activity.recreate` brings it back); null without one. */
      copyId: z.number().nullable().optional(),
    }),
  ),
  'submissions.export': op(
    SubmissionFilter.extend({
      format: ExportFormat,
      /** CSV for Excel: a byte-order mark, so Excel reads the file as UTF-8. */
      bom: z.boolean().default(false),
      sheet: SheetSettings.default(() => SheetSettings.parse({})),
    }),
    // No path: where the data dir is stays in the core (files.saveExport delivers by id).
    z.object({
      exportId: z.string(),
      fileName: z.string(),
      rows: z.number(),
      bytes: z.number(),
    }),
  ),
};
