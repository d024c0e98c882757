import { resolve } from 'node:path';
import { expect, test } from './fixtures';

const fixture = resolve(__dirname, '..', 'fixtures/csv', 'contacts-utf8-bom-crlf.csv');

test('leaving an import not started asks first, since nothing of it is kept', async ({ app }) => {
  await app.getByRole('button', { name: 'Open the demo workspace' }).click();
  await app.getByRole('link', { name: 'Import' }).click();
  await app.getByRole('button', { name: 'New import' }).click();
  await app.getByRole('combobox', { name: 'Form to import into' }).click();
  await app.getByRole('option', { name: 'Customer feedback' }).click();
  await app.locator('input[type="file"]').setInputFiles(fixture);
  await expect(app.locator('[data-state="file-read"]')).toContainText('4 rows');

  // Kept working: the file is still there.
  await app.getByRole('button', { name: 'Back to imports' }).click();
  const ask = app.getByRole('dialog', { name: 'Leave this import?' });
  await expect(ask).toContainText('Nothing has been sent.');
  await ask.getByRole('button', { name: 'Keep working' }).click();
  await expect(ask).toBeHidden();
  await expect(app.locator('[data-state="file-read"]')).toContainText('4 rows');

  // Left: back on the list of imports.
  await app.getByRole('button', { name: 'Back to imports' }).click();
  await ask.getByRole('button', { name: 'Leave the import' }).click();
  await expect(app.getByRole('heading', { name: 'Imports', exact: true })).toBeVisible();
});
