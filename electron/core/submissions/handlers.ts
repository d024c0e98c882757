import { type Handlers } from '../../shared/contract';
import { cacheStores } from '../cache/cacheStores';
import { type AppContext } from '../context';
import { syncServiceFor } from '../sync/syncService';
import { deleteSubmission } from './deleteSubmission';
import { exportSubmissions } from './exportSubmissions';
import { readSubmission } from './readSubmission';

type SubmissionHandlers = Pick<Handlers, 'submissions.query' | 'submissions.get' | 'submissions.delete' | 'submissions.export'>;

export function submissionHandlers(ctx: AppContext): SubmissionHandlers {
  const sync = syncServiceFor(ctx);
  const changed = (tables: string[], formId: string) =>
    ctx.emit({ type: 'cache.changed', workspaceId: ctx.session().workspace.id, tables, formId });
  return {
    'submissions.query': async ({ offset, limit, ...filter }) => {
      const result = cacheStores(ctx.session().db).query.rowsFirst(filter, offset, limit);
      return { ...result, offset };
    },
    'submissions.get': (input) =>
      readSubmission(ctx.session(), sync.connection(), input, () => changed(['submissions'], input.formId)),
    'submissions.delete': async (input) => {
      const result = await deleteSubmission(ctx.session(), sync.connection(), input);
      changed(['submissions', 'activity'], input.formId);
      return result;
    },
    'submissions.export': async (input) => {
      const session = ctx.session();
      const written = await exportSubmissions(cacheStores(session.db), ctx.dataDir, input, (progress) =>
        ctx.emit({
          type: 'export.progress',
          workspaceId: session.workspace.id,
          exportId: progress.exportId,
          formId: input.formId,
          rowsDone: progress.rows,
          rowsTotal: progress.total,
          done: progress.done,
        }),
      );
      return written;
    },
  };
}
