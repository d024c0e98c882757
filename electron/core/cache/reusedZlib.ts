import zlib from 'node:zlib';

/** Deflates or inflates one whole input to one whole output, as `zlib.*RawSync` do. */
export type RawCoding = (input: Uint8Array) => Buffer;

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

/** Room for most rows in one call; a longer output is taken in several. */
const OUTPUT = 64 * 1024;

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
  return reused(new zlib.DeflateRaw({ dictionary }), (input) =>
    zlib.deflateRawSync(input, { dictionary }),
  );
}

/** Raw inflate with a preset dictionary, as `reusedDeflateRaw` deflates. */
export function reusedInflateRaw(dictionary: Buffer): RawCoding {
  return reused(new zlib.InflateRaw({ dictionary }), (input) =>
    zlib.inflateRawSync(input, { dictionary }),
  );
}

/** Exported to be tried on a stream without a native half, as another runtime may give. */
export function reused(stream: zlib.DeflateRaw | zlib.InflateRaw, alone: RawCoding): RawCoding {
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
    return alone;
  }
  const whole = native as NativeStream;
  const output = Buffer.allocUnsafe(OUTPUT);
  let failure: Error | undefined;
  whole.onerror = (message, errno, code) => {
    failure = Object.assign(new Error(message), { errno, code });
  };
  return (input) => {
    whole.reset();
    failure = undefined;
    const parts: Buffer[] = [];
    let at = 0;
    let left = input.byteLength;
    for (;;) {
      whole.writeSync(zlib.constants.Z_FINISH, input, at, left, output, 0, OUTPUT);
      if (failure) throw failure;
      const [outputLeft = 0, inputLeft = 0] = state;
      const part = Buffer.allocUnsafe(OUTPUT - outputLeft);
      output.copy(part, 0, 0, part.length);
      parts.push(part);
      // Output left unfilled means the stream has ended; a full output may have more to come.
      if (outputLeft > 0) return parts.length === 1 ? part : Buffer.concat(parts);
      at += left - inputLeft;
      left = inputLeft;
    }
  };
}
