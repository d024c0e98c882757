import { z } from 'zod';
import { op } from './define';
import { isoDate } from './isoDate';
import { SheetSettings } from './sheetSettings';
import { ExportFormat } from './submissions';

/** Everything the log records: the filter offers these, and the screen names each. */
export const ActivityKind = z.enum([
  'submission.deleted',
  /** A deleted submission's copy was created again on the service, as a new submission. */
  'submission.recreated',
  /** A bulk delete ended: how many, on which forms; each row's copy is an entry of its own. */
  'submissions.bulkDeleted',
  /** A person's submissions were erased: how many, on which forms, when; nothing of theirs. */
  'people.erased',
  'webhook.created',
  'webhook.deleted',
  'webhook.forgotten',
  'webhook.uncertain',
  'webhook.exists',
  'cache.rebuilt',
  'cache.damaged',
  'import.unconfirmed',
  /** A desktop assistant read the cache through `npm run mcp`: which tool, form and rows. */
  'assistant.read',
]);
export type ActivityKind = z.infer<typeof ActivityKind>;

/**
 * Where the creation of a copy again stands: `creating` while it is sent, `checking` while the
 * service's answer was lost and it is looked for before anything is sent again, `toCheck` when it
 * could not be confirmed (the person decides in Imports), `failed` when the service refused it.
 */
export const RecreationState = z.enum(['creating', 'checking', 'created', 'toCheck', 'failed']);
export type RecreationState = z.infer<typeof RecreationState>;

export const Recreation = z.object({
  state: RecreationState,
  /** The new submission's id, once it is created. */
  submissionId: z.string().nullable(),
  /** The import job that sends it, exactly once, as an import's rows are sent. */
  jobId: z.string(),
  message: z.string(),
});
export type Recreation = z.infer<typeof Recreation>;

export const ActivityEntry = z.object({
  id: z.number(),
  at: z.string(),
  workspaceId: z.string(),
  /** What happened, e.g. `submission.deleted`. */
  kind: z.string(),
  formId: z.string().nullable(),
  submissionId: z.string().nullable(),
  summary: z.string(),
  /** Who a deleted submission came from (name and e-mail, from its snapshot), when it says. */
  respondent: z.string().nullable(),
  /** What was removed, whole, when there was a copy of it. */
  snapshot: z.unknown(),
  /** A deleted submission's copy that was created again, or is being: how it stands. */
  recreation: Recreation.nullable().optional(),
});
export type ActivityEntry = z.infer<typeof ActivityEntry>;

/**
 * Which entries: each part narrows, and an empty filter is the whole log. The dates have the
 * submissions filter's shape, the browser turning a person's days into instants of their zone.
 */
export const ActivityFilter = z
  .strictObject({
    /** Found in the respondent, the form's name, the summary or the submission id; any case. */
    search: z.string().max(500).optional(),
    kinds: z.array(ActivityKind).max(ActivityKind.options.length).optional(),
    formId: z.string().min(1).max(200).optional(),
    /** Recorded at or after this instant. */
    afterDate: isoDate.optional(),
    /** Recorded strictly before this instant (the start of the day after the last one shown). */
    beforeDate: isoDate.optional(),
  })
  .refine(
    ({ afterDate, beforeDate }) =>
      afterDate === undefined ||
      beforeDate === undefined ||
      Date.parse(afterDate) < Date.parse(beforeDate),
    {
      message: 'the range ends before it starts: choose a last day on or after the first',
      path: ['beforeDate'],
    },
  );
export type ActivityFilter = z.infer<typeof ActivityFilter>;

export const activityOps = {
  /** The local audit log, newest first; pass the last id as `beforeId` for the next page. */
  'activity.list': op(
    z.strictObject({
      limit: z.number().int().min(1).max(500).default(100),
      beforeId: z.number().int().optional(),
      filter: ActivityFilter.default({}),
    }),
    z.object({
      entries: z.array(ActivityEntry),
      nextBeforeId: z.number().nullable(),
      /** Entries the filter matches, and entries in the whole log: the N and M of "N of M". */
      total: z.number(),
      unnarrowed: z.number(),
    }),
  ),
  /**
   * Creates a deleted submission again from its copy in Activity: a new submission (the service
   * gives it a new id) with the copy's answers and submitted time, sent once through the import's
   * journal. Asked again, it answers how the first one stands and never sends a second.
   */
  'activity.recreate': op(
    z.strictObject({ entryId: z.number().int().min(1) }),
    Recreation.extend({
      /** True when this copy had already been created again: nothing more was sent. */
      already: z.boolean(),
    }),
  ),
  /**
   * The entries the filter matches (the whole log without one) as a file under exports: JSON
   * whole, CSV or .xlsx as the list reads.
   */
  'activity.export': op(
    z.strictObject({
      filter: ActivityFilter.default({}),
      format: ExportFormat.default('json'),
      bom: z.boolean().default(false),
      sheet: SheetSettings.default(() => SheetSettings.parse({})),
    }),
    z.object({
      exportId: z.string(),
      fileName: z.string(),
      entries: z.number(),
      bytes: z.number(),
    }),
  ),
};
