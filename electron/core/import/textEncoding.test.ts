import { describe, expect, it } from 'vitest';
import { decodeText, detectEncoding } from './textEncoding';

const utf16 = (text: string, littleEndian: boolean) => {
  const out = new Uint8Array(text.length * 2);
  const view = new DataView(out.buffer);
  for (let i = 0; i < text.length; i++) view.setUint16(i * 2, text.charCodeAt(i), littleEndian);
  return out;
};

describe('detectEncoding', () => {
  it('recognises UTF-16 without a byte-order mark by its NUL bytes', () => {
    const text = 'Name\tEmail\r\nAna\tana@example.com\r\n';
    expect(detectEncoding(utf16(text, true))).toEqual({ encoding: 'utf-16le', hasBom: false });
    expect(detectEncoding(utf16(text, false))).toEqual({ encoding: 'utf-16be', hasBom: false });
    expect(decodeText(utf16(text, false), 'utf-16be')).toBe(text);
  });

  it('falls back to Windows-1252 only when the bytes are not valid UTF-8', () => {
    expect(detectEncoding(new TextEncoder().encode('Zoë,€5')).encoding).toBe('utf-8');
    expect(detectEncoding(Uint8Array.of(0x5a, 0x6f, 0xeb, 0x2c, 0x80, 0x35)).encoding).toBe(
      'windows-1252',
    );
  });
});
