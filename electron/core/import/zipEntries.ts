import { inflateRawSync } from 'node:zlib';
import { AppError } from '../../shared/errors';

export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated. */
  method: number;
  compressedSize: number;
  /** Where the entry's local header starts. */
  headerOffset: number;
}

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;

/**
 * The entries a ZIP archive lists in its central directory, or null when the bytes hold no
 * readable directory. Names only: nothing is decompressed.
 */
export function zipEntries(bytes: Uint8Array): ZipEntry[] | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // The end record sits in the last 22 bytes plus a comment of at most 65,535.
  let end = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 0xffff); i--) {
    if (view.getUint32(i, true) === END_OF_DIRECTORY) {
      end = i;
      break;
    }
  }
  if (end < 0) return null;
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  const entries: ZipEntry[] = [];
  const latin1 = new TextDecoder('latin1');
  for (let n = 0; n < count; n++) {
    if (at + 46 > bytes.length || view.getUint32(at, true) !== DIRECTORY_ENTRY) return null;
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    entries.push({
      name: latin1.decode(bytes.subarray(at + 46, at + 46 + nameLength)),
      method: view.getUint16(at + 10, true),
      compressedSize: view.getUint32(at + 20, true),
      headerOffset: view.getUint32(at + 42, true),
    });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/**
 * Refuses an archive whose entries decompress to more than `limit` bytes in all. The sizes an
 * archive declares can lie (that is how a zip bomb works), so each entry is inflated for real,
 * with zlib stopping at what is left of the limit, before any reader holds the data.
 */
export function refuseOversizedZip(bytes: Uint8Array, entries: ZipEntry[], limit: number): void {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let left = limit;
  for (const entry of entries) {
    const at = entry.headerOffset;
    if (at + 30 > bytes.length || view.getUint32(at, true) !== LOCAL_HEADER) continue;
    const start = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
    const data = bytes.subarray(start, start + entry.compressedSize);
    let size = data.length;
    if (entry.method === 8) {
      try {
        size = inflateRawSync(data, { maxOutputLength: Math.max(1, left) }).length;
      } catch (error) {
        if (error instanceof RangeError) size = Infinity;
        else continue; // A damaged entry is for the reader to name.
      }
    }
    left -= size;
    if (left < 0) {
      throw new AppError(
        'INVALID_INPUT',
        `This workbook unpacks to more than ${Math.round(limit / 1024 / 1024)} MB, more than Formdesk reads at once. ` +
          'Save the sheet you want to import on its own (or as CSV) and choose that file.',
        { details: { problem: 'WORKBOOK_TOO_LARGE' } },
      );
    }
  }
}
