import { join } from 'node:path';
import { type MessagePort, type ResourceLimits, Worker } from 'node:worker_threads';
import { AppError, type Result } from '../shared/errors';
import { JsonInput } from './jsonInput';
import { movedBytes } from './movedBytes';
import {
  type FromWorker,
  type OpenCache,
  type ShellServiceName,
  type ToWorker,
  type WorkerNotice,
} from './protocol';

export type WorkerEntry =
  | 'coreWorker'
  | 'readerWorker'
  | 'writerWorker'
  | 'checkpointWorker'
  | 'importWorker'
  | 'fullCheckWorker';

/** What a worker says besides answers and asks: events, log lines, the cache it opened. */
export type WorkerNote = Exclude<
  FromWorker,
  { kind: 'result' | 'ready' | 'closed' | 'ask' | 'cancel' }
>;

/** Does what a worker asks of the shell; `signal` aborts when the worker gives up or stops. */
export type ServeAsk = (
  service: ShellServiceName,
  args: unknown[],
  signal: AbortSignal,
) => Promise<Result<unknown>>;

export interface WorkerThreadOptions {
  entry: WorkerEntry;
  /** The folder of the built entries (`out/main/`); without it, the TypeScript sources. */
  builtDir: string | undefined;
  /** The worker's start data; `restarted` is true after the one before it stopped. */
  workerData(restarted: boolean): unknown;
  onNote(note: WorkerNote): void;
  /** What the worker asks of the shell; a worker that asks nothing needs none. */
  serveAsk?: ServeAsk;
  /** Told when the worker stopped without being asked (a crash, out of memory, killed). */
  onStopped(reason: string): void;
  /** Told once a worker that stopped unasked has been started again. */
  onRestarted?(): void;
  /** The memory the worker may use: past it, the worker stops as in a crash. */
  resourceLimits?: ResourceLimits;
  /** The answer to calls in flight when the worker stops unasked; else a retryable one. */
  stoppedError?: () => AppError;
}

const utf8 = new TextDecoder();

/** Stops closer together than this, this many times, and the worker is not started again. */
const RESTART_WINDOW_MS = 60_000;
const RESTARTS_IN_WINDOW = 3;
/** A worker asked to close gets this long to finish what it writes before it is stopped. */
const CLOSE_GRACE_MS = 10_000;

/**
 * One worker thread of the core, kept running: calls are posted to it and answered exactly once,
 * by its result or, when it stops first, by a retryable error; a worker that stops is started
 * again (unless it keeps stopping), and what it had committed is where it left it.
 */
export class WorkerThread {
  private worker: Worker;
  private nextId = 1;
  private readonly pending = new Map<number, (json: Uint8Array) => void>();
  private readonly stops: number[] = [];
  private closing = false;
  private givenUp = false;
  private started: Promise<void>;

  constructor(private readonly options: WorkerThreadOptions) {
    ({ worker: this.worker, ready: this.started } = this.spawn(false));
  }

  /** Resolves once the worker has started (and the core has opened its workspace). */
  ready(): Promise<void> {
    return this.started;
  }

  /** Calls in flight: the pool sends a read to the reader with the fewest. */
  get load(): number {
    return this.pending.size;
  }

  async call(op: string, input: unknown, cache?: OpenCache | null): Promise<Result<unknown>> {
    return JSON.parse(utf8.decode(await this.callForJson(op, input, cache))) as Result<unknown>;
  }

