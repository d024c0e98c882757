import { AppError } from '../../shared/errors';
import { cellsText, type WorkbookBudget, workbookTooLarge } from './workbookBudget';
import { partName } from './workbookFormat';
import { type ZipEntry } from './zipEntries';

/** A tag longer than this holds no workbook's markup: only a file built to hide a count in one. */
const MAX_TAG_CHARS = 1024 * 1024;

/** Bytes of a tag's name, its namespace included, past which it is none SheetJS makes objects of. */
const MAX_NAME_BYTES = 64;
const [LT, GT, SLASH, COLON] = ['<', '>', '/', ':'].map((c) => c.charCodeAt(0)) as [
  number,
  number,
  number,
  number,
];
const EMPTY = Buffer.alloc(0);
/** Where an .ods tag's name ends: its attributes, or the slash of an empty element. */
const NAME_END = /[\s/]|$/;

interface OdsCell {
  row: number;
  column: number;
  rows: number;
  columns: number;
  filled: boolean;
}

/**
 * Counts, from a workbook's XML as it unpacks and before its reader expands anything, the cells
 * the reader would make: an .xlsx's cell elements, an .ods's cells with their repeats multiplied
 * out (one repeated row can stand for millions of cells). Refuses the file once past the budget.
 * Also finds the sheet an .ods opens at, which SheetJS does not report.
 */
export class WorkbookScan {
  /** The sheet an .ods names as active in its settings, if it names one. */
  activeSheet: string | null = null;
  private part: ZipEntry | null = null;
  private carry = '';
  private tail: Buffer = EMPTY;
  private cells = 0;
  private strings = 0;
  // The .ods sheet being read, as SheetJS walks it: its row, column and the repeats in force.
  private row = -1;
  private column = -1;
  private rowRepeat = 1;
  private usedRows = 0;
  private usedColumns = 0;
  private open: OdsCell | null = null;
  private inActiveTable = false;

  constructor(
    private readonly format: 'xlsx' | 'ods',
    private readonly budget: WorkbookBudget,
    private readonly fileBytes: number,
  ) {}

  feed(entry: ZipEntry, chunk: Buffer): void {
    if (entry !== this.part) {
      if (this.format === 'xlsx') this.finish();
      this.part = entry;
      this.carry = '';
      this.tail = EMPTY;
    }
    if (!this.reads(entry.name)) return;
    if (this.format === 'xlsx') return this.xlsxChunk(chunk);
    const text = this.carry + chunk.toString('latin1');
    let at = 0;
    let start = text.indexOf('<');
    for (;;) {
      const end = start < 0 ? -1 : text.indexOf('>', start);
      if (end < 0) break;
      this.odsTag(text.slice(start + 1, end), text.slice(at, start));
      at = end + 1;
      start = text.indexOf('<', at);
    }
    // Text between tags is kept only while it is the value of the active table's setting.
    this.carry = this.inActiveTable ? text.slice(at) : start < 0 ? '' : text.slice(start);
    if (this.carry.length > MAX_TAG_CHARS) {
      const start = this.carry.lastIndexOf('<');
      if (start >= 0 && this.carry.length - start > MAX_TAG_CHARS) {
        throw new AppError(
          'INVALID_INPUT',
          'A part of this workbook is damaged, so it cannot be read. Open it in its program, save it again as a workbook or as CSV, and choose the saved file.',
          { details: { problem: 'DAMAGED_WORKBOOK' } },
        );
      }
      this.carry = start < 0 ? '' : this.carry.slice(start);
    }
  }

  private reads(name: string): boolean {
    const part = partName(name);
    if (this.format === 'ods') return part === 'content.xml' || part === 'settings.xml';
    return part.endsWith('.xml');
  }

  /**
   * The tags of an .xlsx part, counted on its bytes without decoding them: each cell and each
   * shared string becomes an object of SheetJS's, and a sheet has millions of them.
   */
  private xlsxChunk(chunk: Buffer): void {
    const bytes = this.tail.length > 0 ? Buffer.concat([this.tail, chunk]) : chunk;
    this.tail = EMPTY;
    // A loop of its own rather than indexOf: a native call per tag costs more than the bytes read.
    for (let at = 0; at < bytes.length; at++) {
      if (bytes[at] !== LT) continue;
      let start = at + 1;
      let end = start;
      for (; end < bytes.length && end - at <= MAX_NAME_BYTES; end++) {
        const code = bytes[end]!;
        if (code <= 32 || code === SLASH || code === GT) break;
        if (code === COLON) start = end + 1;
      }
      if (end === bytes.length) {
        // A name cut by the chunk's end: read again with the next chunk.
        this.tail = Buffer.from(bytes.subarray(at));
        return;
      }
      const cell = end - start === 1 && bytes[start] === 0x63; /* c */
      const string =
        end - start === 2 && bytes[start] === 0x73 && bytes[start + 1] === 0x69; /* si */
      if (!cell && !string) continue;
      if (cell) {
        const close = bytes.indexOf(GT, end);
        if (close < 0) {
          this.tail = Buffer.from(bytes.subarray(at));
          return;
        }
        // An empty cell (`<c r="Z9" s="1"/>`, a format only) holds no value to reach a column.
        if (bytes[close - 1] !== SLASH) this.reach(bytes, end, close);
        at = close;
        this.cells++;
      } else this.strings++;
      if (Math.max(this.cells, this.strings) > this.budget.cells) {
        const what = cell ? 'cells' : 'shared strings';
        throw workbookTooLarge(
          this.fileBytes,
          `more than ${this.budget.cells.toLocaleString('en-US')} ${what}`,
        );
      }
    }
  }

