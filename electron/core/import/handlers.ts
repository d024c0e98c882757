import { type HandlersOn } from '../../shared/contract';
import { AppError } from '../../shared/errors';
import { type AppContext } from '../session/context';
import { exportFailedRows, exportReport } from './exportRows';
import { type ImportJournal, jobSummary } from './importJournal';
import { importsFor } from './workspaceImports';

/** The import operations the core answers: the runs; the wizard's steps have a thread of their own. */
type ImportHandlers = Pick<HandlersOn<'core'>, `imports.${string}` & keyof HandlersOn<'core'>>;

/** Rows a report lists; counts always cover all. */
const REPORT_ROWS = 10_000;

/**
 * The import family, over the open workspace's journal and runner (`workspaceImports.ts`); jobs a
 * crash left running are resumed at once with `resumeInterrupted`, for the first workspace opened.
 */
export function importHandlers(
  ctx: AppContext,
  { resumeInterrupted = false }: { resumeInterrupted?: boolean } = {},
): ImportHandlers {
  const imports = importsFor(ctx, { resumeInterrupted });
  const current = () => imports.current();

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