  /**
   * The envelope as the worker wrote it, UTF-8 JSON, for a shell that passes it on as it is. Input
   * that is bytes of their own (a page of the service's JSON, a caller's `JsonInput`) is moved to
   * the worker, not copied.
   */
  callForJson(op: string, input: unknown, cache?: OpenCache | null): Promise<Uint8Array> {
    if (this.givenUp || this.closing) return Promise.resolve(failure(this.downError()));
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.pending.set(id, resolve);
      try {
        const json = input instanceof JsonInput ? input.bytes : null;
        const call: ToWorker = {
          kind: 'call',
          id,
          op,
          ...(json ? { input: undefined, inputJson: json } : { input }),
          ...(cache === undefined ? {} : { cache }),
        };
        this.post(call, movedBytes(json ?? input));
      } catch {
        // Input no structured clone can carry (a function, a symbol) comes from no real caller.
        this.settle(id, failure(new AppError('INVALID_INPUT', `Invalid input for ${op}.`)));
      }
    });
  }

  /** Tells the worker of a workspace the core has opened, or of rows stored, outside any call. */
  tell(notice: WorkerNotice): void {
    if (!this.givenUp && !this.closing) this.post(notice);
  }

  /** Hands the worker its end of a line to the core (`coreLink.ts`). */
  link(port: MessagePort): void {
    if (!this.givenUp && !this.closing) this.post({ kind: 'link', port }, [port]);
  }

  /** Stops the worker as a crash would: for fault drills. */
  async crash(): Promise<void> {
    await this.worker.terminate();
  }

  async close(): Promise<void> {
    if (this.closing) return;
    this.closing = true;
    if (this.givenUp) return;
    const worker = this.worker;
    const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
    worker.postMessage({ kind: 'close' } satisfies ToWorker);
    const grace = setTimeout(() => void worker.terminate(), CLOSE_GRACE_MS);
    await exited;
    clearTimeout(grace);
  }

  private post(message: ToWorker, moved: (ArrayBuffer | MessagePort)[] = []): void {
    this.worker.postMessage(message, moved);
  }

  private spawn(restarted: boolean): { worker: Worker; ready: Promise<void> } {
    const { entry, builtDir } = this.options;
    const [script, options] = workerScript(entry, builtDir, this.options.workerData(restarted));
    const worker = new Worker(script, { ...options, resourceLimits: this.options.resourceLimits });
    // Asks are this worker's own: one started again numbers its asks from 1, so an answer meant
    // for the worker before it must never reach it, and work done for a stopped one stops too.
    const asks = new Map<number, AbortController>();
    worker.once('exit', () => asks.forEach((ask) => ask.abort()));
    const ready = new Promise<void>((resolve) => {
      worker.on('message', (message: FromWorker) => {
        if (message.kind === 'ready') resolve();
        else if (message.kind === 'result') this.settle(message.id, message.json);
        else if (message.kind === 'closed') void worker.terminate();
        else if (message.kind === 'ask') this.serveAsk(worker, asks, message);
        else if (message.kind === 'cancel') asks.get(message.id)?.abort();
        else this.options.onNote(message);
      });
      // Stopped before it was ready: the calls waiting on it are answered by `stopped`.
      worker.once('exit', () => resolve());
    });
    let error: Error | null = null;
    worker.on('error', (thrown) => (error = thrown));
    worker.once('exit', (code) =>
      this.stopped(worker, error ? String(error.message) : `exit code ${code}`),
    );
    return { worker, ready };
  }

  private serveAsk(
    worker: Worker,
    asks: Map<number, AbortController>,
    { id, service, args }: Extract<FromWorker, { kind: 'ask' }>,
  ): void {
    const controller = new AbortController();
    asks.set(id, controller);
    const served = this.options.serveAsk
      ? this.options.serveAsk(service, args, controller.signal)
      : Promise.resolve(
          failureResult(new AppError('INTERNAL', `Nothing answers ${service} here.`)),
        );
    void served.then((result) => {
      asks.delete(id);
      if (worker === this.worker && !this.givenUp)
        worker.postMessage({ kind: 'answer', id, result } satisfies ToWorker);
    });
  }

  private settle(id: number, json: Uint8Array): void {
    const resolve = this.pending.get(id);
    this.pending.delete(id);
    resolve?.(json);
  }

  private stopped(worker: Worker, reason: string): void {
    if (worker !== this.worker) return;
    const error = this.closing
      ? new AppError('CANCELLED', 'Formdesk is closing.')
      : (this.options.stoppedError?.() ?? restartedError());
    for (const id of [...this.pending.keys()]) this.settle(id, failure(error));
    if (this.closing) return;
    this.options.onStopped(reason);
    const now = Date.now();
    this.stops.push(now);
    while (this.stops.length > 0 && (this.stops[0] ?? now) < now - RESTART_WINDOW_MS)
      this.stops.shift();
    if (this.stops.length > RESTARTS_IN_WINDOW) {
      this.givenUp = true;
      return;
    }
    ({ worker: this.worker, ready: this.started } = this.spawn(true));
    this.options.onRestarted?.();
  }

  private downError(): AppError {
    return this.closing
      ? new AppError('CANCELLED', 'Formdesk is closing.')
      : new AppError(
          'INTERNAL',
          'Formdesk stopped working several times in a row. Quit and open it again; details are in the log.',
        );
  }
}

/** The answer to a call whose thread stopped before answering: it has started again. */
export function restartedError(): AppError {
  return new AppError(
    'INTERNAL',
    'Formdesk stopped working on this for a moment and has started again. Try again.',
    { retryable: true },
  );
}

function failureResult(error: AppError): Result<never> {
  return { ok: false, error: error.toShape() };
}

function failure(error: AppError): Uint8Array {
  return new TextEncoder().encode(JSON.stringify(failureResult(error)));
}

/**
 * The worker's script: the entry's bundle in `builtDir`, or from source (tests, benchmarks) the
 * entry's TypeScript, compiled as it loads.
 */
export function workerScript(
  entry: WorkerEntry,
  builtDir: string | undefined,
  workerData: unknown,
): [string, { eval: boolean; workerData: unknown; execArgv?: string[] }] {
  if (builtDir !== undefined) {
    // Built code needs no loader: a shell started under one (tsx, in tests and benchmarks) would
    // have it resolve each of the thread's modules, slowing every thread's start.
    return [join(builtDir, `${entry}.js`), { eval: false, workerData, execArgv: [] }];
  }
  const compiler = require.resolve('tsx/cjs');
  const source = join(__dirname, `${entry}.ts`);
  return [
    `require(${JSON.stringify(compiler)}); require(${JSON.stringify(source)});`,
    { eval: true, workerData },
  ];
}
