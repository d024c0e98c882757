import type { OpName, OpOutput } from '../../../electron/shared/contract';
import type { Result } from '../../../electron/shared/errors';
import type { Bridge } from './bridge';
import { failure, readEnvelope, readEvent } from './envelope';

/** What the Electron preload exposes as `window.formdesk`: untyped on purpose, checked here. */
export interface PreloadApi {
  invoke(op: string, input: unknown): Promise<unknown>;
  onEvent(listener: (event: unknown) => void): () => void;
}

declare global {
  interface Window {
    /** Exposed by the Electron preload; absent in browser mode. */
    formdesk?: PreloadApi;
  }
}

/** Electron: operations and events over the preload's IPC, checked like any other input. */
export function createIpcBridge(preload: PreloadApi): Bridge {
  async function invoke<N extends OpName>(op: N, input: unknown): Promise<Result<OpOutput<N>>> {
    let answer: unknown;
    try {
      answer = await preload.invoke(op, input);
    } catch {
      return failure(
        'INTERNAL',
        'Formdesk could not pass the request on. Restart it if this keeps happening.',
        true,
      );
    }
    return (readEnvelope(answer) ??
      failure('INTERNAL', 'Formdesk answered in an unexpected way.', true)) as Result<OpOutput<N>>;
  }

  return {
    invoke: invoke as Bridge['invoke'],
    onEvent: (listener) =>
      preload.onEvent((raw) => {
        const event = readEvent(raw);
        if (event) listener(event);
      }),
  };
}
