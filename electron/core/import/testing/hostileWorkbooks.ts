import { CFB, utils, write } from '@e965/xlsx';
import { constants, deflateRawSync } from 'node:zlib';

/** One entry of a hand-made archive: the local header and the directory may disagree. */
interface MadeEntry {
  name: string;
  data: Buffer;
  method: 0 | 8;
  /** The method the central directory claims; the local header's when absent. */
  directoryMethod?: 0 | 8;
  /** The uncompressed size both headers claim. */
  declaredSize: number;
}

/** A ZIP archive written byte by byte, so that its headers say what a test needs them to say. */
function zipOf(entries: MadeEntry[]): Buffer {
  const locals: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'latin1');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(entry.method, 8);
    local.writeUInt32LE(entry.data.length, 18);
    local.writeUInt32LE(entry.declaredSize, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(entry.directoryMethod ?? entry.method, 10);
    central.writeUInt32LE(entry.data.length, 20);
    central.writeUInt32LE(entry.declaredSize, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, entry.data);
    directory.push(central, name);
    offset += local.length + name.length + entry.data.length;
  }
  const size = directory.reduce((n, b) => n + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(size, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...directory, end]);
}

/** The parts of a small, good .xlsx, as SheetJS writes them. */
function goodXlsxParts(): MadeEntry[] {
  const book = utils.book_new();
  utils.book_append_sheet(book, utils.aoa_to_sheet([['Name'], ['Ada']]), 'People');
  // SheetJS types its bundled CFB as `any`.
  const archive = CFB.read(write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer, {
    type: 'buffer',
  }) as { FileIndex: { type: number; content?: Uint8Array }[]; FullPaths: string[] };
  return archive.FileIndex.flatMap((file, i) => {
    const name = archive.FullPaths[i]!.replace(/^[^/]*\//, '');
    if (file.type !== 2 || !file.content) return [];
    const data = Buffer.from(file.content);
    return [{ name, data: deflateRawSync(data), method: 8 as const, declaredSize: data.length }];
  });
}

/**
 * A raw deflate stream of `megabytes` MB of one byte, about a kilobyte per megabyte: a block of a
 * megabyte flushed to a byte boundary, repeated, then an empty final block.
 */
function bombStream(megabytes: number): Buffer {
  const block = deflateRawSync(Buffer.alloc(1024 * 1024, 'a'), {
    finishFlush: constants.Z_SYNC_FLUSH,
  });
  return Buffer.concat([...Array<Buffer>(megabytes).fill(block), Buffer.from([0x03, 0x00])]);
}

/**
 * A raw deflate stream of `head`, `body` repeated `times` times, then `tail`: each part deflated on
 * its own, so that a body of a megabyte repeated costs a kilobyte or so each time.
 */
function repeatedStream(head: string, body: string, times: number, tail: string): Buffer {
  const flushed = (text: string) =>
    deflateRawSync(Buffer.from(text), { finishFlush: constants.Z_SYNC_FLUSH });
  const block = flushed(body);
  return Buffer.concat([flushed(head), ...Array<Buffer>(times).fill(block), deflateRawSync(tail)]);
}

/**
 * An .xlsx whose central directory calls a 1.5 GB entry "stored" at its compressed size, while its
 * local header, which SheetJS follows, says deflated.
 */
export function lyingDirectoryXlsx(): Buffer {
  const bomb = bombStream(1500);
  return zipOf([
    ...goodXlsxParts(),
    { name: 'docProps/thumbnail.jpeg', data: bomb, method: 8, directoryMethod: 0, declaredSize: 0 },
  ]);
}

/**
 * An .xlsx with a 1.5 GB entry that zlib refuses at its first block (a stored block whose length
 * check fails) and SheetJS's lenient inflater reads all the same.
 */
export function zlibRefusedXlsx(): Buffer {
  const badStoredBlock = Buffer.from([0x00, 4, 0, 0, 0, 0x61, 0x61, 0x61, 0x61]);
  const data = Buffer.concat([badStoredBlock, bombStream(1500)]);
  return zipOf([
    ...goodXlsxParts(),
    { name: 'docProps/thumbnail.jpeg', data, method: 8, declaredSize: 0 },
  ]);
}

/** An .xlsx of 80 MB of shared strings, 6.4 million of them, each an object SheetJS would make. */
export function manySharedStringsXlsx(): Buffer {
  const xml = repeatedStream(
    '<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">',
    '<si><t/></si>'.repeat(80_000),
    80,
    '</sst>',
  );
  return zipOf([
    ...goodXlsxParts(),
    { name: 'xl/sharedStrings2.xml', data: xml, method: 8, declaredSize: 0 },
  ]);
}

/** An .xlsx of 40,000 rows with one value each, in column XFD (the 16,384th), under a header. */
export function farColumnXlsx(rows = 40_000): Buffer {
  const sheet = ['<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'];
  sheet.push('<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">');
  sheet.push('<sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>Name</t></is></c></row>');
  for (let r = 2; r <= rows; r++)
    sheet.push(`<row r="${r}"><c r="XFD${r}" t="inlineStr"><is><t>x${r}</t></is></c></row>`);
  sheet.push('</sheetData></worksheet>');
  return zipOf(
    goodXlsxParts().map((part) => {
      if (part.name !== 'xl/worksheets/sheet1.xml') return part;
      const data = Buffer.from(sheet.join(''));
      return { ...part, data: deflateRawSync(data), declaredSize: data.length };
    }),
  );
}

/** An .ods whose one row, with one filled cell repeated over 16,384 columns, repeats 200,000 times. */
export function repeatedOds(rows = 200_000, columns = 16_384): Buffer {
  const content = `<?xml version="1.0" encoding="UTF-8"?>
<office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" office:version="1.2">
<office:body><office:spreadsheet><table:table table:name="Sheet1">
<table:table-row table:number-rows-repeated="${rows}"><table:table-cell table:number-columns-repeated="${columns}" office:value-type="float" office:value="1"><text:p>1</text:p></table:table-cell></table:table-row>
</table:table></office:spreadsheet></office:body></office:document-content>`;
  const data = Buffer.from(content);
  const mimetype = Buffer.from('application/vnd.oasis.opendocument.spreadsheet');
  const styles = Buffer.from(
    '<office:document-styles xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0"/>',
  );
  const manifest = Buffer.from(
    '<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0"/>',
  );
  return zipOf([
    { name: 'mimetype', data: mimetype, method: 0, declaredSize: mimetype.length },
    { name: 'META-INF/manifest.xml', data: manifest, method: 0, declaredSize: manifest.length },
    { name: 'styles.xml', data: styles, method: 0, declaredSize: styles.length },
    { name: 'content.xml', data: deflateRawSync(data), method: 8, declaredSize: data.length },
  ]);
}

/**
 * An .xlsx that also holds an OpenDocument manifest and the repeated .ods's content: SheetJS picks
 * its reader by those parts, and would read it as the .ods.
 */
export function odsInsideXlsx(): Buffer {
  const ods = zipEntriesOf(repeatedOds());
  return zipOf([...goodXlsxParts(), ...ods.filter((part) => part.name !== 'mimetype')]);
}

/** The parts of an archive this module wrote, as written. */
function zipEntriesOf(archive: Buffer): MadeEntry[] {
  const parts: MadeEntry[] = [];
  for (let at = 0; archive.readUInt32LE(at) === 0x04034b50;) {
    const size = archive.readUInt32LE(at + 18);
    const nameLength = archive.readUInt16LE(at + 26);
    const name = archive.toString('latin1', at + 30, at + 30 + nameLength);
    const data = archive.subarray(at + 30 + nameLength, at + 30 + nameLength + size);
    parts.push({
      name,
      data,
      method: archive.readUInt16LE(at + 8) as 0 | 8,
      declaredSize: archive.readUInt32LE(at + 22),
    });
    at += 30 + nameLength + size;
  }
  return parts;
}

/**
 * An .xls of 8 million numbers (31,250 rows × 256 columns), six bytes each in MULRK records, the
 * most compact cells BIFF8 has: no compression to inflate, only cells for SheetJS to make.
 */
export function manyCellsXls(rows = 31_250, columns = 256): Buffer {
  const book = utils.book_new();
  utils.book_append_sheet(book, utils.aoa_to_sheet([['Name'], ['Ada']]), 'People');
  const stream = workbookStream(write(book, { type: 'buffer', bookType: 'biff8' }) as Buffer);
  // The sheet's records end with its EOF, the stream's last record.
  const sheetEnd = stream.length - 4;
  const record = Buffer.alloc(4 + 6 + 6 * columns);
  record.writeUInt16LE(0x00bd, 0);
  record.writeUInt16LE(record.length - 4, 2);
  for (let c = 0; c < columns; c++) {
    record.writeUInt16LE(15, 8 + 6 * c);
    // The number 1, as an RK value: an integer shifted left by two, flagged as one.
    record.writeUInt32LE((1 << 2) | 2, 10 + 6 * c);
  }
  record.writeUInt16LE(columns - 1, record.length - 2);
  const cells = Buffer.alloc(record.length * rows);
  for (let r = 0; r < rows; r++) {
    record.writeUInt16LE(r + 2, 4);
    record.copy(cells, r * record.length);
  }
  return cfbOf(Buffer.concat([stream.subarray(0, sheetEnd), cells, stream.subarray(sheetEnd)]));
}

/** A small .xls whose last value sits in its last cell, IV65536: the sheet reaches every cell. */
export function lastCellXls(): Buffer {
  const book = utils.book_new();
  utils.book_append_sheet(book, utils.aoa_to_sheet([['Name'], ['Ada']]), 'People');
  const stream = workbookStream(write(book, { type: 'buffer', bookType: 'biff8' }) as Buffer);
  let label = -1;
  for (let at = 0; at + 4 <= stream.length; at += 4 + stream.readUInt16LE(at + 2)) {
    if (stream.readUInt16LE(at) === 0x0204) label = at;
  }
  stream.writeUInt16LE(65_535, label + 4);
  stream.writeUInt16LE(255, label + 6);
  return cfbOf(stream);
}

/** The Workbook stream of an .xls. */
function workbookStream(xls: Buffer): Buffer {
  const container = CFB.read(xls, { type: 'buffer' }) as unknown;
  const stream = CFB.find(container as never, '/Workbook') as { content: Uint8Array } | null;
  if (!stream) throw new Error('SheetJS wrote an .xls without a Workbook stream');
  return Buffer.from(stream.content);
}

/** An OLE2 container holding `stream` as its Workbook. */
function cfbOf(stream: Buffer): Buffer {
  const container = CFB.utils.cfb_new() as unknown;
  CFB.utils.cfb_add(container as never, '/Workbook', stream);
  return CFB.write(container as never, { type: 'buffer' }) as Buffer;
}

export const HOSTILE_WORKBOOKS = {
  lyingDirectoryXlsx,
  zlibRefusedXlsx,
  manySharedStringsXlsx,
  farColumnXlsx,
  repeatedOds,
  manyCellsXls,
} as const;
export type HostileWorkbook = keyof typeof HOSTILE_WORKBOOKS;
