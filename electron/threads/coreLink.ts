import { type MessagePort } from 'node:worker_threads';
import { type OpInput, type OpOutput, type OpsOn } from '../shared/contract';
import { AppError, type Result } from '../shared/errors';
import { type FromWorker, type ToWorker } from './protocol';
import { restartedError } from './workerThread';

const utf8 = new TextDecoder();

/**
 * A worker's own line to the core's thread, for the operations it needs of the core (the import
 * wizard's form questions and the send of a frozen job): calls go straight to the core, not
 * through the thread that answers the user. The shell hands both ends over as either thread
 * starts; a call in flight when the core stops is answered with a retryable error.
 */
export class CoreLink {
  private port: MessagePort | null = null;
  private nextId = 1;
  private readonly pending = new Map<number, { port: MessagePort; settle: Settle }>();

  /** The line the shell handed over, replacing the one before (whose core has stopped). */
  attach(port: MessagePort): void {
    this.port = port;
    port.on('message', (message: FromWorker) => {
      if (message.kind !== 'result') return;
      const call = this.pending.get(message.id);
      this.pending.delete(message.id);
      call?.settle(JSON.parse(utf8.decode(message.json)) as Result<unknown>);
    });
    port.once('close', () => this.lost(port));
  }

  async call<N extends OpsOn<'core'>>(op: N, input: OpInput<N>): Promise<OpOutput<N>> {
    const port = this.port;
    const result = port
      ? await new Promise<Result<unknown>>((settle) => {
          const id = this.nextId++;
          this.pending.set(id, { port, settle });
          port.postMessage({ kind: 'call', id, op, input } satisfies ToWorker);
        })
      : failure(restartedError());
    if (!result.ok) throw AppError.fromShape(result.error);
    return result.data as OpOutput<N>;
  }

  /** The core at the other end stopped: its calls will never be answered. */
  private lost(port: MessagePort): void {
    if (this.port === port) this.port = null;
    for (const [id, call] of this.pending) {
      if (call.port !== port) continue;
      this.pending.delete(id);
      call.settle(failure(restartedError()));
    }
  }
}

type Settle = (result: Result<unknown>) => void;

function failure(error: AppError): Result<never> {
  return { ok: false, error: error.toShape() };
}
