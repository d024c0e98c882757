import { resolve } from 'node:path';
import { expect, test } from './fixtures';

const FORM_NAME = 'Customer feedback';
const fixture = resolve(__dirname, '..', 'fixtures/csv', 'contacts-utf8-bom-crlf.csv');

test('"Open the submissions" after an import shows exactly its rows, until the filter is removed', async ({
  app,
}) => {
  await app.getByRole('button', { name: 'Open the demo workspace' }).click();
  await expect(app.getByRole('heading', { name: 'Forms', exact: true })).toBeVisible();

  // The form's table is left narrowed by a search that none of the imported rows matches.
  await app
    .getByRole('navigation', { name: 'Sections' })
    .getByRole('link', { name: 'Submissions' })
    .click();
  const form = app.getByRole('combobox', { name: 'Form' });
  await form.fill(FORM_NAME);
  await app.getByRole('option', { name: FORM_NAME }).click();
  await expect(app.getByRole('heading', { name: FORM_NAME })).toBeVisible();
  await app.getByRole('textbox', { name: 'Search submissions' }).fill('no such answer anywhere');
  await expect(app.getByText('No submissions match')).toBeVisible();

  // Import four rows into the same form.
  await app.getByRole('link', { name: 'Import' }).click();
  await app.getByRole('button', { name: 'New import' }).click();
  await app.getByRole('combobox', { name: 'Form to import into' }).click();
  await app.getByRole('option', { name: FORM_NAME }).click();
  await app.locator('input[type="file"]').setInputFiles(fixture);
  await expect(app.locator('[data-state="file-read"]')).toContainText('4 rows');
  await app.getByRole('button', { name: 'Next', exact: true }).click();
  await app.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(app.getByText('4 ready')).toBeVisible();
  await app.getByRole('button', { name: 'Start import', exact: true }).click();
  await expect(app.locator('[data-state="import-done"]')).toBeVisible({ timeout: 45_000 });
  await expect(app.getByLabel('Import report')).toContainText('4 created');

  // The table opens on the four rows the import created, whatever it showed before.
  await app.getByRole('link', { name: 'Open the submissions' }).click();
  await expect(app.getByRole('heading', { name: FORM_NAME })).toBeVisible();
  const chip = app.getByTestId('import-filter');
  await expect(chip).toHaveText(/^Imported by contacts-utf8-bom-crlf\.csv, /);
  await expect(app.getByRole('textbox', { name: 'Search submissions' })).toHaveValue('');
  await expect(app.getByTestId('result-count')).toHaveText(/^4 of [\d,]+ submissions$/);
  const grid = app.getByRole('grid', { name: 'Submissions' });
  await expect(grid.locator('[role="row"][data-submission-id]')).toHaveCount(4);
  await expect(grid.getByRole('row', { name: /Grace Hopper/ })).toBeVisible();

  // The address no longer carries the import: the view is the person's from here on.
  expect(new URL(app.url()).hash).not.toContain('import=');

  // Removing the filter shows the whole form again.
  await app.getByRole('button', { name: /^Remove filter: Imported by/ }).click();
  await expect(chip).toHaveCount(0);
  await expect(app.getByTestId('result-count')).toHaveText(/^[\d,]+ submissions$/);
});
