import { totalmem } from 'node:os';
import { AppError } from '../shared/errors';
import { type WorkerThreadOptions } from './workerThread';

/** The wizard's thread never takes more than a quarter of the machine's memory, nor over 3 GB. */
const HEAP_MB = Math.min(3072, Math.floor(totalmem() / 1024 / 1024 / 4));

/**
 * How the import wizard's thread runs: within a heap below the machine's, so that a file that gets
 * past the workbook budget stops the thread rather than the computer, and with the calls it was
 * answering told that the file could not be read, not to try again (which would read it again).
 */
export const WIZARD_THREAD: Pick<WorkerThreadOptions, 'resourceLimits' | 'stoppedError'> = {
  resourceLimits: { maxOldGenerationSizeMb: HEAP_MB },
  stoppedError: () =>
    new AppError(
      'INVALID_INPUT',
      'This file could not be read: it needs more memory than Formdesk allows a file. Save the sheet to import as CSV (removing empty columns and rows first) and choose that file.',
      { details: { problem: 'UNREADABLE_FILE' } },
    ),
};