  /**
   * The row and column of a cell's `r="XFD40000"`, read into the part's extent: a sheet over the
   * budget is refused here, before SheetJS makes a cell of it.
   */
  private reach(bytes: Buffer, from: number, to: number): void {
    let at = from;
    while (at < to && !(bytes[at] === 0x72 && bytes[at + 1] === 0x3d && bytes[at - 1]! <= 32)) at++;
    if (at >= to) return;
    at += 3; /* r=" */
    let column = 0;
    for (; at < to && bytes[at]! >= 0x41 && bytes[at]! <= 0x5a; at++)
      column = column * 26 + bytes[at]! - 0x40;
    let row = 0;
    for (; at < to && bytes[at]! >= 0x30 && bytes[at]! <= 0x39; at++)
      row = row * 10 + bytes[at]! - 0x30;
    this.usedRows = Math.max(this.usedRows, row);
    this.usedColumns = Math.max(this.usedColumns, column);
  }

  /** Once a part is read: refused if its cells reach past the rows, columns or cells allowed. */
  finish(): void {
    this.checkReach();
    this.usedRows = 0;
    this.usedColumns = 0;
  }

  private checkReach(): void {
    const { usedRows: rows, usedColumns: columns } = this;
    if (
      rows > this.budget.rows ||
      columns > this.budget.columns ||
      rows * columns > this.budget.cells
    )
      throw workbookTooLarge(this.fileBytes, cellsText(rows, columns));
  }

  private odsTag(markup: string, textBefore: string): void {
    const closing = markup.startsWith('/');
    const tag = closing ? markup.slice(1) : markup;
    const name = tag.slice(0, tag.search(NAME_END));
    const local = name.slice(name.indexOf(':') + 1);
    if (local === 'config-item') {
      if (closing && this.inActiveTable)
        this.activeSheet = unescapeXml(Buffer.from(textBefore, 'latin1').toString('utf8'));
      this.inActiveTable = !closing && /[\s:]name\s*=\s*["']ActiveTable["']/.test(markup);
      return;
    }
    const selfClosing = markup.endsWith('/');
    switch (local) {
      case 'table':
        if (closing || selfClosing) return;
        this.row = -1;
        this.column = -1;
        this.usedRows = 0;
        this.usedColumns = 0;
        return;
      case 'table-row':
        if (closing) {
          this.row += this.rowRepeat;
          this.rowRepeat = 1;
          return;
        }
        if (this.row === -1) this.row = 0;
        this.rowRepeat = Number(attribute(markup, 'number-rows-repeated')) || 1;
        this.column = -1;
        return;
      case 'covered-table-cell':
        if (closing) return;
        this.column += columnRepeat(markup);
        return;
      case 'table-cell': {
        if (closing) {
          if (this.open?.filled) this.place(this.open);
          this.open = null;
          return;
        }
        this.column++;
        const repeat = columnRepeat(markup);
        const type = attribute(markup, 'value-type') ?? '';
        const cell: OdsCell = {
          row: this.row,
          column: this.column,
          rows: selfClosing ? 1 : this.rowRepeat,
          columns: selfClosing ? 1 : repeat,
          filled: !['', 'string', 'text'].includes(type),
        };
        this.column += repeat - 1;
        if (!selfClosing) this.open = cell;
        else if (type === 'string') this.place(cell);
        return;
      }
      case 'p':
        if (this.open && !closing) this.open.filled = true;
        return;
    }
  }

  /** A filled cell, its repeats made as SheetJS makes them, rows past the readable ones not. */
  private place(cell: OdsCell): void {
    this.usedRows = Math.max(this.usedRows, cell.row + cell.rows);
    this.usedColumns = Math.max(this.usedColumns, cell.column + cell.columns);
    this.cells += cell.row < this.budget.rows + 1 ? cell.rows * cell.columns : 0;
    if (this.cells > this.budget.cells)
      throw workbookTooLarge(this.fileBytes, cellsText(this.usedRows, this.usedColumns));
    this.checkReach();
  }
}

const ATTRIBUTES = new Map(
  ['number-rows-repeated', 'number-columns-repeated', 'value-type'].map((name) => [
    name,
    new RegExp(`[\\s:]${name}\\s*=\\s*["']([^"']*)`),
  ]),
);

function attribute(markup: string, name: string): string | undefined {
  return ATTRIBUTES.get(name)!.exec(markup)?.[1];
}

/** Columns a cell stands for, read as SheetJS reads them. */
function columnRepeat(markup: string): number {
  return Math.max(1, parseInt(attribute(markup, 'number-columns-repeated') ?? '1', 10) || 1);
}

function unescapeXml(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
}
