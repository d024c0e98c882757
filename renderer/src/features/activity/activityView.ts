import { type z } from 'zod';
import { ActivityKind, type ActivityFilter } from '../../../../electron/shared/contract/activity';
import { dayOf, type DateRange } from '../submissions/DateRangeControl';
import { DATE_PRESET_IDS, presetRange } from '../submissions/datePresets';
import { endOfLocalDay, startOfLocalDay } from '../submissions/filterOps';

/** What narrows the Activity list, as the screen's controls hold it. */
export interface ActivityView {
  search: string;
  kinds: ActivityKind[];
  formId: string | null;
  range: DateRange;
}

export const NO_RANGE: DateRange = { after: null, before: null, datePreset: null };

/**
 * The view from the URL hash (`q`, `kind` comma-separated, `formFilter`, and `preset` or the days
 * `from` / `to`). Read leniently: a hand-edited part that makes no sense is left out, the rest kept.
 * A preset is counted from now again, so "Last 7 days" reloaded tomorrow means tomorrow's week.
 */
export function viewFromLocation(params: Readonly<Record<string, string>>): ActivityView {
  const kinds = (params.kind ?? '')
    .split(',')
    .filter((kind): kind is ActivityKind => ActivityKind.safeParse(kind).success);
  const preset = DATE_PRESET_IDS.find((id) => id === params.preset);
  return {
    search: params.q ?? '',
    kinds,
    formId: params.formFilter || null,
    range: preset
      ? { ...presetRange(preset), datePreset: preset }
      : {
          after: params.from ? startOfLocalDay(params.from) : null,
          before: params.to ? endOfLocalDay(params.to) : null,
          datePreset: null,
        },
  };
}

/** The view as the URL hash keeps it: days, not instants, so it reads the same in any zone. */
export function viewToLocation(view: ActivityView): Record<string, string> {
  const { range } = view;
  const dates: Record<string, string> = range.datePreset
    ? { preset: range.datePreset }
    : { from: dayOf(range.after), to: dayOf(range.before, -1) };
  return {
    q: view.search,
    kind: view.kinds.join(','),
    formFilter: view.formId ?? '',
    ...dates,
  };
}

/** The filter of `activity.list` and `activity.export`: the list and its export match. */
export function toActivityFilter(view: ActivityView): z.input<typeof ActivityFilter> {
  const search = view.search.trim();
  return {
    ...(search ? { search } : {}),
    ...(view.kinds.length > 0 ? { kinds: view.kinds } : {}),
    ...(view.formId ? { formId: view.formId } : {}),
    ...(view.range.after ? { afterDate: view.range.after } : {}),
    ...(view.range.before ? { beforeDate: view.range.before } : {}),
  };
}

export function isNarrowed(view: ActivityView): boolean {
  return Object.keys(toActivityFilter(view)).length > 0;
}
