import { dispatch } from '../core/dispatch';
import { type Handlers } from '../shared/contract';
import { type OpenCache } from './protocol';
import { type WorkerPort } from './workerPort';

/**
 * A worker that answers operations of the contract on the open workspace's cache: each call names
 * the cache (`onCache` is told it before the handler runs), and goes through the router on this
 * thread's handlers. Tells the shell it is ready.
 */
export function serveOperations(
  port: WorkerPort,
  handlers: Partial<Handlers>,
  onCache: (cache: OpenCache | null) => void,
  close: () => void,
): void {
  const log = port.logger();
  port.serve(
    (call) => {
      onCache(call.cache ?? null);
      return dispatch(handlers, call.op, call.input, (name, error) =>
        log.error(`operation ${name} failed`, error),
      );
    },
    async () => close(),
  );
  port.post({ kind: 'ready' });
}
