import { z } from 'zod';
import { op } from './define';
import { StatusCounts } from './submissions';

/**
 * A form as the cache knows it: what it holds, how fresh, and recent activity for a small chart.
 * `forms.list` always fills every field; they are optional so a bare `{formId, name}` still is one.
 */
export const FormRow = z.object({
  formId: z.string(),
  name: z.string(),
  counts: StatusCounts.optional(),
  lastSyncedAt: z.string().nullable().optional(),
  syncState: z.enum(['never', 'syncing', 'synced', 'error']).optional(),
  stale: z.boolean().optional(),
  /** Submissions (previews aside) per UTC day, oldest first, zero days included. */
  perDay: z.array(z.object({ day: z.string(), count: z.number() })).optional(),
  /** Finished submissions (previews aside) in the last `days` days, as the table's preset counts. */
  recent: z.object({ days: z.number(), finished: z.number() }).optional(),
});
export type FormRow = z.infer<typeof FormRow>;

export const QuestionInfo = z.object({
  /** A question id, or `calculation:<id>` / `urlParameter:<id>`: the key answers filter and sort by. */
  id: z.string(),
  name: z.string(),
  type: z.string(),
  kind: z.enum(['question', 'calculation', 'urlParameter']).optional(),
  /** The answers a choice question offers, in the form's order, when the service says. */
  options: z.array(z.string()).optional(),
  /** The span of submission times the field was seen in (a question added or dropped later). */
  firstSeenAt: z.string().nullable().optional(),
  lastSeenAt: z.string().nullable().optional(),
});
export type QuestionInfo = z.infer<typeof QuestionInfo>;

const formId = z.string().min(1).max(200);

export const formOps = {
  /** From the cache; the list itself is refreshed from the server first when it can be reached. */
  'forms.list': op(
    z.strictObject({}),
    z.object({ forms: z.array(FormRow), source: z.enum(['server', 'cache']).optional() }),
  ),
  'questions.list': op(z.strictObject({ formId }), z.object({ questions: z.array(QuestionInfo) })),
  /**
   * Keeps the form's preview responses in the cache from now on. The first time, a sync that
   * fetches them starts (`fetching`); they arrive as it walks the form.
   */
  'forms.keepPreviews': op(z.strictObject({ formId }), z.object({ fetching: z.boolean() })),
};
