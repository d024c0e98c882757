import { CFB, type CellObject, utils, write, type WorkBook, type WorkSheet } from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../shared/errors';
import { DraftSweeper } from './draftSweeper';
import { lastCellXls, odsInsideXlsx } from './testing/hostileWorkbooks';
import { workbookKind } from './workbookFormat';
import { importWizardHandlers } from './wizardHandlers';
import { WORKBOOK_BUDGET } from './workbookBudget';
import { inflateWithinBudget, zipEntries } from './zipEntries';

type BookType = 'xlsx' | 'xls' | 'ods';

/** A workbook as Excel or LibreOffice would save it, written by SheetJS's own writer. */
function workbook(sheets: Record<string, WorkSheet>, bookType: BookType): Buffer {
  const book: WorkBook = utils.book_new();
  for (const [name, sheet] of Object.entries(sheets)) utils.book_append_sheet(book, sheet, name);
  return write(book, { type: 'buffer', bookType }) as Buffer;
}

const date = (serial: number): CellObject => ({ t: 'n', v: serial, z: 'yyyy-mm-dd' });
const dateTime = (serial: number): CellObject => ({ t: 'n', v: serial, z: 'dd.mm.yyyy hh:mm:ss' });

/** People as a sheet: a title above the header, a merged "Address" header over three columns. */
function people(): WorkSheet {
  const sheet = utils.aoa_to_sheet([
    ['People, exported 2024-03-20'],
    [],
    ['Name', 'Address', null, null, 'Joined', 'Last seen', 'Amount', 'Subscribed', 'Note'],
    ['Ada', 'Main St 1', 'Berlin', '10115', null, null, 1234.5, true, null],
    [],
    ['Bob', 'Elm St 2', null, '80331', null, null, -0.25, false, 'second'],
  ]);
  sheet['E4'] = date(45366); // 2024-03-15
  sheet['F4'] = dateTime(45366.57299768519); // 2024-03-15 13:45:07
  sheet['E6'] = date(36526); // 2000-01-01
  sheet['F6'] = { t: 'n', v: 0.4375, z: 'hh:mm' }; // 10:30, a time of day only
  // A formula: its cached value is read, with Excel's 15 digits (0.1+0.2 is stored as 0.30000000000000004).
  sheet['G6'] = { t: 'n', v: 0.1 + 0.2, f: '0.1+0.2' };
  sheet['!merges'] = [{ s: { r: 2, c: 1 }, e: { r: 2, c: 3 } }];
  return sheet;
}

const aboutNote = () => utils.aoa_to_sheet([['About this export: answers to the spring survey']]);
const answers = () =>
  utils.aoa_to_sheet([
    ['Name', 'Email'],
    ['Ada', 'ada@example.com'],
    ['Bob', 'bob@example.com'],
  ]);

/** A saved workbook with one part written or rewritten: what Excel or LibreOffice save and SheetJS's writer does not. */
function withPart(bytes: Buffer, path: string, edit: (xml: string | null) => string): Buffer {
  const archive = CFB.read(bytes, { type: 'buffer' });
  const part = CFB.find(archive, `/${path}`);
  const xml = part ? Buffer.from(part.content as Uint8Array).toString('utf8') : null;
  if (part) part.content = Buffer.from(edit(xml));
  else CFB.utils.cfb_add(archive, `/${path}`, Buffer.from(edit(xml)));
  return Buffer.from(CFB.write(archive, { type: 'buffer', fileType: 'zip' }) as Uint8Array);
}

