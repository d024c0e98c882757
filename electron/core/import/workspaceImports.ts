import { ActivityLog } from '../cache/activityLog';
import { type AppContext, type WorkspaceSession } from '../session/context';
import { importCache, type ImportCache } from './cacheAccess';
import { ImportJournal } from './importJournal';
import { type ImportDeps, ImportRunner } from './runImport';
import { recordRowsToCheck } from './rowsToCheck';
import { RunnerLease } from './runnerLease';

export interface WorkspaceImports {
  journal: ImportJournal;
  cache: ImportCache;
  runner: ImportRunner;
}

export interface ImportsOptions extends Pick<
  ImportDeps,
  'settleMs' | 'verifyWindowMs' | 'retryDelayMs'
> {
  /** Resume at once the jobs a stopped core left running, for the first workspace opened. */
  resumeInterrupted?: boolean;
}

export interface Imports {
  /** The open workspace's journal, cache access and runner. */
  current(): WorkspaceImports;
}

const services = new WeakMap<AppContext, Imports>();

/**
 * The imports of a context: each open workspace gets its journal and runner, shared by every
 * feature that creates submissions, so one runner holds each job's lease. Jobs a crash or a
 * closed workspace left running (no live runner holds their lease) are marked interrupted when it
 * opens again and offered for resume (resumed at once with `resumeInterrupted`). The first call
 * for a context sets its options.
 */
export function importsFor(ctx: AppContext, options: ImportsOptions = {}): Imports {
  const known = services.get(ctx);
  if (known) return known;
  let resumeInterrupted = options.resumeInterrupted ?? false;
  const perSession = new WeakMap<WorkspaceSession, WorkspaceImports>();

  const open = (session: WorkspaceSession): WorkspaceImports => {
    let imports = perSession.get(session);
    if (imports) return imports;
    const journal = new ImportJournal(session.db);
    const cache = importCache(session.db);
    const workspaceId = session.workspace.id;
    const lease = new RunnerLease(session.db);
    const runner = new ImportRunner({
      api: session.api,
      journal,
      lease,
      log: ctx.log,
      storeCreated: (formId, submissions) => cache.storeCreated(formId, submissions),
      cacheChanged: (formId) =>
        ctx.emit({ type: 'cache.changed', workspaceId, tables: ['submissions'], formId }),
      emit: (event) => ctx.emit(event),
      rowsToCheck: (jobId, rowIndexes) => {
        recordRowsToCheck(new ActivityLog(session.db), journal, workspaceId, jobId, rowIndexes);
        ctx.emit({ type: 'cache.changed', workspaceId, tables: ['activity'] });
      },
      ...(options.settleMs === undefined ? {} : { settleMs: options.settleMs }),
      ...(options.verifyWindowMs === undefined ? {} : { verifyWindowMs: options.verifyWindowMs }),
      ...(options.retryDelayMs === undefined ? {} : { retryDelayMs: options.retryDelayMs }),
    });
    // The core's thread was started again after the one before it stopped mid-import: the
    // imports it was running go on, as they would have; later workspaces' are offered instead.
    if (resumeInterrupted) lease.releaseThisProcess();
    const interrupted = journal.markInterrupted();
    if (resumeInterrupted) for (const jobId of interrupted) void runner.run(jobId);
    resumeInterrupted = false;
    session.signal.addEventListener('abort', () => void runner.stopAll(), { once: true });
    imports = { journal, cache, runner };
    perSession.set(session, imports);
    return imports;
  };
  ctx.onSessionOpened((session) => void open(session));
  const service: Imports = { current: () => open(ctx.session()) };
  services.set(ctx, service);
  return service;
}
