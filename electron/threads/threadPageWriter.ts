import { type OpenedCache } from '../core/context';
import {
  type IncrementalPage,
  type PageWriter,
  type ReconcilePage,
  type StoredPage,
} from '../core/sync/pageStore';
import { AppError } from '../shared/errors';
import { type PageOp } from './protocol';
import { type WorkerThread } from './workerThread';

/**
 * A sync's pages stored by the writer thread, into the file the session opened (never a file opened
 * since: a sync still finishing after a switch writes where it started).
 */
export function threadPageWriter(writer: WorkerThread, cache: OpenedCache): PageWriter {
  const store = async (op: PageOp, page: IncrementalPage | ReconcilePage): Promise<StoredPage> => {
    const result = await writer.call(op, page, cache);
    if (!result.ok) throw AppError.fromShape(result.error);
    return result.data as StoredPage;
  };
  return {
    incremental: (page) => store('pages.incremental', page),
    reconcile: (page) => store('pages.reconcile', page),
  };
}
