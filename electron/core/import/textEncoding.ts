/** Text encodings a CSV file may come in, named as `TextDecoder` knows them. */
export const TEXT_ENCODINGS = ['utf-8', 'utf-16le', 'utf-16be', 'windows-1252'] as const;
export type TextEncoding = (typeof TEXT_ENCODINGS)[number];

const BOMS: ReadonlyArray<{ encoding: TextEncoding; bytes: readonly number[] }> = [
  { encoding: 'utf-8', bytes: [0xef, 0xbb, 0xbf] },
  { encoding: 'utf-16le', bytes: [0xff, 0xfe] },
  { encoding: 'utf-16be', bytes: [0xfe, 0xff] },
];

/** How much of the file the NUL-pattern and UTF-8 checks look at: enough to decide, cheap on any. */
const SNIFF_BYTES = 64 * 1024;

export interface DetectedEncoding {
  encoding: TextEncoding;
  hasBom: boolean;
}

/**
 * Decides how a file's bytes are text. A byte-order mark settles it. Without one, UTF-16 shows
 * itself by NUL bytes in every other position (ASCII-range text, which CSV structure always is);
 * then the file is UTF-8 when it is valid UTF-8, and otherwise Windows-1252 — what Excel writes
 * for "CSV" on Western Windows. A Windows-1252 file that happens to be valid UTF-8 is read as
 * UTF-8; the wizard lets the user override.
 */
export function detectEncoding(bytes: Uint8Array): DetectedEncoding {
  for (const bom of BOMS) {
    if (bom.bytes.every((b, i) => bytes[i] === b)) return { encoding: bom.encoding, hasBom: true };
  }
  const sample = bytes.subarray(0, SNIFF_BYTES);
  const utf16 = utf16ByNulPattern(sample);
  if (utf16) return { encoding: utf16, hasBom: false };
  return { encoding: isValidUtf8(bytes) ? 'utf-8' : 'windows-1252', hasBom: false };
}

function utf16ByNulPattern(sample: Uint8Array): TextEncoding | null {
  const pairs = Math.floor(sample.length / 2);
  if (pairs < 2) return null;
  let evenNul = 0;
  let oddNul = 0;
  for (let i = 0; i + 1 < sample.length; i += 2) {
    if (sample[i] === 0) evenNul++;
    if (sample[i + 1] === 0) oddNul++;
  }
  // Mostly-ASCII UTF-16 has a NUL in nearly every high byte; real 8-bit text has almost none.
  if (oddNul > pairs * 0.4 && evenNul < pairs * 0.05) return 'utf-16le';
  if (evenNul > pairs * 0.4 && oddNul < pairs * 0.05) return 'utf-16be';
  return null;
}

function isValidUtf8(bytes: Uint8Array): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** Bytes to text in the given encoding, without its byte-order mark. */
export function decodeText(bytes: Uint8Array, encoding: TextEncoding): string {
  // ignoreBOM: false makes the decoder drop a leading BOM of its own encoding.
  return new TextDecoder(encoding, { ignoreBOM: false }).decode(bytes);
}
