import { type OpenedCache } from '../core/session/context';
import { type PageWriter } from '../core/session/pageWriter';
import { AppError } from '../shared/errors';
import { type PageOp } from './protocol';
import { type WorkerThread } from './workerThread';

/**
 * A sync's pages read and stored by the writer thread, into the file the session opened (never a file opened
 * since: a sync still finishing after a switch writes where it started).
 */
export function threadPageWriter(writer: WorkerThread, cache: OpenedCache): PageWriter {
  const ask = async <T>(op: PageOp, input: unknown): Promise<T> => {
    const result = await writer.call(op, input, cache);
    if (!result.ok) throw AppError.fromShape(result.error);
    return result.data as T;
  };
  return {
    read: (json) => ask('pages.read', json),
    release: (pages) => ask('pages.release', pages),
    incremental: (page) => ask('pages.incremental', page),
    reconcile: (page) => ask('pages.reconcile', page),
    window: (page) => ask('pages.window', page),
    forms: (list) => ask('pages.forms', list),
    countWindow: (w) => ask('pages.countWindow', w),
    firstInWindow: (w) => ask('pages.firstInWindow', w),
    splitWindow: (w) => ask('pages.splitWindow', w),
  };
}
