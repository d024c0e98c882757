import { resolve } from 'node:path';
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

test.describe('CSV import', () => {
  test('imports an Excel CSV into the demo form, through every step, to new rows in the table', async ({
    app,
  }) => {
    await openImport(app);
    await app.getByRole('button', { name: 'New import' }).click();

    // Target
    await app.getByRole('combobox', { name: 'Form to import into' }).click();
    await app.getByRole('option', { name: FORM_NAME }).click();
    await next(app);

    // File: the picker's input takes the fixture; bytes go to core in base64 parts.
    await app.locator('input[type="file"]').setInputFiles(fixture('contacts-utf8-bom-crlf.csv'));
    await expect(app.locator('[data-state="file-read"]')).toContainText('4 rows read');
    await next(app);

    // Read: detected as UTF-8 with commas; the preview shows the quoted newline inside its cell.
    const asRead = app.getByRole('table', { name: 'Rows as read' });
    await expect(asRead).toContainText('Compilers, Inc.');
    await expect(asRead).toContainText('My manager wrote:↵"worth a look"');
    await expect(asRead).toContainText('王小明');
    await next(app);

    // Map: names matched to questions, the time column to the submission time.
    const mapping = app.getByRole('table', { name: 'Column mapping' });
    await expect(mapping.getByRole('combobox', { name: 'Target for Full name' })).toHaveValue(
      /Full name/,
    );
    await expect(mapping.getByRole('combobox', { name: 'Target for Email' })).toHaveValue(/Email/);
    await expect(mapping.getByRole('combobox', { name: 'Target for Submitted at' })).toHaveValue(
      'Submission time',
    );
    await next(app);

    // Validate: every row ready.
    await expect(app.getByText('4 ready')).toBeVisible();
    await next(app);

    // Dry run: one request, its body shown.
    await expect(app.getByLabel('Dry run summary')).toContainText('4 rows to send');
    await expect(app.getByLabel('Request 1 body')).toContainText('2025-03-04T09:15:30.125Z');
    await next(app, 'Continue to run');

    // Run
    await app.getByRole('button', { name: 'Start import' }).click();
    // Background work: it shares the rate with the demo's first sync.
    await expect(app.locator('[data-state="import-done"]')).toBeVisible({ timeout: 45_000 });
    await next(app);

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
    await openImport(app);
    await app.getByRole('button', { name: 'New import' }).click();
    await app.getByRole('combobox', { name: 'Form to import into' }).click();
    await app.getByRole('option', { name: FORM_NAME }).click();
    await next(app);
    await app.locator('input[type="file"]').setInputFiles(fixture('unterminated-quote.csv'));
    await expect(app.getByRole('alert')).toContainText('Line 3');
    await expect(app.getByRole('button', { name: 'Next', exact: true })).toBeDisabled();
  });

  test('fixes a bad cell in place and leaves a row out; only the rows chosen are sent', async ({
    app,
  }) => {
    await openImport(app);
    await app.getByRole('button', { name: 'New import' }).click();
    await app.getByRole('combobox', { name: 'Form to import into' }).click();
    await app.getByRole('option', { name: FORM_NAME }).click();
    await next(app);
    const csv =
      'Full name,Email\nAmy Fix,amy.fix@example.com\nBea Fix,bea at example\nCy Fix,cy.fix@example.com\nDee Fix,dee@\n';
    await app
      .locator('input[type="file"]')
      .setInputFiles({ name: 'people.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await expect(app.locator('[data-state="file-read"]')).toContainText('4 rows read');
    await next(app);
    await next(app);
    await expect(app.getByRole('combobox', { name: 'Target for Email' })).toHaveValue(/Email/);
    await next(app);

    const summary = app.getByLabel('Validation summary');
    await expect(summary).toContainText('2 with errors (not sent)');
    await app.getByRole('textbox', { name: 'Email on line 3' }).fill('bea.fix@example.com');
    await app.getByRole('button', { name: 'Save fixes (1)' }).click();
    await expect(summary).toContainText('3 ready');
    await app.getByRole('checkbox', { name: 'Import line 5' }).uncheck();
    await expect(summary).toContainText('1 left out');
    await expect(summary).toContainText('0 with errors');
    await next(app);
    await expect(app.getByLabel('Dry run summary')).toContainText('3 rows to send');
    await next(app, 'Continue to run');
    await app.getByRole('button', { name: 'Start import' }).click();
    // Background work: it shares the rate with the demo's first sync.
    await expect(app.locator('[data-state="import-done"]')).toBeVisible({ timeout: 45_000 });
    await next(app);
    await expect(app.getByLabel('Import report')).toContainText('3 created');
    await expect(app.getByLabel('Import report')).toContainText('1 skipped');
  });

  test('pauses a running import between batches and resumes it to the end', async ({ app }) => {
    // The demo workspace syncs its forms at the same time, through the same 5 requests a second.
    test.setTimeout(120_000);
    await openImport(app);
    await app.getByRole('button', { name: 'New import' }).click();
    await app.getByRole('combobox', { name: 'Form to import into' }).click();
    await app.getByRole('option', { name: FORM_NAME }).click();
    await next(app);
    const rows = Array.from({ length: 300 }, (_, i) => `Paced Person ${i},paced${i}@example.com`);
    const csv = `Full name,Email\n${rows.join('\n')}\n`;
    await app
      .locator('input[type="file"]')
      .setInputFiles({ name: 'paced.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await expect(app.locator('[data-state="file-read"]')).toContainText('300 rows read');
    await next(app);
    await next(app);
    await expect(app.getByRole('combobox', { name: 'Target for Email' })).toHaveValue(/Email/);
    await next(app);
    await expect(app.getByLabel('Validation summary')).toContainText('300 ready');
    await next(app);
    // 30 requests at the service's 5 a second: about six seconds, time enough to pause.
    await expect(app.getByLabel('Dry run summary')).toContainText('30 requests');
    await next(app, 'Continue to run');
    await app.getByRole('button', { name: 'Start import' }).click();
    await app.getByRole('button', { name: 'Pause' }).click();
    await expect(app.locator('[data-state="import-paused"]')).toBeVisible();
    await app.getByRole('button', { name: 'Resume' }).click();
    await expect(app.locator('[data-state="import-done"]')).toBeVisible({ timeout: 90_000 });
    await next(app);
    await expect(app.getByLabel('Import report')).toContainText('300 created');
    await expect(app.getByLabel('Import report')).toContainText('0 failed');
  });
});
