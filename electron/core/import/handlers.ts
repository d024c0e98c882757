import { type HandlersOn } from '../../shared/contract';
import { AppError } from '../../shared/errors';
import { type AppContext, type WorkspaceSession } from '../operations/context';
import { importCache, type ImportCache } from './cacheAccess';
import { exportFailedRows, exportReport } from './exportRows';
import { ImportJournal, jobSummary } from './importJournal';
import { ImportRunner } from './runImport';
import { recordRowsToCheck } from './rowsToCheck';
import { ActivityLog } from '../cache/activityLog';
import { RunnerLease } from './runnerLease';

/** The import operations the core answers: the runs; the wizard's steps have a thread of their own. */
type ImportHandlers = Pick<HandlersOn<'core'>, `imports.${string}` & keyof HandlersOn<'core'>>;

/** Rows a report lists; counts always cover all. */
const REPORT_ROWS = 10_000;

interface WorkspaceImports {
  journal: ImportJournal;
  cache: ImportCache;
  runner: ImportRunner;
}

/**
 * The import family. Each open workspace gets its journal and runner; jobs a crash or a closed
 * workspace left running (no live runner holds their lease) are marked interrupted when it opens
 * again and offered for resume (resumed at once with `resumeInterrupted`, for the first workspace
 * opened).
 */
export function importHandlers(
  ctx: AppContext,
  { resumeInterrupted = false }: { resumeInterrupted?: boolean } = {},
): ImportHandlers {
  const perSession = new WeakMap<WorkspaceSession, WorkspaceImports>();

  const open = (session: WorkspaceSession): WorkspaceImports => {
    let imports = perSession.get(session);
    if (!imports) {
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
    }
    return imports;
  };
  ctx.onSessionOpened((session) => void open(session));
  const current = () => open(ctx.session());

  const jobOf = (journal: ImportJournal, jobId: string) => {
    const job = journal.job(jobId);
    if (!job) throw new AppError('NOT_FOUND', 'This import no longer exists.');
    return job;
  };
  return {
    'imports.pause': async ({ jobId }) => {
      const { journal, runner } = current();
      await runner.stop(jobId, 'pause');
      return jobSummary(journal, jobId);
    },

    'imports.resume': async ({ jobId }) => {
      const { journal, runner } = current();
      const job = jobOf(journal, jobId);
      if (!['paused', 'interrupted', 'running', 'verifying'].includes(job.state)) {
        throw new AppError(
          'CONFLICT',
          `This import is ${job.state}; only a paused or interrupted one can resume.`,
        );
      }
      void runner.run(jobId);
      return jobSummary(journal, jobId);
    },

    'imports.cancel': async ({ jobId }) => {
      const { journal, runner } = current();
      const job = jobOf(journal, jobId);
      if (['done', 'doneToCheck', 'cancelled'].includes(job.state))
        return jobSummary(journal, jobId);
      if (job.state === 'draft') {
        journal.setState(jobId, 'cancelled');
      } else {
        // Through the loop, so batches whose outcome is unknown are checked before it ends.
        void runner.run(jobId);
        await runner.stop(jobId, 'cancel');
      }
      return jobSummary(journal, jobId);
    },

    'imports.decideUnconfirmed': async ({ jobId, rowIndexes, decision }) => {
      const { journal, runner } = current();
      jobOf(journal, jobId);
      journal.decideUnconfirmed(jobId, rowIndexes, decision);
      if (decision === 'send') void runner.run(jobId);
      else if (journal.unconfirmedRows(jobId).length === 0 && !runner.isRunning(jobId))
        journal.setState(jobId, 'done');
      return jobSummary(journal, jobId);
    },

    'imports.list': async () => {
      const { journal } = current();
      return { imports: journal.jobs().map((j) => jobSummary(journal, j.jobId)) };
    },

    'imports.report': async ({ jobId }) => {
      const { journal } = current();
      const rows = journal.reportRows(jobId);
      return {
        summary: jobSummary(journal, jobId),
        rows: rows
          .slice(0, REPORT_ROWS)
          .map(({ rowIndex, line, status, submissionId, message }) => ({
            rowIndex,
            line,
            status,
            submissionId,
            message,
          })),
      };
    },

    'imports.exportFailed': async ({ jobId }) => {
      const { fileName, bytes } = exportFailedRows(current().journal, jobId);
      return { fileName, contentBase64: Buffer.from(bytes).toString('base64') };
    },
    'imports.exportReport': async ({ jobId }) => {
      const { fileName, bytes } = exportReport(current().journal, jobId);
      return { fileName, contentBase64: Buffer.from(bytes).toString('base64') };
    },
  };
}
