import { CELL_CHARACTERS, instantSerial, type SheetCell } from '../../shared/answers/sheetTable';
import { type SheetSettings } from '../../shared/contract/sheetSettings';
import { zipChunks } from './zipStream';

/** A column of the sheet: its header and its width in characters. */
export interface XlsxColumn {
  header: string;
  width: number;
}

export interface XlsxSheet {
  /** The form's (or log's) name; made a valid sheet name here. */
  name: string;
  columns: readonly XlsxColumn[];
  rows: Iterable<readonly (SheetCell | null)[]>;
  settings: SheetSettings;
}

/** Row XML gathered before it is handed on: large enough to deflate well, small to hold. */
const CHUNK_CHARACTERS = 64 * 1024;
const MIN_WIDTH = 8;
const MAX_WIDTH = 60;

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL = 'http://schemas.openxmlformats.org/package/2006/relationships';
const HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

/** Cell styles, by their index in `styles.xml`'s cellXfs. */
const STYLE = { header: 1, dateTime: 2, day: 3, duration: 4, yesNo: 5, lines: 6 } as const;

/**
 * Excel's rules for a sheet's name: at most 31 characters, none of `: \ / ? * [ ]`, not starting
 * or ending with an apostrophe, not "History" (Excel keeps that name for itself).
 */
export function sheetName(name: string): string {
  let cleaned = '';
  // Excel counts UTF-16 units; a character is never split.
  for (const char of name
    // eslint-disable-next-line no-control-regex
    .replace(/[:\\/?*[\]\u0000-\u001f\u007f]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()) {
    if (cleaned.length + char.length > 31) break;
    cleaned += char;
  }
  cleaned = cleaned.replace(/^'+|'+$/g, '').trim();
  return cleaned === '' || cleaned.toLowerCase() === 'history' ? 'Submissions' : cleaned;
}

/** A spreadsheet column's letters: 0 → A, 26 → AA. */
export function columnLetters(index: number): string {
  let n = index + 1;
  let letters = '';
  while (n > 0) {
    const rest = (n - 1) % 26;
    letters = String.fromCharCode(65 + rest) + letters;
    n = Math.floor((n - 1) / 26);
  }
  return letters;
}

/** Anything `xmlText` changes; most answers have none of it and are written as they are. */
// eslint-disable-next-line no-control-regex
const NEEDS_ESCAPE = /[&<>"_\u0000-\u0008\u000b-\u001f\ud800-\udfff\ufffe\uffff]/;

/**
 * Text as XML character data. Characters XML cannot hold are written as the spreadsheet's own
 * `_xHHHH_` escape (and a literal `_xHHHH_` escaped in turn), so every answer reads back as sent.
 */
function xmlText(text: string): string {
  if (!NEEDS_ESCAPE.test(text)) return text;
  return text
    .replace(/_(x[0-9a-fA-F]{4}_)/g, '_x005F_$1')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(
      // eslint-disable-next-line no-control-regex
      /[\u0000-\u0008\u000b-\u001f\ufffe\uffff]/g,
      (c) => `_x${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}_`,
    )
    .replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');
}

/** A format code showing the person's words for 1 and 0, each character taken literally. */
function yesNoFormat(settings: SheetSettings): string {
  const literal = (word: string) => [...word].map((c) => `\\${c}`).join('');
  return `${literal(settings.yes)};${literal(settings.yes)};${literal(settings.no)}`;
}

function stylesXml(settings: SheetSettings): string {
  const xf = (numFmt: number, extra = '') =>
    `<xf numFmtId="${numFmt}" fontId="0" fillId="0" borderId="0" xfId="0"${numFmt ? ' applyNumberFormat="1"' : ''}${extra}`;
  return `${HEAD}<styleSheet xmlns="${MAIN}"><numFmts count="4"><numFmt numFmtId="164" formatCode="yyyy-mm-dd hh:mm:ss"/><numFmt numFmtId="165" formatCode="yyyy-mm-dd"/><numFmt numFmtId="166" formatCode="[h]:mm:ss"/><numFmt numFmtId="167" formatCode="${xmlText(yesNoFormat(settings))}"/></numFmts><fonts count="2"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font><font><b/><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="7">${xf(0, '/>')}<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>${xf(164, '/>')}${xf(165, '/>')}${xf(166, '/>')}${xf(167, '/>')}${xf(0, ' applyAlignment="1"><alignment vertical="top" wrapText="1"/></xf>')}</cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`;
}

function textCell(ref: string, text: string, style = 0): string {
  const cut = text.length > CELL_CHARACTERS ? text.slice(0, CELL_CHARACTERS) : text;
  const s = style ? ` s="${style}"` : cut.includes('\n') ? ` s="${STYLE.lines}"` : '';
  return `<c r="${ref}"${s} t="inlineStr"><is><t xml:space="preserve">${xmlText(cut)}</t></is></c>`;
}

const numberCell = (ref: string, value: number, style = 0) =>
  `<c r="${ref}"${style ? ` s="${style}"` : ''}><v>${value}</v></c>`;

function cellXml(ref: string, cell: SheetCell, settings: SheetSettings): string {
  switch (cell.kind) {
    case 'text':
      return textCell(ref, cell.text);
    case 'number':
      return numberCell(ref, cell.value);
    case 'instant':
      return numberCell(ref, instantSerial(cell.ms, settings), STYLE.dateTime);
    case 'day': {
      const ms = Date.parse(`${cell.day}T00:00:00Z`);
      return Number.isNaN(ms)
        ? textCell(ref, cell.day)
        : numberCell(ref, ms / 86_400_000 + 25_569, STYLE.day);
    }
    case 'duration':
      return numberCell(ref, cell.seconds / 86_400, STYLE.duration);
    case 'yesNo':
      return numberCell(ref, cell.value ? 1 : 0, STYLE.yesNo);
  }
}

/** A column's width in a spreadsheet's units from its widest text, with room for the filter button. */
function columnWidth(characters: number): number {
  return Math.round(Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, characters * 1.1 + 3)));
}

