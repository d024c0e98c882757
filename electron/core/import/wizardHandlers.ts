import { randomUUID } from 'node:crypto';
import { type HandlersOn } from '../../shared/contract';
import {
  type ColumnMapping,
  type DateFormat,
  type ReadOptions,
} from '../../shared/contract/imports';
import { AppError } from '../../shared/errors';
import { type CacheDb } from '../cache/openCache';
import { type WorkspaceSession } from '../session/context';
import { importCache, type ImportCache } from './cacheAccess';
import { keepNewest } from '../collections/keepNewest';
import { type DraftSweeper } from './draftSweeper';
import { chooseDateOrders, settleDateOrders } from './dateOrder';
import { dryRun } from './dryRun';
import { freezeJob } from './freezeJob';
import { ImportJournal, jobSummary } from './importJournal';
import { restoreOwnExport } from './ownExport';
import { previewCell } from './previewCell';
import { attachRules, withRules, withoutRules } from './questionRules';
import { readCsv } from './readCsv';
import { openWorkbook, type OpenWorkbook, readSheet } from './readWorkbook';
import { type CatalogueQuestion, normaliseHeader, suggestMapping } from './suggestMapping';
import { type ReadTable } from './tableShape';
import { UploadStore } from './uploadStore';
import { createValidatedJob, validateJob } from './validateJob';
import { workbookKind } from './workbookFormat';

/** Rows shown in the read step's preview. */
const SAMPLE_ROWS = 20;
/** Rows shown as they will be sent beside the mapping. */
const MAPPED_ROWS = 5;
/**
 * Read files whose tables stay in memory for the wizard's later steps, and whose drafts stay in the
 * journal.
 */
const KEPT_TABLES = 4;

export interface ImportWizardContext {
  session(): Pick<WorkspaceSession, 'db'>;
  /** The form's questions from the service, for a form whose questions the cache has not learnt. */
  formQuestions(formId: string): Promise<CatalogueQuestion[]>;
  /** Starts sending a job whose rows are frozen: the core's import runner takes it from there. */
  runImport(jobId: string): Promise<void>;
  /**
   * This launch of the app, the same for the wizard's thread started again after a crash: the page
   * that validated a file may still start its draft then, but no page of another launch can.
   */
  launch: string;
  /** Removes the drafts of other launches, a step at a time beside the wizard's calls. */
  sweeper: DraftSweeper;
}

/** The columns' targets and conversions, offered for the next file imported to the form. */
function remember(
  journal: ImportJournal,
  formId: string,
  columns: readonly string[],
  mappings: readonly ColumnMapping[],
): void {
  journal.remember(
    formId,
    mappings.map((m) => ({
      columnKey: normaliseHeader(columns[m.column] ?? ''),
      mapping: { target: withoutRules(m).target, ...(m.convert ? { convert: m.convert } : {}) },
    })),
  );
}

/** A draft's date columns read in the orders chosen in the review, remembered for the form. */
function chooseOrders(
  journal: ImportJournal,
  jobId: string,
  chosen: ReadonlyArray<{ column: number; dateFormat: DateFormat }>,
): void {
  const job = journal.job(jobId);
  if (!job) throw new AppError('NOT_FOUND', 'This import no longer exists.');
  if (job.state !== 'draft')
    throw new AppError('CONFLICT', 'This import has started; its rows can no longer change.');
  const mappings = chooseDateOrders(job.mappings, chosen);
  journal.setMappings(jobId, mappings);
  const changed = new Set(chosen.map((c) => c.column));
  remember(
    journal,
    job.formId,
    job.columns,
    mappings.filter((m) => changed.has(m.column)),
  );
}

/**
 * The wizard's steps before a run. Reading and checking a large file takes seconds of work on
 * one thread, so the app runs these on a thread of their own, with the files read so far kept
 * there; the journal's drafts they write are what `imports.start` freezes (a whole-job check:
 * every row checked again and written, seconds of work on this thread too) before the core's
 * runner sends them.
 */
