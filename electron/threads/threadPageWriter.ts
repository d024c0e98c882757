import { type OpenedCache } from '../core/context';
import { type PageWriter } from '../core/sync/pageStore';
import { AppError } from '../shared/errors';
import { type PageOp } from './protocol';
import { type WorkerThread } from './workerThread';

/**
 * A sync's pages stored by the writer thread, into the file the session opened (never a file opened
 * since: a sync still finishing after a switch writes where it started).
 */
export function threadPageWriter(writer: WorkerThread, cache: OpenedCache): PageWriter {
  const store = async <T>(op: PageOp, page: unknown): Promise<T> => {
    const result = await writer.call(op, page, cache);
    if (!result.ok) throw AppError.fromShape(result.error);
    return result.data as T;
  };
  return {
    incremental: (page) => store('pages.incremental', page),
    reconcile: (page) => store('pages.reconcile', page),
    window: (page) => store('pages.window', page),
    forms: (list) => store('pages.forms', list),
  };
}