function* sheetXml(sheet: XlsxSheet, rowsWritten: (rows: number) => void): Generator<string> {
  const letters = sheet.columns.map((_, i) => columnLetters(i));
  const widths = sheet.columns
    .map(
      (c, i) =>
        `<col min="${i + 1}" max="${i + 1}" width="${columnWidth(c.width)}" customWidth="1"/>`,
    )
    .join('');
  yield `${HEAD}<worksheet xmlns="${MAIN}" xmlns:r="${REL}"><sheetViews><sheetView tabSelected="1" workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/><selection pane="bottomLeft" activeCell="A2" sqref="A2"/></sheetView></sheetViews>${widths ? `<cols>${widths}</cols>` : ''}<sheetData>`;
  yield `<row r="1">${sheet.columns.map((c, i) => textCell(`${letters[i]}1`, c.header, STYLE.header)).join('')}</row>`;
  let r = 1;
  let chunk = '';
  for (const cells of sheet.rows) {
    r += 1;
    let row = `<row r="${r}">`;
    for (let i = 0; i < cells.length; i++) {
      const cell = cells[i];
      if (cell) row += cellXml(`${letters[i]}${r}`, cell, sheet.settings);
    }
    chunk += `${row}</row>`;
    if (chunk.length >= CHUNK_CHARACTERS) {
      yield chunk;
      chunk = '';
    }
  }
  yield `${chunk}</sheetData>`;
  rowsWritten(r);
  const last = letters.at(-1) ?? 'A';
  // Printed, a wide table runs across the page, its header on every sheet of paper.
  yield `<autoFilter ref="A1:${last}${r}"/><pageMargins left="0.4" right="0.4" top="0.5" bottom="0.5" header="0.3" footer="0.3"/><pageSetup orientation="landscape"/></worksheet>`;
}

/**
 * A workbook of one sheet, as zip bytes made while the rows are read: typed cells (numbers,
 * date-times on the person's clock, durations, yes/no as 1 and 0 shown in their words), a frozen
 * header row with a filter, columns as wide as their content. Cells are typed, never formulas, so
 * text needs no guard.
 */
export function* xlsxChunks(sheet: XlsxSheet): Generator<Uint8Array> {
  const name = sheetName(sheet.name);
  let rows = 1;
  const last = columnLetters(Math.max(0, sheet.columns.length - 1));
  yield* zipChunks([
    {
      name: '[Content_Types].xml',
      content: [
        `${HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>`,
      ],
    },
    {
      name: '_rels/.rels',
      content: [
        `${HEAD}<Relationships xmlns="${PKG_REL}"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
      ],
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      content: [
        `${HEAD}<Relationships xmlns="${PKG_REL}"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${REL}/styles" Target="styles.xml"/></Relationships>`,
      ],
    },
    { name: 'xl/styles.xml', content: [stylesXml(sheet.settings)] },
    { name: 'xl/worksheets/sheet1.xml', content: sheetXml(sheet, (n) => (rows = n)) },
    {
      name: 'xl/workbook.xml',
      // Written after the sheet: the filter's range names its last row.
      content: (function* () {
        const quoted = `'${name.replaceAll("'", "''")}'`;
        yield `${HEAD}<workbook xmlns="${MAIN}" xmlns:r="${REL}"><bookViews><workbookView/></bookViews><sheets><sheet name="${xmlText(name)}" sheetId="1" r:id="rId1"/></sheets><definedNames><definedName name="_xlnm._FilterDatabase" localSheetId="0" hidden="1">${xmlText(`${quoted}!$A$1:$${last}$${rows}`)}</definedName><definedName name="_xlnm.Print_Titles" localSheetId="0">${xmlText(`${quoted}!$1:$1`)}</definedName></definedNames></workbook>`;
      })(),
    },
  ]);
}
