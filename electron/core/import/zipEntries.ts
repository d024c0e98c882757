import { createInflateRaw } from 'node:zlib';
import { AppError } from '../../shared/errors';
import { byteSize, type WorkbookBudget, workbookTooLarge } from './workbookBudget';

/** One entry of a ZIP archive as SheetJS reads it: by its local header, not the directory's claim. */
export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated: anything else SheetJS refuses. */
  method: number;
  compressedSize: number;
  /** The size SheetJS allocates for a deflated entry before inflating it. */
  declaredSize: number;
  /** Where the entry's data starts. */
  dataStart: number;
}

const ZIP64_EXTRA = 0x0001;

/**
 * The entries of a ZIP archive as SheetJS's reader walks them (the last end record anywhere in the
 * file, the entry count on this disk, then each local header the directory points to, with its
 * method and sizes), or null when those bytes are not all there. Names only: nothing is inflated.
 */
export function zipEntries(bytes: Uint8Array): ZipEntry[] | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const fits = (at: number, length: number) => at >= 0 && at + length <= bytes.length;
  let end = bytes.length - 4;
  while (
    end >= 0 &&
    !(
      bytes[end] === 0x50 &&
      bytes[end + 1] === 0x4b &&
      bytes[end + 2] === 5 &&
      bytes[end + 3] === 6
    )
  )
    end--;
  if (!fits(end, 22)) return null;
  const count = view.getUint16(end + 8, true);
  let at = view.getUint32(end + 16, true);
  const entries: ZipEntry[] = [];
  const latin1 = new TextDecoder('latin1');
  for (let n = 0; n < count; n++) {
    if (!fits(at, 46)) return null;
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const offset = view.getUint32(at + 42, true);
    const directory = zip64Sizes(view, at + 46 + nameLength, extraLength);
    at += 46 + nameLength + extraLength + view.getUint16(at + 32, true);
    if (directory === undefined || !fits(offset, 30)) return null;
    const localName = view.getUint16(offset + 26, true);
    const localExtra = view.getUint16(offset + 28, true);
    const dataStart = offset + 30 + localName + localExtra;
    if (!fits(offset + 30, localName + localExtra)) return null;
    let compressedSize = view.getUint32(offset + 18, true);
    let declaredSize = view.getUint32(offset + 22, true);
    // SheetJS lets a ZIP64 field override the local sizes only where the local header has extras.
    if (localExtra > 0) {
      const local = zip64Sizes(view, offset + 30 + localName, localExtra);
      if (local === undefined) return null;
      for (const sizes of [local, directory]) {
        if (!sizes) continue;
        ({ compressed: compressedSize, uncompressed: declaredSize } = sizes);
      }
    }
    entries.push({
      name: latin1.decode(bytes.subarray(offset + 30, offset + 30 + localName)),
      method: view.getUint16(offset + 8, true),
      compressedSize,
      declaredSize,
      dataStart,
    });
  }
  return entries;
}

/** The ZIP64 sizes an extra field holds, null when it holds none, undefined when it is cut short. */
function zip64Sizes(
  view: DataView,
  at: number,
  length: number,
): { compressed: number; uncompressed: number } | null | undefined {
  if (at + length > view.byteLength) return undefined;
  for (let field = at; field + 4 <= at + length;) {
    const size = view.getUint16(field + 2, true);
    if (view.getUint16(field, true) === ZIP64_EXTRA) {
      if (field + 20 > view.byteLength) return undefined;
      return {
        uncompressed: Number(view.getBigUint64(field + 4, true)),
        compressed: Number(view.getBigUint64(field + 12, true)),
      };
    }
    field += 4 + size;
  }
  return null;
}

/**
 * Inflates every entry as SheetJS will (a deflated stream read from its start to wherever it ends,
 * whatever the headers claim) and refuses the archive, before any reader holds it, when an entry
 * or all of them would make more than the budget allows: the larger of what an entry inflates to
 * and what its header makes SheetJS allocate. A stream zlib refuses is refused here, not skipped:
 * SheetJS's own inflater reads it regardless. Each part's bytes go to `scan` as they come.
 */
export async function inflateWithinBudget(
  bytes: Uint8Array,
  entries: ZipEntry[],
  budget: WorkbookBudget,
  scan: (entry: ZipEntry, chunk: Buffer) => void,
): Promise<number> {
  let total = 0;
  const refuse = () =>
    workbookTooLarge(bytes.length, `more than ${byteSize(budget.unpackedBytes)} of data`);
  for (const entry of entries) {
    const left = Math.min(budget.entryBytes, budget.unpackedBytes - total);
    let size = 0;
    if (entry.method === 0) {
      size = Math.max(0, Math.min(entry.compressedSize, bytes.length - entry.dataStart));
      if (size <= left)
        scan(entry, Buffer.from(bytes.buffer, bytes.byteOffset + entry.dataStart, size));
    } else if (entry.method === 8) {
      if (entry.declaredSize > left) throw refuse();
      size = await inflatedSize(bytes.subarray(entry.dataStart), left, (chunk) =>
        scan(entry, chunk),
      );
    }
    total += Math.max(size, entry.method === 8 ? entry.declaredSize : 0);
    if (size > left || total > budget.unpackedBytes) throw refuse();
  }
  return total;
}

/** Bytes a raw deflate stream makes, counted without holding them, stopping once past `limit`. */
async function inflatedSize(
  data: Uint8Array,
  limit: number,
  onChunk: (chunk: Buffer) => void,
): Promise<number> {
  const inflater = createInflateRaw({ chunkSize: 256 * 1024 });
  inflater.end(data);
  let size = 0;
  try {
    for await (const chunk of inflater as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > limit) break;
      onChunk(chunk);
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError(
      'INVALID_INPUT',
      'A part of this workbook is damaged, so it cannot be read. Open it in its program, save it again as a workbook or as CSV, and choose the saved file.',
      { details: { problem: 'DAMAGED_WORKBOOK' } },
    );
  } finally {
    inflater.destroy();
  }
  return size;
}
