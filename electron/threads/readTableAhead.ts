import { type CacheStores } from '../core/cache/cacheStores';
import { windowJson } from '../core/cache/windowJson';
import { contract } from '../shared/contract';
import { type SubmissionFilter, TABLE_OPENING_VIEW } from '../shared/contract/submissions';

/**
 * Windows of the opening view read after its order: the screens a first scroll reaches. A reader
 * answered its first few dozen windows in about twice the time of later ones (its code not yet
 * compiled for them), and those were the windows a user scrolled through first.
 */
const SCREENS_AHEAD = 20;

/**
 * Reads the view the first form's table opens on ahead of the first click: its first window, then
 * its whole order and counts, then its next screens. A cold reader is slow over its first windows,
 * and a reader that had not read the view's order reads it all before its first window deep in the
 * view. Answers the view read and how many rows it holds; null while no form is cached.
 */
export function readTableAhead(
  stores: CacheStores,
): { view: SubmissionFilter; rows: number } | null {
  const [first] = stores.forms.list();
  if (!first) return null;
  const { offset, limit, ...view } = contract['submissions.query'].input.parse({
    formId: first.formId,
    ...TABLE_OPENING_VIEW,
  });
  windowJson(stores.query, view, offset, limit);
  const rows = stores.query.readView(view);
  for (let at = offset + limit; at < Math.min(rows, offset + SCREENS_AHEAD * limit); at += limit)
    windowJson(stores.query, view, at, limit);
  return { view, rows };
}