/** LibreOffice's view settings, naming the sheet the file opens at. */
function odsSettings(activeTable: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<office:document-settings xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:config="urn:oasis:names:tc:opendocument:xmlns:config:1.0"><office:settings><config:config-item-set config:name="ooo:view-settings"><config:config-item-map-indexed config:name="Views"><config:config-item-map-entry><config:config-item config:name="ViewId" config:type="string">view1</config:config-item><config:config-item config:name="ActiveTable" config:type="string">${activeTable}</config:config-item></config:config-item-map-entry></config:config-item-map-indexed></config:config-item-set></office:settings></office:document-settings>`;
}

function wizard() {
  return importWizardHandlers({
    session: () => {
      throw new Error('reading a file needs no workspace');
    },
    formQuestions: async () => [],
    runImport: async () => {
      throw new Error('reading a file starts no import');
    },
    launch: 'reading',
    sweeper: new DraftSweeper(console),
  });
}

async function parse(
  bytes: Buffer,
  fileName: string,
  options: { sheet?: string; headerLine?: number } = {},
) {
  return wizard()['imports.parse']({ fileName, contentBase64: bytes.toString('base64'), options });
}

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof AppError)) throw new Error(`expected a refusal, got ${String(error)}`);
  return error;
}

describe('reading workbooks', () => {
  it.each(['xlsx', 'xls', 'ods'] as const)(
    'reads a .%s with its values meaning what they mean: dates as ISO text, numbers without float noise, booleans, empty cells empty',
    async (bookType) => {
      const preview = await parse(
        workbook(
          {
            People: people(),
            Empty: utils.aoa_to_sheet([]),
            Tags: utils.aoa_to_sheet([['Tag'], ['a'], ['b']]),
          },
          bookType,
        ),
        `people.${bookType}`,
      );
      expect(preview.format).toBe(bookType);
      expect(preview.encoding).toBeNull();
      // The empty sheet is not offered; each sheet comes with its rows under its header.
      expect(preview.sheets).toEqual([
        { name: 'People', rowCount: 2 },
        { name: 'Tags', rowCount: 2 },
      ]);
      expect(preview.sheet).toBe('People');
      // The title and the blank row above the header are skipped, as in a CSV file.
      expect(preview.headerRow).toBe(3);
      expect(preview.columns).toEqual([
        'Name',
        'Address',
        'Address (column 3)',
        'Address (column 4)',
        'Joined',
        'Last seen',
        'Amount',
        'Subscribed',
        'Note',
      ]);
      expect(preview.rowCount).toBe(2);
      // Rows keep the sheet's row numbers; the blank row 5 is skipped.
      expect(preview.sampleRows).toEqual([
        {
          line: 4,
          cells: [
            'Ada',
            'Main St 1',
            'Berlin',
            '10115',
            '2024-03-15',
            '2024-03-15T13:45:07',
            '1234.5',
            'true',
            '',
          ],
        },
        {
          line: 6,
          cells: [
            'Bob',
            'Elm St 2',
            '',
            '80331',
            '2000-01-01',
            '10:30:00',
            '0.3',
            'false',
            'second',
          ],
        },
      ]);
    },
  );

  it('reads the sheet chosen, with the header row chosen', async () => {
    const bytes = workbook(
      {
        People: people(),
        Tags: utils.aoa_to_sheet([
          ['Tag', 'Count'],
          ['a', 1],
          ['b', 2],
        ]),
      },
      'xlsx',
    );
    const handlers = wizard();
    const first = await handlers['imports.parse']({
      fileName: 'book.xlsx',
      contentBase64: bytes.toString('base64'),
    });
    const tags = await handlers['imports.parse']({
      uploadId: first.fileId,
      options: { sheet: 'Tags' },
    });
    expect(tags.columns).toEqual(['Tag', 'Count']);
    expect(tags.sampleRows.map((r) => r.cells)).toEqual([
      ['a', '1'],
      ['b', '2'],
    ]);
    const below = await handlers['imports.parse']({
      uploadId: first.fileId,
      options: { sheet: 'Tags', headerLine: 2 },
    });
    expect(below.columns).toEqual(['a', '1']);
    expect(below.rowCount).toBe(1);
    const error = await refusal(
      handlers['imports.parse']({ uploadId: first.fileId, options: { sheet: 'Missing' } }),
    );
    expect(error.message).toBe(
      'This workbook has no sheet "Missing" with rows; choose one of: People, Tags.',
    );
  });

  it('knows a workbook by its content: an .xlsx renamed to .csv is read as the workbook it is', async () => {
    const preview = await parse(
      workbook({ Only: utils.aoa_to_sheet([['Name'], ['Ada']]) }, 'xlsx'),
      'people.csv',
    );
    expect(preview.format).toBe('xlsx');
    expect(preview.sampleRows).toEqual([{ line: 2, cells: ['Ada'] }]);
  });

  it('refuses a ZIP archive that is not a workbook, saying what it is', async () => {
    const archive = CFB.utils.cfb_new();
    CFB.utils.cfb_add(archive, 'notes.txt', Buffer.from('Name,Email\nAda,a@x.io\n'));
    const bytes = Buffer.from(
      CFB.write(archive, { type: 'buffer', fileType: 'zip' }) as Uint8Array,
    );
    expect(workbookKind(bytes)).toBeNull();
    const error = await refusal(parse(bytes, 'people.xlsx'));
    expect(error.message).toBe(
      'This file is a ZIP archive of other files, not a workbook (.xlsx, .xls, .ods) or a CSV file. Choose the workbook or CSV file that holds the rows to import.',
    );
  });

  it('counts an .xls before SheetJS reads it: a sheet reaching its last cell, a container with no workbook', async () => {
    const reaching = await refusal(parse(lastCellXls(), 'far.xls'));
    expect(reaching.message).toMatch(
      /^This file is \d+ KB but would become 16,777,216 cells \(65,536 rows × 256 columns\), more than Formdesk reads at once\./,
    );

    const container = CFB.utils.cfb_new();
    CFB.utils.cfb_add(container, '/Notes', Buffer.from('not a workbook'));
    const bytes = Buffer.from(CFB.write(container, { type: 'buffer' }) as Uint8Array);
    expect(workbookKind(bytes)).toEqual({ format: 'xls' });
    const unreadable = await refusal(parse(bytes, 'notes.xls'));
    expect(unreadable.message).toMatch(
      /^This file looks like an Excel 97–2003 workbook \(\.xls\) but cannot be read/,
    );
  });

  it('refuses a workbook whose parts unpack to more than the budget, before a reader holds them', async () => {
    // 4 MB of one repeated row deflates to a few kilobytes: a zip bomb in small.
    const rows = Array.from({ length: 40_000 }, () => [
      'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
    ]);
    const bytes = write(
      { SheetNames: ['S'], Sheets: { S: utils.aoa_to_sheet(rows) } },
      { type: 'buffer', bookType: 'xlsx', compression: true },
    ) as Buffer;
    const entries = zipEntries(bytes)!;
    expect(bytes.length).toBeLessThan(1024 * 1024);
    const small = { ...WORKBOOK_BUDGET, entryBytes: 1024 * 1024, unpackedBytes: 1024 * 1024 };
    const error = await refusal(inflateWithinBudget(bytes, entries, small, () => {}));
    expect(error.message).toMatch(
      /^This file is \d+ KB but would become more than 1 MB of data, more than Formdesk reads at once\. Save the sheet to import as CSV/,
    );
    await expect(
      inflateWithinBudget(bytes, entries, WORKBOOK_BUDGET, () => {}),
    ).resolves.toBeGreaterThan(4_000_000);
  });

  it('reads a sheet that claims the largest dimension Excel has by the cells it holds', async () => {
    const written = workbook({ Huge: utils.aoa_to_sheet([['Name'], ['Ada']]) }, 'xlsx');
    // The writer walks every cell of a sheet's range, so the claim is put into the saved XML.
    const archive = CFB.read(written, { type: 'buffer' });
    const part = CFB.find(archive, '/xl/worksheets/sheet1.xml')!;
    const xml = Buffer.from(part.content as Uint8Array).toString('utf8');
    expect(xml).toContain('<dimension ref="A1:A2"/>');
    part.content = Buffer.from(xml.replace('A1:A2', 'A1:XFD1048576'));
    const bytes = Buffer.from(
      CFB.write(archive, { type: 'buffer', fileType: 'zip' }) as Uint8Array,
    );
    const preview = await parse(bytes, 'huge.xlsx');
    expect(preview.columns).toEqual(['Name']);
    expect(preview.sampleRows).toEqual([{ line: 2, cells: ['Ada'] }]);
  });

  it.each(['xlsx', 'ods'] as const)(
    'reads first the sheet a .%s opens at: a one-line note before the data does not read as 0 rows',
    async (bookType) => {
      const written = workbook({ About: aboutNote(), Answers: answers() }, bookType);
      const bytes =
        bookType === 'xlsx'
          ? withPart(written, 'xl/workbook.xml', (xml) =>
              xml!.replace(
                '<sheets>',
                '<bookViews><workbookView activeTab="1"/></bookViews><sheets>',
              ),
            )
          : withPart(written, 'settings.xml', () => odsSettings('Answers'));
      const preview = await parse(bytes, `export.${bookType}`);
      expect(preview.sheet).toBe('Answers');
      expect(preview.rowCount).toBe(2);
      expect(preview.columns).toEqual(['Name', 'Email']);
      // The note is still one click away.
      expect(preview.sheets).toEqual([
        { name: 'About', rowCount: 0 },
        { name: 'Answers', rowCount: 2 },
      ]);
    },
  );

  it('reads first the sheet with most rows when the workbook names none it opens at', async () => {
    const preview = await parse(
      workbook({ About: aboutNote(), Answers: answers() }, 'xls'),
      'export.xls',
    );
    expect(preview.sheet).toBe('Answers');
    expect(preview.rowCount).toBe(2);
  });

  it('takes no archive SheetJS would read as another kind than the one it is checked as', async () => {
    // Its xl/workbook.xml says .xlsx; its manifest makes SheetJS read it as an .ods.
    const bytes = odsInsideXlsx();
    expect(workbookKind(bytes)).toBeNull();
    const error = await refusal(parse(bytes, 'export.xlsx'));
    expect(error.message).toMatch(/^This file is a ZIP archive of other files, not a workbook/);
  });

  it('reads a sheet whose formatted empty cells reach past the budget, by its filled cells', async () => {
    const written = workbook({ Only: utils.aoa_to_sheet([['Name'], ['Ada']]) }, 'xlsx');
    // Excel writes a cell that holds only a format as an empty element.
    const bytes = withPart(written, 'xl/worksheets/sheet1.xml', (xml) =>
      xml!.replace(
        '</sheetData>',
        '<row r="2"><c r="XFD2" s="0"/></row><row r="900000"><c r="A900000" s="0"/></row></sheetData>',
      ),
    );
    const preview = await parse(bytes, 'formatted.xlsx');
    expect(preview.columns).toEqual(['Name']);
    expect(preview.sampleRows).toEqual([{ line: 2, cells: ['Ada'] }]);
  });

  it('refuses a damaged workbook with a sentence that says what to do', async () => {
    const bytes = workbook({ S: utils.aoa_to_sheet([['Name'], ['Ada']]) }, 'xls');
    const error = await refusal(parse(bytes.subarray(0, 1024), 'broken.xls'));
    expect(error.message).toMatch(
      /^This file looks like an Excel 97–2003 workbook \(\.xls\) but cannot be read/,
    );
  });
});
