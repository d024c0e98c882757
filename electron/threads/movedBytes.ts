/**
 * What a message carrying `value` hands over rather than copies: the buffer of bytes that are
 * their buffer's whole, as an array made for them is (a page read from the service, a window
 * written for the shell). The sender must not read them after. Bytes in part of a buffer (Node's
 * pool of small ones) are copied, so the rest of it stays where it is.
 */
export function movedBytes(value: unknown): ArrayBuffer[] {
  if (!(value instanceof Uint8Array) || !(value.buffer instanceof ArrayBuffer)) return [];
  const whole = value.byteOffset === 0 && value.byteLength === value.buffer.byteLength;
  return whole ? [value.buffer] : [];
}
