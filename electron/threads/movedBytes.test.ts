import { MessageChannel, receiveMessageOnPort } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { movedBytes } from './movedBytes';

/** `value` sent over a real port with what `movedBytes` hands over, as the threads send it. */
function sent(value: Uint8Array): Uint8Array {
  const { port1, port2 } = new MessageChannel();
  try {
    port1.postMessage({ value }, movedBytes(value));
    return (receiveMessageOnPort(port2)!.message as { value: Uint8Array }).value;
  } finally {
    port1.close();
  }
}

describe('bytes sent to another thread', () => {
  it('moves a page of its own: it arrives whole and the sender no longer holds it', () => {
    const page = new TextEncoder().encode(JSON.stringify({ ids: ['a', 'b'], total: 2 }));
    const copy = page.slice();
    expect(sent(page)).toEqual(copy);
    expect(page.byteLength).toBe(0);
  });

  it("copies bytes that are part of a larger buffer, which stays the sender's", () => {
    // Node hands out small Buffers as slices of one pool, which other Buffers share.
    const small = Buffer.from('{"ok":true}');
    const neighbour = Buffer.from('next');
    expect(small.byteLength).toBeLessThan(small.buffer.byteLength);
    expect(new TextDecoder().decode(sent(small))).toBe('{"ok":true}');
    expect(small.toString()).toBe('{"ok":true}');
    expect(neighbour.toString()).toBe('next');
  });

  it('moves nothing that is not bytes', () => {
    expect(movedBytes({ formId: 'f1' })).toEqual([]);
    expect(movedBytes('text')).toEqual([]);
  });
});
