import { type PageWriter } from '../electron/core/session/pageWriter';
import { WriteTurns } from '../electron/core/cache/writeTurns';
import { type WriterStart } from '../electron/threads/protocol';
import { threadPageWriter } from '../electron/threads/threadPageWriter';
import { WorkerThread } from '../electron/threads/workerThread';
import { type Workspace } from '../electron/shared/contract/workspaces';
import { type LocalApi } from '../electron/local-api';
import type { BenchOptions } from './types';

/**
 * The app's writer thread, from the built bundles: a sync's pages are stored there, not on the
 * thread that fetches them.
 */
export async function startWriterThread(log: BenchOptions['log']): Promise<WorkerThread> {
  const writer = new WorkerThread({
    entry: 'writerWorker',
    builtDir: undefined,
    workerData: (): WriterStart => ({ turns: new WriteTurns().shared, builtDir: null }),
    onNote: () => {},
    onStopped: (reason) => log(`the writer thread stopped: ${reason}`),
  });
  await writer.ready();
  return writer;
}

/** Pages read and stored by `writer` into `file`, a cache of a workspace on `api`. */
export function pagesOnThread(writer: WorkerThread, api: LocalApi, file: string): PageWriter {
  const workspace: Workspace = {
    id: 'bench',
    name: 'Benchmark',
    kind: 'remote',
    baseUrl: api.baseUrl,
    keyStorage: 'session',
    keyAvailable: true,
    createdAt: new Date().toISOString(),
  };
  return threadPageWriter(writer, { workspace, file, generation: 1 });
}
