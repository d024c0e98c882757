import type { AppEvent, OpInput, OpName, OpOutput } from '../../../electron/shared/contract';
import type { Result } from '../../../electron/shared/errors';
import type { PreloadApi } from './ipcBridge';

/**
 * The renderer's one way to reach the app: ask an operation, hear events. Electron's preload and
 * the browser-mode HTTP bridge both provide it; nothing above this file knows which one it is.
 */
export interface Bridge {
  invoke<N extends OpName>(op: N, input: OpInput<N>): Promise<Result<OpOutput<N>>>;
  /** Subscribes to every app event; returns the unsubscribe function. */
  onEvent(listener: (event: AppEvent) => void): () => void;
}

declare global {
  interface Window {
    /** Exposed by the Electron preload; absent in browser mode. */
    formdesk?: PreloadApi;
  }
}
