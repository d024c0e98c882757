import { SubmissionStatus } from '../../shared/api/endpoints';
import { type CacheStores } from '../cache/cacheStores';

/**
 * Keeps a form's preview responses from now on. The service lists them only in a walk that asks
 * for them, so one is made due on each status: the next sync of the form fetches them. False when
 * the form kept them already (nothing to fetch).
 */
export function keepPreviews(stores: CacheStores, formId: string): boolean {
  return stores.db
    .transaction(() => {
      if (!stores.forms.keepPreviews(formId)) return false;
      for (const status of SubmissionStatus.options) stores.syncState.askWalk(formId, status);
      return true;
    })
    .immediate();
}
