import { z } from 'zod';

/**
 * What the user is looking at: the toolbar's filters and the table's layout. Kept per form (and
 * workspace) in localStorage, so it is parsed back leniently: a stale or hand-edited entry loses
 * only the parts that no longer fit, never the screen.
 */
export const QuestionFilter = z.discriminatedUnion('op', [
  z.object({ questionId: z.string(), op: z.literal('contains'), text: z.string() }),
  z.object({ questionId: z.string(), op: z.literal('between'), min: z.number().nullable(), max: z.number().nullable() }),
  z.object({ questionId: z.string(), op: z.literal('dateBetween'), after: z.string().nullable(), before: z.string().nullable() }),
  z.object({ questionId: z.string(), op: z.literal('is'), values: z.array(z.string()) }),
  z.object({ questionId: z.string(), op: z.literal('empty') }),
]);
export type QuestionFilter = z.infer<typeof QuestionFilter>;
export type QuestionFilterOp = QuestionFilter['op'];

export const BrowseFilters = z.object({
  status: z.enum(['finished', 'in_progress']).catch('finished'),
  after: z.string().nullable().catch(null),
  before: z.string().nullable().catch(null),
  search: z.string().catch(''),
  includePreview: z.boolean().catch(false),
  questions: z.array(QuestionFilter).catch([]),
});
export type BrowseFilters = z.infer<typeof BrowseFilters>;

export const SortRule = z.object({ id: z.string(), desc: z.boolean() });
export type SortRule = z.infer<typeof SortRule>;

export const TableLayout = z.object({
  columnOrder: z.array(z.string()).catch([]),
  columnVisibility: z.record(z.string(), z.boolean()).catch({}),
  columnSizing: z.record(z.string(), z.number()).catch({}),
  columnPinning: z
    .object({ left: z.array(z.string()).catch([]), right: z.array(z.string()).catch([]) })
    .catch({ left: [], right: [] }),
  sorting: z.array(SortRule).catch([]),
});
export type TableLayout = z.infer<typeof TableLayout>;

export const BrowseView = z.object({
  filters: BrowseFilters.catch(() => defaultView().filters),
  layout: TableLayout.catch(() => defaultView().layout),
});
export type BrowseView = z.infer<typeof BrowseView>;

export function defaultView(): BrowseView {
  return {
    filters: { status: 'finished', after: null, before: null, search: '', includePreview: false, questions: [] },
    layout: {
      columnOrder: [],
      columnVisibility: {},
      columnSizing: {},
      columnPinning: { left: ['submissionTime'], right: [] },
      sorting: [{ id: 'submissionTime', desc: true }],
    },
  };
}

/** True when a filter narrows nothing yet (an empty "contains", a range with no bound). */
export function isBlankFilter(filter: QuestionFilter): boolean {
  switch (filter.op) {
    case 'contains':
      return filter.text.trim() === '';
    case 'between':
      return filter.min === null && filter.max === null;
    case 'dateBetween':
      return filter.after === null && filter.before === null;
    case 'is':
      return filter.values.length === 0;
    case 'empty':
      return false;
  }
}
