import { constants, crc32, deflateRawSync } from 'node:zlib';

/** A file inside the archive, its content given in pieces as they are made. */
export interface ZipEntry {
  name: string;
  content: Iterable<string | Uint8Array>;
}

/** Input deflated at a time: each piece is a deflate stream of its own, flushed to a byte edge. */
const PIECE_BYTES = 256 * 1024;
/** A final, empty block of fixed codes: ends a deflate stream whose blocks all went before. */
const FINAL_BLOCK = Buffer.from([0x03, 0x00]);
const UTF8_NAMES_AND_DESCRIPTOR = 0x0808;
const LIMIT = 0xffff_ffff;

function dosTime(date: Date): { time: number; day: number } {
  return {
    time: (date.getHours() << 11) | (date.getMinutes() << 5) | Math.floor(date.getSeconds() / 2),
    day: ((date.getFullYear() - 1980) << 9) | ((date.getMonth() + 1) << 5) | date.getDate(),
  };
}

/**
 * A zip archive written as its entries are made, so a file of any size is held one piece at a
 * time: sizes and checksums follow each entry's data (a data descriptor), and the deflate stream
 * of an entry is its pieces, each deflated alone and flushed to a byte edge, then one final block.
 */
export function* zipChunks(entries: Iterable<ZipEntry>, now = new Date()): Generator<Uint8Array> {
  const { time, day } = dosTime(now);
  const central: Buffer[] = [];
  let offset = 0;
  let count = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(UTF8_NAMES_AND_DESCRIPTOR, 6);
    local.writeUInt16LE(8, 8);
    local.writeUInt16LE(time, 10);
    local.writeUInt16LE(day, 12);
    local.writeUInt16LE(name.length, 26);
    yield local;
    yield name;
    const start = offset;
    offset += local.length + name.length;

    let crc = 0;
    let size = 0;
    let compressed = 0;
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    const deflate = function* (): Generator<Uint8Array> {
      const input = pending.length === 1 ? pending[0]! : Buffer.concat(pending);
      pending = [];
      pendingBytes = 0;
      crc = crc32(input, crc);
      size += input.length;
      const out = deflateRawSync(input, { finishFlush: constants.Z_SYNC_FLUSH });
      compressed += out.length;
      yield out;
    };
    for (const piece of entry.content) {
      const bytes = typeof piece === 'string' ? Buffer.from(piece, 'utf8') : Buffer.from(piece);
      pending.push(bytes);
      pendingBytes += bytes.length;
      if (pendingBytes >= PIECE_BYTES) yield* deflate();
    }
    if (pendingBytes > 0) yield* deflate();
    yield FINAL_BLOCK;
    compressed += FINAL_BLOCK.length;
    if (size > LIMIT || compressed > LIMIT || offset > LIMIT)
      throw new Error('The file is past what a zip archive without its 64-bit extension can hold.');

    const descriptor = Buffer.alloc(16);
    descriptor.writeUInt32LE(0x08074b50, 0);
    descriptor.writeUInt32LE(crc >>> 0, 4);
    descriptor.writeUInt32LE(compressed, 8);
    descriptor.writeUInt32LE(size, 12);
    yield descriptor;
    offset += compressed + descriptor.length;

    const record = Buffer.alloc(46);
    record.writeUInt32LE(0x02014b50, 0);
    record.writeUInt16LE(20, 4);
    record.writeUInt16LE(20, 6);
    record.writeUInt16LE(UTF8_NAMES_AND_DESCRIPTOR, 8);
    record.writeUInt16LE(8, 10);
    record.writeUInt16LE(time, 12);
    record.writeUInt16LE(day, 14);
    record.writeUInt32LE(crc >>> 0, 16);
    record.writeUInt32LE(compressed, 20);
    record.writeUInt32LE(size, 24);
    record.writeUInt16LE(name.length, 28);
    record.writeUInt32LE(start, 42);
    central.push(record, name);
    count += 1;
  }
  const directory = Buffer.concat(central);
  yield directory;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(count, 8);
  end.writeUInt16LE(count, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  yield end;
}
