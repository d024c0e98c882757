import zlib from 'node:zlib';
import { ByteSink } from './byteSink';

/**
 * Deflates or inflates one whole input to one whole output, as `zlib.*RawSync` do. The input is
 * `input` from `from` on (by default all of it).
 */
export interface RawCoding {
  /** The output in a buffer of its own. */
  (input: Uint8Array, from?: number): Buffer;
  /** The output written after the bytes `sink` holds. */
  into(input: Uint8Array, sink: ByteSink, from?: number): void;
}

/** The native half of a zlib stream: what `zlib.inflateRawSync` itself calls. */
interface NativeStream {
  reset(): void;
  writeSync(
    flush: number,
    input: Uint8Array,
    inputAt: number,
    inputLength: number,
    output: Uint8Array,
    outputAt: number,
    outputLength: number,
  ): void;
  onerror: (message: string, errno: number, code: string) => void;
}

/** Room for a row's output in one call; a longer output is taken in several. */
const ROOM = 16 * 1024;

/**
 * Raw deflate with a preset dictionary, every input through one zlib stream reset between inputs.
 * `zlib.deflateRawSync` and `inflateRawSync` open a stream a call, and each leaves a native handle
 * for the garbage collector to finalise in its next young-generation pass: reading a window of a
 * hundred rows left enough of them for those passes to be most of the slowest windows' time, and
 * opening a deflate stream sets up its tables anew for every row stored. Node has no public call
 * that reuses a stream synchronously, so this drives the stream's native half as those functions
 * do; on a runtime whose zlib does not have that half, each input takes a stream of its own.
 */
export function reusedDeflateRaw(dictionary: Buffer): RawCoding {
  // Deflate's fixed codes: a row's own codes took more time to build on every read than the row
  // took to inflate, and saved about a tenth of its bytes. Any inflate reads either.
  const options = { dictionary, strategy: zlib.constants.Z_FIXED };
  return reused(new zlib.DeflateRaw(options), (input) => zlib.deflateRawSync(input, options));
}

/** Raw inflate with a preset dictionary, as `reusedDeflateRaw` deflates. */
export function reusedInflateRaw(dictionary: Buffer): RawCoding {
  return reused(new zlib.InflateRaw({ dictionary }), (input) =>
    zlib.inflateRawSync(input, { dictionary }),
  );
}

/** Exported to be tried on a stream without a native half, as another runtime may give. */
export function reused(
  stream: zlib.DeflateRaw | zlib.InflateRaw,
  alone: (input: Uint8Array) => Buffer,
): RawCoding {
  const into: RawCoding['into'] =
    nativeInto(stream) ?? ((input, sink, from = 0) => sink.write(alone(input.subarray(from))));
  const scratch = new ByteSink(ROOM);
  return Object.assign(
    (input: Uint8Array, from?: number) => {
      scratch.clear();
      into(input, scratch, from);
      return Buffer.from(scratch.written());
    },
    { into },
  );
}

function nativeInto(stream: zlib.DeflateRaw | zlib.InflateRaw): RawCoding['into'] | null {
  const { _handle: native, _writeState: state } = stream as unknown as {
    _handle?: Partial<NativeStream>;
    _writeState?: unknown;
  };
  if (
    typeof native?.writeSync !== 'function' ||
    typeof native.reset !== 'function' ||
    !(state instanceof Uint32Array)
  ) {
    stream.close();
    return null;
  }
  const handle = native as NativeStream;
  let failure: Error | undefined;
  handle.onerror = (message, errno, code) => {
    failure = Object.assign(new Error(message), { errno, code });
  };
  return (input, sink, from = 0) => {
    handle.reset();
    failure = undefined;
    let at = from;
    let left = input.byteLength - from;
    for (;;) {
      const output = sink.room(ROOM);
      const free = output.length - sink.at;
      handle.writeSync(zlib.constants.Z_FINISH, input, at, left, output, sink.at, free);
      if (failure) throw failure;
      const outputLeft = state[0]!;
      const inputLeft = state[1]!;
      sink.wrote(free - outputLeft);
      // Room left unfilled means the stream has ended; filled, it may have more to give.
      if (outputLeft > 0) return;
      at += left - inputLeft;
      left = inputLeft;
    }
  };
}
