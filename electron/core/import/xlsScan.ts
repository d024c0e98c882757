import { cellsText, type WorkbookBudget, workbookTooLarge } from './workbookBudget';

/** The part of SheetJS's CFB reader the scan uses: the one its .xls reader opens files with. */
export interface CfbReader {
  read(data: Uint8Array, options: { type: 'array' }): unknown;
  find(container: never, path: string): { content?: ArrayLike<number> } | null;
}

const BOF = new Set([0x0009, 0x0209, 0x0409, 0x0809]);
const EOF = 0x000a;
const FILE_PASS = 0x002f;
const SST = 0x00fc;
const CONTINUE = 0x003c;
const MUL_RK = 0x00bd;
/** Records SheetJS makes one cell of, each starting with the cell's row and column. */
const CELLS = new Set([
  0x0002, 0x0003, 0x0004, 0x0005, 0x0006, 0x0203, 0x0204, 0x0205, 0x0206, 0x027e, 0x0406, 0x00d6,
  0x00fd,
]);

/**
 * The Workbook stream of an .xls as SheetJS finds it, or null for a container that has none (an
 * encrypted .xlsx, a Quattro Pro file): its reader would read another format from those.
 */
export function xlsWorkbookStream(cfb: CfbReader, bytes: Uint8Array): Uint8Array | null {
  let container: unknown;
  try {
    container = cfb.read(bytes, { type: 'array' });
  } catch {
    return null;
  }
  const stream = cfb.find(container as never, '/Workbook') ?? cfb.find(container as never, '/Book');
  if (!stream?.content) return null;
  const content = stream.content;
  return content instanceof Uint8Array ? content : Uint8Array.from(content);
}

/**
 * Counts, from an .xls's BIFF records before SheetJS reads it, the cells and shared strings it
 * would make, and each sheet's reach. Nothing in an .xls is compressed, but its cells are cheap to
 * write and dear to read: a file at the upload limit holds tens of millions. Refuses the file
 * once past the budget.
 */
export function scanXls(stream: Uint8Array, budget: WorkbookBudget, fileBytes: number): void {
  const view = new DataView(stream.buffer, stream.byteOffset, stream.byteLength);
  let cells = 0;
  let strings = 0;
  let rows = 0;
  let columns = 0;
  // Past a FilePass record the records' contents are encrypted: their kinds still count.
  let encrypted = false;
  let inStrings = false;
  // The shared strings before the SST being read, its declared count and its bytes so far.
  let stringsBefore = 0;
  let declared = 0;
  let stringBytes = 0;
  const countStrings = () => {
    // Each string is three bytes at the least: the count is the header's, bounded by the bytes.
    strings = stringsBefore + Math.min(declared, Math.floor(stringBytes / 3));
    more('shared strings', strings);
  };
  const reach = () => {
    if (rows > budget.rows || columns > budget.columns || rows * columns > budget.cells)
      throw workbookTooLarge(fileBytes, cellsText(rows, columns));
    rows = 0;
    columns = 0;
  };
  const more = (what: string, count: number) => {
    if (count > budget.cells)
      throw workbookTooLarge(
        fileBytes,
        `more than ${budget.cells.toLocaleString('en-US')} ${what}`,
      );
  };
  for (let at = 0; at + 4 <= stream.byteLength;) {
    const type = view.getUint16(at, true);
    const length = view.getUint16(at + 2, true);
    const body = at + 4;
    at = body + length;
    if (at > stream.byteLength) break;
    if (inStrings && type === CONTINUE) {
      stringBytes += length;
      countStrings();
      continue;
    }
    inStrings = false;
    if (BOF.has(type) || type === EOF) {
      reach();
      continue;
    }
    if (type === FILE_PASS) encrypted = true;
    if (type === SST && length >= 8) {
      stringsBefore = strings;
      declared = view.getUint32(body + 4, true);
      stringBytes = length - 8;
      inStrings = true;
      countStrings();
      continue;
    }
    let count: number;
    let lastColumn: number;
    if (type === MUL_RK && length >= 6) {
      count = Math.floor((length - 6) / 6);
      lastColumn = encrypted ? 0 : view.getUint16(at - 2, true);
    } else if (CELLS.has(type) && length >= 4) {
      count = 1;
      lastColumn = encrypted ? 0 : view.getUint16(body + 2, true);
    } else continue;
    cells += count;
    more('cells', cells);
    if (encrypted) continue;
    rows = Math.max(rows, view.getUint16(body, true) + 1);
    columns = Math.max(columns, lastColumn + 1);
  }
  reach();
}
