import { randomBytes } from 'node:crypto';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { ByteSink } from './byteSink';
import { reused, reusedDeflateRaw, reusedInflateRaw } from './reusedZlib';

const dictionary = Buffer.from('"questions":[{"id":"","name":"","type":"ShortAnswer","value":""}');
/** How the cache deflates its rows. */
const asStored = { dictionary, strategy: zlib.constants.Z_FIXED };

/** Inputs of every size that matters: empty, short, exactly one output's room, and past it. */
const inputs = [
  Buffer.alloc(0),
  Buffer.from('{"questions":[{"id":"a1","name":"Name","type":"ShortAnswer","value":"Zoë 🙂"}]}'),
  Buffer.alloc(64 * 1024, 'ab'),
  randomBytes(64 * 1024),
  randomBytes(200_000),
  Buffer.from('x'),
];

describe('a raw zlib stream reused from one input to the next', () => {
  it('deflates each input to the very bytes a stream of its own gives, in any order', () => {
    const deflate = reusedDeflateRaw(dictionary);
    for (const input of [...inputs, ...inputs.slice().reverse()])
      expect(deflate(input).equals(zlib.deflateRawSync(input, asStored))).toBe(true);
  });

  it('deflates a row with fixed codes, which inflate without building tables for each row', () => {
    const deflated = reusedDeflateRaw(dictionary)(inputs[1]!);
    // A raw deflate stream opens with its first block's header: the block type in bits 1 and 2.
    expect((deflated[0]! >> 1) & 0b11).toBe(0b01);
    expect(deflated.length).toBeLessThan(inputs[1]!.length);
  });

  it('inflates each input back to what was deflated, an output longer than its room included', () => {
    const inflate = reusedInflateRaw(dictionary);
    for (const input of [...inputs, ...inputs.slice().reverse()])
      expect(inflate(zlib.deflateRawSync(input, asStored)).equals(input)).toBe(true);
  });

  it('writes each output after the bytes a sink holds, the sink grown as the outputs need', () => {
    const inflate = reusedInflateRaw(dictionary);
    const sink = new ByteSink(16);
    sink.writeText('[');
    for (const input of inputs) inflate.into(zlib.deflateRawSync(input, asStored), sink);
    sink.writeText(']');
    expect(
      sink.written().equals(Buffer.concat([Buffer.from('['), ...inputs, Buffer.from(']')])),
    ).toBe(true);
  });

  it('refuses damaged or cut input with zlib’s own error, then inflates the next input whole', () => {
    const inflate = reusedInflateRaw(dictionary);
    const deflated = zlib.deflateRawSync(inputs[1]!, asStored);
    expect(() => inflate(Buffer.from([0xff, 0xff, 0xff, 0x00]))).toThrow(
      expect.objectContaining({ message: 'invalid block type', code: 'Z_DATA_ERROR' }),
    );
    expect(() => inflate(deflated.subarray(0, deflated.length - 3))).toThrow(
      expect.objectContaining({ message: 'unexpected end of file', code: 'Z_BUF_ERROR' }),
    );
    expect(inflate(deflated).equals(inputs[1]!)).toBe(true);
  });

  it('gives each input a stream of its own where the runtime’s zlib has no native half to drive', () => {
    const bare = Object.assign(new zlib.InflateRaw({ dictionary }), { _handle: undefined });
    const inflate = reused(bare, (input) => Buffer.concat([Buffer.from('alone:'), input]));
    expect(inflate(Buffer.from('row')).toString()).toBe('alone:row');
  });
});
