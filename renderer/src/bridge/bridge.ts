import type { AppEvent, OpInput, OpName, OpOutput } from '../../../electron/shared/contract';
import type { Result } from '../../../electron/shared/errors';

/**
 * The renderer's one way to reach the app: ask an operation, hear events. Electron's preload and
 * the browser-mode HTTP bridge both provide it; nothing above this file knows which one it is.
 */
export interface Bridge {
  /**
   * `signal`: the caller no longer wants the answer (a read superseded by a newer one). Browser
   * mode then lets go of the request: a page has six connections to the host, one of them the
   * event stream, and superseded reads left waiting for their answers would hold the rest.
   */
  invoke<N extends OpName>(
    op: N,
    input: OpInput<N>,
    options?: { signal?: AbortSignal },
  ): Promise<Result<OpOutput<N>>>;
  /** Subscribes to every app event; returns the unsubscribe function. */
  onEvent(listener: (event: AppEvent) => void): () => void;
}
