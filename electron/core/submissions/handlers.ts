import { type Handlers } from '../../shared/contract';
import { type AppContext } from '../session/context';
import { syncServiceFor } from '../sync/syncService';
import { deleteSubmission } from './deleteSubmission';
import { readSubmission } from './readSubmission';

/** Submissions as the service holds them; the cache's own reads are in `cacheReads.ts`. */
type SubmissionHandlers = Pick<Handlers, 'submissions.get' | 'submissions.delete'>;

export function submissionHandlers(ctx: AppContext): SubmissionHandlers {
  const sync = syncServiceFor(ctx);
  const changed = (tables: string[], formId: string) =>
    ctx.emit({ type: 'cache.changed', workspaceId: ctx.session().workspace.id, tables, formId });
  return {
    'submissions.get': (input) =>
      readSubmission(ctx.session(), sync.connection(), input, () =>
        changed(['submissions'], input.formId),
      ),
    'submissions.delete': async (input) => {
      const result = await deleteSubmission(ctx.session(), sync.connection(), input);
      changed(['submissions', 'activity'], input.formId);
      return result;
    },
  };
}
