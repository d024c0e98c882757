import { randomUUID } from 'node:crypto';
import { type Handlers } from '../../shared/contract';
import { type ImportSummary } from '../../shared/contract/imports';
import { AppError } from '../../shared/errors';
import { type AppContext, type WorkspaceSession } from '../context';
import { importCache, type ImportCache } from './cacheAccess';
import { dryRun } from './dryRun';
import { exportFailedRows, exportReport } from './exportRows';
import { freezeJob } from './freezeJob';
import { ImportJournal } from './importJournal';
import { readCsv, type CsvTable } from './readCsv';
import { ImportRunner } from './runImport';
import { RunnerLease } from './runnerLease';
import { normaliseHeader, suggestMapping } from './suggestMapping';
import { UploadStore } from './uploadStore';
import { createValidatedJob, validateJob } from './validateJob';

type ImportHandlers = Pick<Handlers, `imports.${string}` & keyof Handlers>;

/** Rows shown in the read step's preview. */
const SAMPLE_ROWS = 20;
/** Read files whose tables stay in memory for the wizard's later steps. */
const KEPT_TABLES = 4;
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
 * again and offered for resume.
 */
export function importHandlers(ctx: AppContext): ImportHandlers {
  const uploads = new UploadStore();
  const parsed = new Map<string, { fileName: string; table: CsvTable }>();
  // The draft made from each file: validating it again (a changed mapping) replaces it.
  const drafts = new Map<string, string>();
  const perSession = new WeakMap<WorkspaceSession, WorkspaceImports>();

  const open = (session: WorkspaceSession): WorkspaceImports => {
    let imports = perSession.get(session);
    if (!imports) {
      const journal = new ImportJournal(session.db);
      const cache = importCache(session.db);
      const workspaceId = session.workspace.id;
      const runner = new ImportRunner({
        api: session.api,
        journal,
        lease: new RunnerLease(session.db),
        log: ctx.log,
        storeCreated: (formId, submissions) => cache.storeCreated(formId, submissions),
        cacheChanged: (formId) =>
          ctx.emit({ type: 'cache.changed', workspaceId, tables: ['submissions'], formId }),
        emit: (event) => ctx.emit(event),
      });
      journal.markInterrupted();
      session.signal.addEventListener('abort', () => void runner.stopAll(), { once: true });
      imports = { journal, cache, runner };
      perSession.set(session, imports);
    }
    return imports;
  };
  ctx.onSessionOpened((session) => void open(session));
  const current = () => open(ctx.session());

  const summary = (journal: ImportJournal, jobId: string): ImportSummary => {
    const found = journal.summary(jobId);
    if (!found) throw new AppError('NOT_FOUND', 'This import no longer exists.');
    return found;
  };
  const jobOf = (journal: ImportJournal, jobId: string) => {
    const job = journal.job(jobId);
    if (!job) throw new AppError('NOT_FOUND', 'This import no longer exists.');
    return job;
  };
  const parsedFile = (fileId: string) => {
    const file = parsed.get(fileId);
    if (!file) throw new AppError('NOT_FOUND', 'This file is no longer open; choose it again.');
    return file;
  };

  return {
    'imports.upload': async ({ uploadId, fileName, chunkBase64, final }) =>
      uploads.append(uploadId, fileName, chunkBase64, final),

    'imports.parse': async (input) => {
      const fileId =
        'uploadId' in input ? input.uploadId : uploads.put(input.fileName, input.contentBase64);
      const { fileName, bytes } = uploads.file(fileId);
      const table = readCsv(bytes, input.options ?? {});
      parsed.delete(fileId);
      parsed.set(fileId, { fileName, table });
      // Read tables are kept for the few files a wizard may go back to, not for every file ever read.
      while (parsed.size > KEPT_TABLES) parsed.delete(parsed.keys().next().value!);
      return {
        fileId,
        fileName,
        encoding: table.encoding,
        delimiter: table.delimiter,
        headerRow: table.headerLine,
        columns: table.columns,
        rowCount: table.rows.length,
        sampleRows: table.rows.slice(0, SAMPLE_ROWS),
      };
    },

    'imports.suggestMapping': async ({ formId, fileId }) => {
      const { journal, cache } = current();
      const { table } = parsedFile(fileId);
      let questions = cache.questions(formId);
      if (questions.length === 0) {
        const metadata = await ctx
          .session()
          .api.getFormMetadata(formId, { priority: 'interactive' });
        questions = metadata?.questions.map(({ id, name, type }) => ({ id, name, type })) ?? [];
      }
      const mappings = suggestMapping(
        table.columns,
        questions,
        journal.remembered(formId),
        table.rows.slice(0, 200).map((r) => r.cells),
      );
      return { mappings, questions };
    },

    'imports.validate': async (input) => {
      const { journal, cache } = current();
      if ('jobId' in input) {
        const { jobId } = input;
        if (input.edits?.length) journal.applyEdits(jobId, input.edits);
        if (input.exclude?.length) journal.setExcluded(jobId, input.exclude, true);
        if (input.include?.length) journal.setExcluded(jobId, input.include, false);
        return validateJob(journal, jobId, cache.known(jobOf(journal, jobId).formId));
      }
      const { fileName, table } = parsedFile(input.fileId);
      const previous = drafts.get(input.fileId);
      if (previous) journal.deleteDraft(previous);
      const jobId = randomUUID();
      const job = {
        jobId,
        formId: input.formId,
        fileName,
        columns: table.columns,
        mappings: input.mappings,
      };
      const validation = createValidatedJob(journal, job, table.rows, cache.known(input.formId));
      drafts.set(input.fileId, jobId);
      journal.remember(
        input.formId,
        input.mappings.map((m) => ({
          columnKey: normaliseHeader(table.columns[m.column] ?? ''),
          mapping: { target: m.target, ...(m.convert ? { convert: m.convert } : {}) },
        })),
      );
      return validation;
    },

    'imports.dryRun': async ({ jobId }) => {
      const { journal, cache } = current();
      return dryRun(journal, jobId, cache.known(jobOf(journal, jobId).formId));
    },

    'imports.start': async ({ jobId }) => {
      const { journal, cache, runner } = current();
      const job = jobOf(journal, jobId);
      if (job.state !== 'draft') throw new AppError('CONFLICT', 'This import has already started.');
      freezeJob(journal, jobId, cache.known(job.formId));
      void runner.run(jobId);
      return summary(journal, jobId);
    },

    'imports.pause': async ({ jobId }) => {
      const { journal, runner } = current();
      await runner.stop(jobId, 'pause');
      return summary(journal, jobId);
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
      return summary(journal, jobId);
    },

    'imports.cancel': async ({ jobId }) => {
      const { journal, runner } = current();
      const job = jobOf(journal, jobId);
      if (job.state === 'done' || job.state === 'cancelled') return summary(journal, jobId);
      if (job.state === 'draft') {
        journal.setState(jobId, 'cancelled');
      } else {
        // Through the loop, so batches whose outcome is unknown are checked before it ends.
        void runner.run(jobId);
        await runner.stop(jobId, 'cancel');
      }
      return summary(journal, jobId);
    },

    'imports.list': async () => {
      const { journal } = current();
      return { imports: journal.jobs().map((j) => summary(journal, j.jobId)) };
    },

    'imports.report': async ({ jobId }) => {
      const { journal } = current();
      const rows = journal.reportRows(jobId);
      return {
        summary: summary(journal, jobId),
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
