import { resolve } from 'node:path';
import { utils, write } from '@e965/xlsx';
import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';

const FORM_NAME = 'Customer feedback';
const projectRoot = resolve(__dirname, '..');
const fixture = (name: string) => resolve(projectRoot, 'fixtures/csv', name);

async function openImport(app: Page): Promise<void> {
  await app.getByRole('button', { name: 'Open the demo workspace' }).click();
  await expect(app.getByRole('heading', { name: 'Forms', exact: true })).toBeVisible();
  await app.getByRole('link', { name: 'Import' }).click();
  await expect(app.getByRole('heading', { name: 'Imports', exact: true })).toBeVisible();
}

async function next(app: Page, name = 'Next'): Promise<void> {
  await app.getByRole('button', { name, exact: true }).click();
}

/** A new import into the demo form, with this file dropped on the first screen. */
async function newImport(
  app: Page,
  file: string | { name: string; mimeType: string; buffer: Buffer },
): Promise<void> {
  await openImport(app);
  await app.getByRole('button', { name: 'New import' }).click();
  await app.getByRole('combobox', { name: 'Form to import into' }).click();
  await app.getByRole('option', { name: FORM_NAME }).click();
  await app.locator('input[type="file"]').setInputFiles(file);
}

test.describe('CSV import', () => {
  test('imports an Excel CSV into the demo form, through every step, to new rows in the table', async ({
    app,
  }) => {
    // File: the picker's input takes the fixture; bytes go to core in base64 parts. How it was
    // read (UTF-8, commas) sits beside the rows as read; the quoted newline stays in its cell.
    await newImport(app, fixture('contacts-utf8-bom-crlf.csv'));
    await expect(app.locator('[data-state="file-read"]')).toContainText('4 rows');
    const asRead = app.getByRole('table', { name: 'Rows as read' });
    await expect(asRead).toContainText('Compilers, Inc.');
    await expect(asRead).toContainText('My manager wrote:↵"worth a look"');
    await expect(asRead).toContainText('王小明');
    await expect(app.getByRole('combobox', { name: 'Delimiter' })).toHaveValue('Comma ,');
    await next(app);

    // Columns: names matched to questions, the time column to the submission time; the first
    // rows as they will be sent.
    const mapping = app.getByRole('table', { name: 'Column mapping' });
    await expect(mapping.getByRole('combobox', { name: 'Target for Full name' })).toHaveValue(
      'Full name (Short answer)',
    );
    await expect(mapping.getByRole('combobox', { name: 'Target for Email' })).toHaveValue(/Email/);
    await expect(mapping.getByRole('combobox', { name: 'Target for Submitted at' })).toHaveValue(
      'Submission time',
    );
    await expect(app.getByRole('table', { name: 'Rows as they will be sent' })).toContainText(
      '2025-03-04T09:15:30.125Z',
    );
    await next(app);

    // Review: every row ready; the requests behind their disclosure, the exact body on demand.
    await expect(app.getByText('4 ready')).toBeVisible();
    await app.getByRole('button', { name: 'Show the requests' }).click();
    await expect(app.getByLabel('Requests summary')).toContainText('4 rows to send in 1 request');
    await expect(app.getByRole('table', { name: 'Request 1 rows' })).toContainText('Grace Hopper');
    await app.getByRole('switch', { name: 'Show as JSON' }).check();
    await expect(app.getByLabel('Request 1 body')).toContainText('2025-03-04T09:15:30.125Z');
    await next(app, 'Start import');

    // Import: it runs, then its report follows on the same screen.
    // Background work: it shares the rate with the demo's first sync.
    await expect(app.locator('[data-state="import-done"]')).toBeVisible({ timeout: 45_000 });

    // Report: every row linked to its new submission.
    await expect(app.getByLabel('Import report')).toContainText('4 created');
    await expect(
      app.getByRole('table', { name: 'Rows of the import' }).getByText('created'),
    ).toHaveCount(4);

    // The new rows are in the form's table.
    await app.getByRole('link', { name: 'Open the submissions' }).click();
    await app.getByRole('textbox', { name: 'Search submissions' }).fill('Hopper');
    await expect(
      app
        .getByRole('grid', { name: 'Submissions' })
        .getByRole('row', { name: /Grace Hopper.*grace@example.com/ }),
    ).toBeVisible();

    // The import is listed with its outcome.
    await app.getByRole('link', { name: 'Import' }).click();
    await expect(app.getByRole('table', { name: 'Imports' })).toContainText('4 created');
  });

  test('refuses a malformed file with the line of the problem, and sends nothing', async ({
    app,
  }) => {
    await newImport(app, fixture('unterminated-quote.csv'));
    await expect(app.getByRole('alert')).toContainText('Line 3');
    await expect(app.getByRole('button', { name: 'Next', exact: true })).toBeDisabled();
  });

  test('reads a file of several upload parts whole: every row once, none cut at a seam', async ({
    app,
  }) => {
    // 30,000 rows, about 1.2 MB: three parts of 512 KB, each a request of its own in browser mode.
    const lines = Array.from(
      { length: 30_000 },
      (_, i) => `Person ${i + 1},person${i + 1}@example.com`,
    );
    const csv = `Full name,Email\n${lines.join('\n')}\n`;
    await newImport(app, { name: 'many.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await expect(app.locator('[data-state="file-read"]')).toContainText(
      '30,000 rows and 2 columns',
    );
    await expect(app.getByRole('table', { name: 'Rows as read' })).toContainText(
      'person1@example.com',
    );
  });

  test('fixes a bad cell in place and leaves a row out; only the rows chosen are sent', async ({
    app,
  }) => {
    const csv =
      'Full name,Email\nAmy Fix,amy.fix@example.com\nBea Fix,bea at example\nCy Fix,cy.fix@example.com\nDee Fix,dee@\n';
    await newImport(app, { name: 'people.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await expect(app.locator('[data-state="file-read"]')).toContainText('4 rows');
    await next(app);
    await expect(app.getByRole('combobox', { name: 'Target for Email' })).toHaveValue(/Email/);
    await next(app);

    const summary = app.getByLabel('Validation summary');
    await expect(summary).toContainText('2 with errors (not sent)');
    await expect(app.getByRole('table', { name: 'Rows with problems' })).toContainText(
      'Line 3, column "Email": "bea at example" is not an e-mail address: write it as name@example.com.',
    );
    // Fixed in its cell: leaving the cell checks it again.
    await app.getByRole('textbox', { name: 'Email on line 3' }).fill('bea.fix@example.com');
    await app.keyboard.press('Tab');
    await expect(summary).toContainText('3 ready');
    await app.getByRole('checkbox', { name: 'Import line 5' }).uncheck();
    await expect(summary).toContainText('1 left out');
    await expect(summary).toContainText('0 with errors');
    await app.getByRole('button', { name: 'Show the requests' }).click();
    await expect(app.getByLabel('Requests summary')).toContainText('3 rows to send');
    await next(app, 'Start import');
    // Background work: it shares the rate with the demo's first sync.
    await expect(app.locator('[data-state="import-done"]')).toBeVisible({ timeout: 45_000 });
    await expect(app.getByLabel('Import report')).toContainText('3 created');
    await expect(app.getByLabel('Import report')).toContainText('1 left out');
  });

  test('pauses a running import between batches and resumes it to the end', async ({ app }) => {
    // The demo workspace syncs its forms at the same time, through the same 5 requests a second.
    test.setTimeout(120_000);
    const rows = Array.from({ length: 300 }, (_, i) => `Paced Person ${i},paced${i}@example.com`);
    const csv = `Full name,Email\n${rows.join('\n')}\n`;
    await newImport(app, { name: 'paced.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await expect(app.locator('[data-state="file-read"]')).toContainText('300 rows');
    await next(app);
    await expect(app.getByRole('combobox', { name: 'Target for Email' })).toHaveValue(/Email/);
    await next(app);
    await expect(app.getByLabel('Validation summary')).toContainText('300 ready');
    // 30 requests at the service's 5 a second: about six seconds, time enough to pause.
    await app.getByRole('button', { name: 'Show the requests' }).click();
    await expect(app.getByLabel('Requests summary')).toContainText('30 requests');
    await next(app, 'Start import');
    await app.getByRole('button', { name: 'Pause' }).click();
    await expect(app.locator('[data-state="import-paused"]')).toBeVisible();
    await app.getByRole('button', { name: 'Resume' }).click();
    await expect(app.locator('[data-state="import-done"]')).toBeVisible({ timeout: 90_000 });
    await expect(app.getByLabel('Import report')).toContainText('300 created');
    await expect(app.getByLabel('Import report')).toContainText('0 failed');
  });
});

test.describe('Workbook import', () => {
  /** A workbook as people keep one: notes on the first sheet, the people on the second. */
  function peopleWorkbook(): Buffer {
    const book = utils.book_new();
    utils.book_append_sheet(
      book,
      utils.aoa_to_sheet([['Sent to the sales team on Monday'], ['see the People sheet']]),
      'Notes',
    );
    utils.book_append_sheet(
      book,
      utils.aoa_to_sheet(
        [
          ['Full name', 'Email', 'Rating', 'Submitted at'],
          ['Ada Workbook', 'ada@example.com', 5, new Date(Date.UTC(2025, 2, 4, 9, 15, 30))],
          ['Alan Workbook', null, 4, new Date(Date.UTC(2025, 2, 5, 14, 0, 0))],
          ['Grace Workbook', 'grace@example.com', 3, new Date(Date.UTC(2025, 2, 6, 8, 30, 0))],
        ],
        { cellDates: true },
      ),
      'People',
    );
    return write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
  }

  test('imports the chosen sheet of an .xlsx, its date cells as times, each row once', async ({
    app,
  }) => {
    await newImport(app, {
      name: 'people.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: peopleWorkbook(),
    });
    // Two sheets with rows: the first is read until another is chosen.
    const sheet = app.getByRole('combobox', { name: 'Sheet' });
    await expect(sheet).toBeVisible();
    await sheet.click();
    await app.getByRole('option', { name: /^People/ }).click();
    await expect(app.locator('[data-state="file-read"]')).toContainText('3 rows');
    const asRead = app.getByRole('table', { name: 'Rows as read' });
    await expect(asRead).toContainText('Alan Workbook');
    // A date cell reads as the time it holds, not as Excel's serial number.
    await expect(asRead).toContainText('2025-03-04T09:15:30');
    await expect(app.getByRole('combobox', { name: 'Delimiter' })).toHaveCount(0);
    await next(app);

    const mapping = app.getByRole('table', { name: 'Column mapping' });
    await expect(mapping.getByRole('combobox', { name: 'Target for Full name' })).toHaveValue(
      'Full name (Short answer)',
    );
    await expect(mapping.getByRole('combobox', { name: 'Target for Submitted at' })).toHaveValue(
      'Submission time',
    );
    await next(app);

    await expect(app.getByText('3 ready')).toBeVisible();
    await next(app, 'Start import');
    await expect(app.locator('[data-state="import-done"]')).toBeVisible({ timeout: 45_000 });
    await expect(app.getByLabel('Import report')).toContainText('3 created');

    // Each row once in the form's table.
    await app.getByRole('link', { name: 'Open the submissions' }).click();
    await app.getByRole('textbox', { name: 'Search submissions' }).fill('Workbook');
    const grid = app.getByRole('grid', { name: 'Submissions' });
    for (const name of ['Ada Workbook', 'Alan Workbook', 'Grace Workbook'])
      await expect(grid.getByRole('row', { name: new RegExp(name) })).toHaveCount(1);
  });
});