export function importWizardHandlers(ctx: ImportWizardContext): HandlersOn<'wizard'> {
  const uploads = new UploadStore();
  const parsed = new Map<string, { fileName: string; table: ReadTable }>();
  // Workbooks read, kept so that choosing another sheet or header row does not read them again.
  const workbooks = new Map<string, OpenWorkbook>();
  // The draft made from each file, latest last: validating it again (a changed mapping) replaces
  // it, and the drafts of files older than the kept tables go (a page holds one file's draft).
  const drafts = new Map<string, string>();
  const perDatabase = new WeakMap<CacheDb, { journal: ImportJournal; cache: ImportCache }>();

  const opened = () => {
    const { db } = ctx.session();
    let found = perDatabase.get(db);
    if (!found) {
      found = { journal: new ImportJournal(db), cache: importCache(db) };
      perDatabase.set(db, found);
      ctx.sweeper.remove(found.journal, found.journal.draftsOfOtherLaunches(ctx.launch));
    }
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

  /** A workbook (known by its bytes, whatever its name) read sheet by sheet; anything else as CSV. */
  const readFile = async (fileId: string, bytes: Uint8Array, options: ReadOptions) => {
    const kind = workbookKind(bytes);
    if (!kind) {
      const table = readCsv(bytes, options);
      return {
        table,
        source: {
          format: 'csv' as const,
          encoding: table.encoding,
          delimiter: table.delimiter,
          sheets: [],
          sheet: null,
        },
      };
    }
    let book = workbooks.get(fileId);
    if (!book) {
      book = await openWorkbook(bytes, kind);
      keepNewest(workbooks, fileId, book, KEPT_TABLES);
    }
    const table = readSheet(book, options);
    return {
      table,
      source: {
        format: book.format,
        encoding: null,
        delimiter: null,
        sheets: book.sheets,
        sheet: table.sheet,
      },
    };
  };

  return {
    'imports.upload': async ({ uploadId, fileName, chunkBase64, final }) =>
      uploads.append(uploadId, fileName, chunkBase64, final),

    'imports.parse': async (input) => {
      const fileId =
        'uploadId' in input ? input.uploadId : uploads.put(input.fileName, input.contentBase64);
      const { fileName, bytes } = uploads.file(fileId);
      const options = input.options ?? {};
      const read = await readFile(fileId, bytes, options);
      const table = restoreOwnExport(read.table);
      // Read tables are kept for the few files a wizard may go back to, not for every file ever read.
      keepNewest(parsed, fileId, { fileName, table }, KEPT_TABLES);
      return {
        fileId,
        fileName,
        ...read.source,
        headerRow: table.headerLine,
        columns: table.columns,
        rowCount: table.rows.length,
        sampleRows: table.rows.slice(0, SAMPLE_ROWS),
      };
    },

    'imports.suggestMapping': async ({ formId, fileId }) => {
      const { journal, cache } = opened();
      const { table } = parsedFile(fileId);
      let questions = cache.questions(formId);
      // Nothing learnt of the form yet (its first sync is still running): ask for its questions.
      if (questions.length === 0) questions = await ctx.formQuestions(formId);
      const definitions = cache.definitions(formId, questions);
      const mappings = suggestMapping(
        table.columns,
        definitions,
        journal.remembered(formId),
        table.rows.slice(0, 200).map((r) => r.cells),
      );
      return { mappings, questions: definitions };
    },

    'imports.previewMapping': async ({ fileId, formId, mappings }) => {
      const { cache } = opened();
      const { table } = parsedFile(fileId);
      const attached = attachRules(mappings, cache.definitions(formId));
      return {
        rows: table.rows.slice(0, MAPPED_ROWS).map((row) => ({
          line: row.line,
          cells: attached
            .filter((m) => m.target.kind !== 'ignore')
            .map((m) => ({ column: m.column, ...previewCell(row.cells[m.column] ?? '', m) })),
        })),
      };
    },

    'imports.validate': async (input) => {
      const { journal, cache } = opened();
      if ('jobId' in input) {
        const { jobId } = input;
        if (input.dateFormats?.length) chooseOrders(journal, jobId, input.dateFormats);
        if (input.edits?.length) journal.applyEdits(jobId, input.edits);
        if (input.exclude?.length) journal.setExcluded(jobId, input.exclude, true);
        if (input.include?.length) journal.setExcluded(jobId, input.include, false);
        return validateJob(journal, jobId, cache.known(jobOf(journal, jobId).formId));
      }
      const { fileName, table } = parsedFile(input.fileId);
      // Refused mappings (a required question left out) leave the previous draft as it was.
      const mappings = settleDateOrders(
        withRules(input.mappings, cache.definitions(input.formId)),
        table.rows,
      );
      const jobId = randomUUID();
      const job = {
        jobId,
        formId: input.formId,
        fileName,
        columns: table.columns,
        mappings,
        launch: ctx.launch,
      };
      const validation = createValidatedJob(journal, job, table.rows, cache.known(input.formId));
      // A draft goes once no page can reach it: the file's previous one, and the draft of the file
      // read longest ago past the kept tables (deleting even a large draft is quick).
      const previous = drafts.get(input.fileId);
      if (previous) journal.deleteDraft(previous);
      for (const [, dropped] of keepNewest(drafts, input.fileId, jobId, KEPT_TABLES))
        journal.deleteDraft(dropped);
      remember(journal, input.formId, table.columns, mappings);
      return validation;
    },

    'imports.dryRun': async ({ jobId }) => {
      const { journal, cache } = opened();
      const { formId } = jobOf(journal, jobId);
      const names = new Map(cache.definitions(formId).map((q) => [q.id, q.name]));
      return dryRun(journal, jobId, cache.known(formId), { names });
    },

    'imports.start': async ({ jobId }) => {
      const { journal, cache } = opened();
      const job = jobOf(journal, jobId);
      if (job.state !== 'draft') throw new AppError('CONFLICT', 'This import has already started.');
      freezeJob(journal, jobId, cache.known(job.formId));
      await ctx.runImport(jobId);
      return jobSummary(journal, jobId);
    },
  };
}
