import { z } from 'zod';
import { AnswerFilter } from '../../../../electron/shared/contract/submissions';
import { DATE_PRESET_IDS, presetRange } from './datePresets';

/**
 * What the user is looking at: the toolbar's filters and the table's layout. Kept per form (and
 * workspace) in localStorage, so it is parsed back leniently: a stale or hand-edited entry loses
 * only the parts that no longer fit, never the screen.
 */
export const BrowseFilters = z
  .object({
    status: z.enum(['finished', 'in_progress']).catch('finished'),
    after: z.string().nullable().catch(null),
    before: z.string().nullable().catch(null),
    /** The preset the dates came from ("Last 90 days"): named as such, and counted from now again when read back. */
    datePreset: z.enum(DATE_PRESET_IDS).nullable().catch(null),
    search: z.string().catch(''),
    includePreview: z.boolean().catch(false),
    /** Only the rows this import created ("Open the submissions" after an import). */
    importJobId: z.string().nullable().catch(null),
    /** Kept one by one: a filter the contract no longer accepts is dropped, the others stay. */
    answers: z.array(z.unknown()).catch([]).transform(keepValidFilters),
  })
  .transform((filters) =>
    filters.datePreset ? { ...filters, ...presetRange(filters.datePreset) } : filters,
  );
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
    filters: {
      status: 'finished',
      after: null,
      before: null,
      datePreset: null,
      search: '',
      includePreview: false,
      importJobId: null,
      answers: [],
    },
    layout: {
      columnOrder: [],
      columnVisibility: {},
      columnSizing: {},
      columnPinning: { left: ['submissionTime'], right: [] },
      sorting: [{ id: 'submissionTime', desc: true }],
    },
  };
}

function keepValidFilters(items: unknown[]): AnswerFilter[] {
  return items.flatMap((item) => {
    const parsed = AnswerFilter.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

/** Whether search, dates, an import or answer filters narrow the view below its status. */
export function isNarrowed(filters: BrowseFilters): boolean {
  return Boolean(
    filters.search ||
    filters.after ||
    filters.before ||
    filters.importJobId ||
    filters.answers.length > 0,
  );
}

/** The filters' patch that lets every narrowing go, the status and previews kept. */
export const NO_NARROWING = {
  search: '',
  after: null,
  before: null,
  datePreset: null,
  importJobId: null,
  answers: [],
} satisfies Partial<BrowseFilters>;
