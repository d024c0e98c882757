import { describe, expect, it } from 'vitest';
import { base64Chunks, toBase64 } from './fileChunks';

describe('base64Chunks', () => {
  it('splits a file into parts that join back to the same bytes', () => {
    const bytes = Uint8Array.from({ length: 100_001 }, (_, i) => (i * 31) % 256);
    const parts = [...base64Chunks(bytes, 30_000)];
    expect(parts.map((p) => p.final)).toEqual([false, false, false, true]);
    const joined = parts.flatMap((p) => [
      ...Uint8Array.from(atob(p.base64), (c) => c.charCodeAt(0)),
    ]);
    expect(Uint8Array.from(joined)).toEqual(bytes);
    expect(toBase64(new TextEncoder().encode('Zoë'))).toBe(btoa('Zo\u00c3\u00ab'));
  });

  it('sends an empty file as one final part', () => {
    expect([...base64Chunks(new Uint8Array())]).toEqual([{ base64: '', final: true }]);
  });
});
