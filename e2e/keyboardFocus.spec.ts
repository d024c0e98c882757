import { expect, test } from './fixtures';

const FORM_NAME = 'Customer feedback';

test('focus stays where the person acted: opening a form, a date preset, a new filter', async ({
  app,
}) => {
  await app.getByRole('button', { name: 'Open the demo workspace' }).click();
  await expect(app.getByRole('heading', { name: 'Forms', exact: true })).toBeVisible();

  // Opening a form from its card: the keyboard goes on from the form's heading.
  const open = app.getByRole('button', { name: `Open ${FORM_NAME}` });
  await open.focus();
  await app.keyboard.press('Enter');
  const heading = app.getByRole('heading', { name: FORM_NAME });
  await expect(heading).toBeFocused();
  const grid = app.getByRole('grid', { name: 'Submissions' });
  await expect(grid).toHaveAttribute('data-state', 'ready');

  // A date preset chosen by keyboard: focus returns to the date button.
  const dates = app.getByRole('button', { name: /^Date range/ });
  await dates.focus();
  await app.keyboard.press('Enter');
  await app.getByRole('button', { name: 'Last 90 days' }).focus();
  await app.keyboard.press('Enter');
  await expect(dates).toHaveAccessibleName('Date range: Last 90 days');
  await expect(dates).toBeFocused();

  // A filter added: focus returns to "Add filter".
  const add = app.getByRole('button', { name: 'Add filter', exact: true });
  await add.focus();
  await app.keyboard.press('Enter');
  const editor = app.getByRole('dialog');
  // The field box has the keyboard, its list open; Escape closes that list, not the editor.
  await expect(editor.getByRole('combobox', { name: 'Field' })).toBeFocused();
  await app.keyboard.press('Escape');
  await expect(app.getByRole('listbox')).toBeHidden();
  await expect(editor).toBeVisible();
  await editor.getByRole('combobox', { name: 'Condition' }).click();
  await app.getByRole('option', { name: 'is not empty' }).click();
  await editor.getByRole('button', { name: 'Add filter' }).press('Enter');
  await expect(editor).toBeHidden();
  await expect(add).toBeFocused();

  // The grid, reached by keyboard, draws its ring and its active row.
  await grid.focus();
  await app.keyboard.press('ArrowDown');
  await expect(grid).toHaveAttribute('data-focused', 'true');
  await expect(grid.locator('[role="row"][aria-selected="true"]')).toHaveCSS('box-shadow', /inset/);

  // Escape closes only the topmost layer: the delete confirmation, then the drawer under it.
  await app.keyboard.press('Enter');
  const drawer = app.getByRole('dialog', { name: /^Submission/ });
  await drawer.getByRole('button', { name: 'Delete…' }).click();
  const confirm = app.getByRole('dialog', { name: 'Delete this submission?' });
  await expect(confirm).toBeVisible();
  await app.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
  await expect(drawer).toBeVisible();
  await app.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
});
