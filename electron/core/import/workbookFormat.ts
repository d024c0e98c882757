import { zipEntries, type ZipEntry } from './zipEntries';

export const WORKBOOK_FORMATS = ['xlsx', 'xls', 'ods'] as const;
export type WorkbookFormat = (typeof WORKBOOK_FORMATS)[number];

const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const ZIP = [0x50, 0x4b, 0x03, 0x04];
const ODS_MIMETYPE = 'application/vnd.oasis.opendocument.spreadsheet';

export type WorkbookKind = { format: 'xls' } | { format: 'xlsx' | 'ods'; entries: ZipEntry[] };

/**
 * Which workbook the bytes are, by content and not by name (a workbook renamed to .csv is still
 * read as one): an Excel 97–2003 file by its OLE2 signature, an .xlsx by the workbook part its ZIP
 * lists, an .ods by the mimetype it stores. The parts that make SheetJS choose its reader decide
 * too, so that the file is checked as the reader it reaches will read it: a ZIP that SheetJS
 * would read as another kind (Numbers, a nested archive) is none. Null for anything else, a ZIP
 * of other things too.
 */
export function workbookKind(bytes: Uint8Array): WorkbookKind | null {
  const starts = (signature: number[]) => signature.every((b, i) => bytes[i] === b);
  if (starts(OLE2)) return { format: 'xls' };
  if (!starts(ZIP)) return null;
  const entries = zipEntries(bytes);
  if (!entries) return null;
  // SheetJS finds a part by its path in any case, with either slash.
  const names = new Set(entries.map((e) => partName(e.name)));
  if (names.has('meta-inf/manifest.xml') || names.has('objectdata.xml')) {
    const mimetype = entries.find((e) => partName(e.name) === 'mimetype');
    // OpenDocument stores its mimetype uncompressed, as the first entry.
    if (!names.has('content.xml') || mimetype?.method !== 0) return null;
    const text = new TextDecoder('latin1').decode(
      bytes.subarray(
        mimetype.dataStart,
        mimetype.dataStart + Math.min(mimetype.compressedSize, 200),
      ),
    );
    return text.includes(ODS_MIMETYPE) ? { format: 'ods', entries } : null;
  }
  if (names.has('[content_types].xml') && names.has('xl/workbook.xml'))
    return { format: 'xlsx', entries };
  return null;
}

/** A part's path as SheetJS compares them. */
export function partName(name: string): string {
  return name.toLowerCase().replace(/\\/g, '/');
}
