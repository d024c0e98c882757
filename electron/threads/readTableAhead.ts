import { type CacheStores } from '../core/cache/cacheStores';
import { windowJson } from '../core/cache/windowJson';
import { contract } from '../shared/contract';
import { type SubmissionFilter, TABLE_OPENING_VIEW } from '../shared/contract/submissions';

/**
 * Windows of the opening view asked after its order: the screens a first scroll reaches. A reader
 * answered its first few dozen windows in about twice the time of later ones (its code not yet
 * compiled for them), and those were the windows a user scrolled through first.
 */
const SCREENS_AHEAD = 50;

export interface TableReadAhead {
  view: SubmissionFilter;
  rows: number;
  /** The inputs of the view's next windows, for its reader to ask of itself as the shell asks. */
  screens: { offset: number; limit: number }[];
}

/**
 * Reads the view the first form's table opens on ahead of the first click: its first window, then
 * its whole order and counts. A cold reader is slow over its first windows, and a reader that had
 * not read the view's order reads it all before its first window deep in the view. Answers the
 * view read, how many rows it holds and the windows of its next screens; null while no form is
 * cached.
 */
export function readTableAhead(stores: CacheStores): TableReadAhead | null {
  const [first] = stores.forms.list();
  if (!first) return null;
  const { offset, limit, ...view } = contract['submissions.query'].input.parse({
    formId: first.formId,
    ...TABLE_OPENING_VIEW,
  });
  windowJson(stores.query, view, offset, limit);
  const rows = stores.query.readView(view);
  const screens: TableReadAhead['screens'] = [];
  for (let at = offset + limit; at < Math.min(rows, offset + SCREENS_AHEAD * limit); at += limit)
    screens.push({ offset: at, limit });
  return { view, rows, screens };
}
