import { type MessagePort } from 'node:worker_threads';
import { dispatch } from '../core/operations/dispatch';
import { type Handlers } from '../shared/contract';
import { type CacheConnection } from './cacheConnection';
import { type OpenCache } from './protocol';
import { type WorkerPort } from './workerPort';

export interface ServedOperations {
  handlers: Partial<Handlers>;
  /** The thread's connection to the cache: closed when the core moves on from its file, and last. */
  connection: CacheConnection;
  /** Told the cache each call names, before its handler runs. */
  onCache(cache: OpenCache | null): void;
  /** Told a workspace the core has just opened, before any call about it. */
  opened?(cache: OpenCache): void;
  /** Told that rows of a form were stored, between calls. */
  changed?(formId: string): void;
  /** Told that a form's sync ended, between calls. */
  synced?(formId: string): void;
  /** Handed a line to the core's thread (`coreLink.ts`), for a worker that calls the core. */
  linked?(port: MessagePort): void;
}

/**
 * A worker that answers operations of the contract on the open workspace's cache: each call names
 * the cache, and goes through the router on this thread's handlers. Tells the shell it is ready.
 */
export function serveOperations(port: WorkerPort, served: ServedOperations): void {
  const log = port.logger();
  const { connection } = served;
  port.serve(
    (call) =>
      connection.serving(async () => {
        served.onCache(call.cache ?? null);
        return dispatch(served.handlers, call.op, call.input, (name, error) =>
          log.error(`operation ${name} failed`, error),
        );
      }),
    async () => connection.close(),
    (notice) => {
      if (notice.kind === 'changed') return served.changed?.(notice.formId);
      if (notice.kind === 'synced') return served.synced?.(notice.formId);
      if (notice.kind === 'link') return served.linked?.(notice.port);
      connection.coreOpened(notice.cache);
      if (notice.cache) served.opened?.(notice.cache);
    },
  );
  port.post({ kind: 'ready' });
}
