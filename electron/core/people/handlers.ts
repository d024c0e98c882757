import { type HandlersOn } from '../../shared/contract';
import { type AppContext } from '../operations/context';
import { bulkDeletesFor } from '../submissions/bulkDeletes';

/**
 * A person's erasure: the submissions they confirmed go as a bulk job that keeps no copies; once it
 * ends, what this machine still holds of them goes too (`eraseLocalCopies`). Their search and
 * export read the cache alone (`cacheReads.ts`).
 */
export function peopleHandlers(ctx: AppContext): Pick<HandlersOn<'core'>, 'people.erase'> {
  const deletes = bulkDeletesFor(ctx);
  return {
    'people.erase': async ({ query, submissions }) => deletes.start('erase', submissions, [query]),
  };
}
