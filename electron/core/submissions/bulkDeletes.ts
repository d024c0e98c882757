import { type DeleteJobKind, type DeleteJobSummary } from '../../shared/contract/bulkDelete';
import { AppError } from '../../shared/errors';
import { type AppContext, type WorkspaceSession } from '../session/context';
import { syncServiceFor } from '../sync/syncService';
import { BulkDeleteRunner } from './bulkDelete';
import { DeleteJournal } from './deleteJournal';

export interface WorkspaceDeletes {
  journal: DeleteJournal;
  runner: BulkDeleteRunner;
}

export interface BulkDeletes {
  /** The open workspace's journal and runner. */
  current(): WorkspaceDeletes;
  /** Journals a job, then starts it; answers once it is journaled, not once it is done. */
  start(
    kind: DeleteJobKind,
    rows: readonly { formId: string; submissionId: string }[],
    eraseTerms?: readonly string[],
  ): DeleteJobSummary;
  /**
   * What runs as each erasure job ends, before the app hears the cache changed: the feature that
   * asks for erasures removes what the machine still holds of the person. Set again, it replaces.
   */
  afterErasure(then: ErasureEnded): void;
}

/** What runs once an erasure's submissions are gone, on the service and in the cache. */
export type ErasureEnded = (
  session: WorkspaceSession,
  journal: DeleteJournal,
  jobId: string,
) => void;

const services = new WeakMap<AppContext, BulkDeletes>();

/**
 * Bulk deletes of a context: each workspace gets its journal and runner when it opens, and the
 * jobs a crash or a closed workspace left unfinished go on then, as the person asked for them.
 */
export function bulkDeletesFor(
  ctx: AppContext,
  options: { retryDelayMs?: number } = {},
): BulkDeletes {
  const known = services.get(ctx);
  if (known) return known;
  const perSession = new WeakMap<WorkspaceSession, WorkspaceDeletes>();
  let erasureEnded: ErasureEnded = () => {};
  const sync = syncServiceFor(ctx);
  const open = (session: WorkspaceSession): WorkspaceDeletes => {
    let deletes = perSession.get(session);
    if (deletes) return deletes;
    const workspaceId = session.workspace.id;
    const journal = new DeleteJournal(session.db);
    const runner = new BulkDeleteRunner({
      session,
      connection: sync.connection(),
      journal,
      log: ctx.log,
      progress: (job) => ctx.emit({ type: 'delete.progress', workspaceId, job }),
      cacheChanged: (formId) =>
        ctx.emit({
          type: 'cache.changed',
          workspaceId,
          tables: ['submissions', 'activity'],
          formId,
        }),
      finished: (jobId) => {
        if (journal.job(jobId)?.kind !== 'erase') return;
        erasureEnded(session, journal, jobId);
        ctx.emit({ type: 'cache.changed', workspaceId, tables: ['activity', 'imports'] });
      },
      ...(options.retryDelayMs === undefined ? {} : { retryDelayMs: options.retryDelayMs }),
    });
    deletes = { journal, runner };
    perSession.set(session, deletes);
    for (const jobId of journal.interrupted()) launch(runner, jobId);
    return deletes;
  };
  ctx.onSessionOpened((session) => void open(session));
  const service: BulkDeletes = {
    current: () => open(ctx.session()),
    start(kind, rows, eraseTerms) {
      if (rows.length === 0) throw new AppError('INVALID_INPUT', 'There is nothing to delete.');
      const { journal, runner } = service.current();
      const jobId = journal.create(kind, rows, eraseTerms ?? null);
      launch(runner, jobId);
      return journal.summary(jobId);
    },
    afterErasure: (then) => {
      erasureEnded = then;
    },
  };
  services.set(ctx, service);
  return service;
}

/** Starts a job's loop without waiting on it; a job another process runs is left to it. */
function launch(runner: BulkDeleteRunner, jobId: string): void {
  try {
    void runner.run(jobId);
  } catch {
    // Claimed by a live runner elsewhere: it goes on there.
  }
}
