import { type MessagePort, parentPort } from 'node:worker_threads';
import { describe, type Logger, type LogLevel, redact } from '../core/logging/log';
import { type AppEvent, WrittenJson } from '../shared/contract';
import { AppError, type Result } from '../shared/errors';
import { JsonInput } from './jsonInput';
import { movedBytes } from './movedBytes';
import {
  type FromWorker,
  type OpenCache,
  type ShellServiceName,
  type ShellServices,
  type Told,
  type ToWorker,
} from './protocol';

export type CallMessage = Extract<ToWorker, { kind: 'call' }>;

const utf8 = new TextEncoder();

/**
 * A worker's side of the boundary: it answers the calls routed to it, asks the shell for what only
 * the shell has (keys, a save dialog), and sends events and log lines out. Every call is answered
 * exactly once, with an envelope.
 */
export class WorkerPort {
  private nextAsk = 1;
  private readonly asks = new Map<number, (result: Result<unknown>) => void>();

  /** How a call is answered, once `serve` is told. */
  private answer: ((call: CallMessage) => Promise<Uint8Array>) | null = null;

  constructor(private readonly port: MessagePort = requireParentPort()) {}

  /**
   * Answers each call with `handle`'s envelope, written as UTF-8 JSON in an array of its own that
   * is moved to the shell, not copied. Tells `told` what the shell tells outside any call (a
   * workspace the core opened, rows stored). On `close`, runs `close` and then lets the thread end.
   */
  serve(
    handle: (call: CallMessage) => Promise<Result<unknown>>,
    close: () => Promise<void>,
    told: (notice: Told) => void = () => {},
  ): void {
    const answer = async (call: CallMessage) => {
      const parsed = withParsedInput(call);
      return envelopeJson(await (parsed ? handle(parsed) : notJson(call.op)));
    };
    this.answer = answer;
    this.port.on('message', (message: ToWorker) => {
      if (message.kind === 'call') {
        void answer(message).then((json) => {
          const result: FromWorker = { kind: 'result', id: message.id, json };
          this.port.postMessage(result, movedBytes(json));
        });
      } else if (message.kind === 'answer') {
        const settle = this.asks.get(message.id);
        this.asks.delete(message.id);
        settle?.(message.result);
      } else if (message.kind === 'close') {
        void close().finally(() => {
          this.post({ kind: 'closed' });
          this.port.close();
        });
      } else {
        told(message);
      }
    });
  }

  /**
   * The answer a call of `op` from the shell would get, through every step but the sending: a
   * thread's first calls each ran code not yet compiled (the input's parse, the dispatch, the
   * envelope), and were the slowest it answered.
   */
  rehearse(op: string, input: unknown, cache: OpenCache): Promise<Uint8Array> {
    if (!this.answer) throw new Error('A call is rehearsed only on a port that serves calls.');
    return this.answer({ kind: 'call', id: 0, op, input, cache });
  }

  ask<S extends ShellServiceName>(
    service: S,
    ...args: Parameters<ShellServices[S]>
  ): ReturnType<ShellServices[S]> {
    return this.send(service, args) as ReturnType<ShellServices[S]>;
  }

  /**
   * As `ask`; when `signal` aborts, the shell is told to stop that work, and the answer it gives
   * once it has stopped settles the ask.
   */
  askCancellable<S extends ShellServiceName>(
    service: S,
    signal: AbortSignal | undefined,
    ...args: Parameters<ShellServices[S]>
  ): ReturnType<ShellServices[S]> {
    return this.send(service, args, signal) as ReturnType<ShellServices[S]>;
  }

  private send(service: ShellServiceName, args: unknown[], signal?: AbortSignal): Promise<unknown> {
    const id = this.nextAsk++;
    const cancel = () => this.post({ kind: 'cancel', id });
    const answer = new Promise<unknown>((resolve, reject) => {
      this.asks.set(id, (result) => {
        signal?.removeEventListener('abort', cancel);
        if (result.ok) resolve(result.data);
        else reject(AppError.fromShape(result.error));
      });
    });
    signal?.addEventListener('abort', cancel, { once: true });
    this.post({ kind: 'ask', id, service, args });
    return answer;
  }

  emit(event: AppEvent): void {
    this.post({ kind: 'event', event });
  }

  post(message: FromWorker): void {
    this.port.postMessage(message);
  }

  /**
   * A log whose lines go to the shell's log. Secrets this thread learns (the keys its API clients
   * hold) are redacted here, before a line leaves the thread; the shell adds its own.
   */
  logger(): Logger {
    const secrets = new Set<string>();
    const at =
      (level: LogLevel) =>
      (message: string, detail?: unknown): void => {
        const tail = detail === undefined ? '' : ` ${describe(detail)}`;
        this.post({ kind: 'log', level, text: redact(`${message}${tail}`, secrets) });
      };
    return {
      debug: at('debug'),
      info: at('info'),
      warn: at('warn'),
      error: at('error'),
      addSecret: (value) => secrets.add(value),
    };
  }
}

/** The call with its input parsed from the caller's JSON, where it came so; null if not JSON. */
function withParsedInput(call: CallMessage): CallMessage | null {
  if (!call.inputJson) return call;
  const { inputJson, ...rest } = call;
  const read = new JsonInput(inputJson).read();
  return read && { ...rest, input: read.value };
}

function notJson(op: string): Result<never> {
  const error = new AppError(
    'INVALID_INPUT',
    `The input for ${op} was not JSON; nothing was changed.`,
  );
  return { ok: false, error: error.toShape() };
}

function requireParentPort(): MessagePort {
  if (!parentPort) throw new Error('This module runs only inside a worker thread.');
  return parentPort;
}

/** An answer as the UTF-8 JSON of its envelope, the data a handler wrote spliced in as it is. */
function envelopeJson(result: Result<unknown>): Uint8Array {
  if (!result.ok || !(result.data instanceof WrittenJson))
    return utf8.encode(JSON.stringify(result));
  const data = result.data.bytes;
  const head = utf8.encode('{"ok":true,"data":');
  const whole = new Uint8Array(head.byteLength + data.byteLength + 1);
  whole.set(head);
  whole.set(data, head.byteLength);
  whole[whole.byteLength - 1] = 0x7d; // }
  return whole;
}
