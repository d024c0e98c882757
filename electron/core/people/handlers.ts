import { type HandlersOn } from '../../shared/contract';
import { type AppContext } from '../session/context';
import { bulkDeletesFor } from '../submissions/bulkDeletes';
import { eraseLocalCopies } from './eraseLocalCopies';
import { erasurePlaces } from './erasurePlaces';
import { erasureTerms } from './peopleSearch';

/**
 * A person's erasure: the submissions they confirmed go as a bulk job that keeps no copies; once it
 * ends, what this machine still holds of them goes too (`eraseLocalCopies`), found by the same
 * terms the confirmation named it by (`people.erasePlaces`). Their search and export read the cache
 * alone (`cacheReads.ts`).
 */
export function peopleHandlers(
  ctx: AppContext,
): Pick<HandlersOn<'core'>, 'people.erase' | 'people.erasePlaces'> {
  const deletes = bulkDeletesFor(ctx);
  deletes.afterErasure((session, journal, jobId) =>
    eraseLocalCopies(session, ctx.dataDir, journal, jobId),
  );
  return {
    'people.erasePlaces': async ({ query, submissions }) => {
      const { db } = ctx.session();
      return erasurePlaces(db, ctx.dataDir, {
        terms: erasureTerms(db, query, submissions),
        submissionIds: submissions.map((s) => s.submissionId),
      });
    },
    'people.erase': async ({ query, submissions }) =>
      deletes.start('erase', submissions, erasureTerms(ctx.session().db, query, submissions)),
  };
}
