import { dispatch } from '../core/dispatch';
import { type Logger } from '../core/log';
import { type Handlers } from '../shared/contract';
import { isAppError } from '../shared/errors';
import { type CacheConnection } from './cacheConnection';
import { type OpenCache } from './protocol';
import { type CallMessage, type WorkerPort } from './workerPort';

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
  /** Operations answered as JSON of the worker's own writing. */
  asJson?: JsonAnswers;
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
        const json = answerAsJson(served.asJson, call, log);
        if (json !== null) return json;
        return dispatch(served.handlers, call.op, call.input, (name, error) =>
          log.error(`operation ${name} failed`, error),
        );
      }),
    async () => connection.close(),
    (notice) => {
      if (notice.kind === 'changed') return served.changed?.(notice.formId);
      connection.coreOpened(notice.cache);
      if (notice.cache) served.opened?.(notice.cache);
    },
  );
  port.post({ kind: 'ready' });
}

/**
 * Operations a worker answers as envelope JSON of its own writing (`windowJson.ts`), by name: null
 * leaves the call to `dispatch`, as does any failure, which `dispatch` then answers.
 */
export type JsonAnswers = Partial<Record<string, (input: unknown) => Uint8Array | null>>;

function answerAsJson(
  asJson: JsonAnswers | undefined,
  call: CallMessage,
  log: Pick<Logger, 'error'>,
): Uint8Array | null {
  const answer = asJson?.[call.op];
  if (!answer) return null;
  try {
    return answer(call.input);
  } catch (error) {
    // A sentence for the person (no workspace open) is dispatch's to give; anything else is a
    // fault of the JSON answer that dispatch may not meet, so it is logged here.
    if (!isAppError(error)) log.error(`the JSON answer of ${call.op} failed`, error);
    return null;
  }
}
