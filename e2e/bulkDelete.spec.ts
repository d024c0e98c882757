/// <reference lib="dom" />
import { type Page } from '@playwright/test';
import { connectAndSettle, expect, test } from './fixtures';

const FEEDBACK = 'Customer feedback';
const FEEDBACK_ID = 'cFb7q2LxWm';
const grid = (app: Page) => app.getByRole('grid', { name: 'Submissions' });
const rows = (app: Page) => grid(app).locator('[role="row"][data-submission-id]');

test.describe('bulk delete', () => {
  test('selects a range by shift-click, then all matching, and deletes the range', async ({
    app,
    remoteApi,
  }) => {
    // The table would otherwise show the first stored pages while the sync still stores the
    // rest, and "all matching" would count rows the range was not chosen from.
    await connectAndSettle(app, remoteApi);
    await app
      .getByRole('navigation', { name: 'Sections' })
      .getByRole('link', { name: 'Submissions' })
      .click();
    await app.getByRole('combobox', { name: 'Form' }).fill(FEEDBACK);
    await app.getByRole('option', { name: FEEDBACK }).click();
    await expect(grid(app)).toHaveAttribute('data-state', 'ready');
    const total = Number(await grid(app).getAttribute('data-total'));

    const ids = await Promise.all(
      [0, 1, 2, 3].map(async (i) => (await rows(app).nth(i).getAttribute('data-submission-id'))!),
    );
    await app.getByRole('checkbox', { name: `Select submission ${ids[0]}` }).click();
    await app
      .getByRole('checkbox', { name: `Select submission ${ids[3]}` })
      .click({ modifiers: ['Shift'] });
    const bar = app.getByRole('region', { name: 'Selection' });
    await expect(bar.getByRole('status')).toHaveText('4 selected');

    await bar.getByRole('button', { name: /^Select all .* matching this view$/ }).click();
    await expect(bar.getByRole('status')).toHaveText(`${total.toLocaleString('en-US')} selected`);
    await bar.getByRole('button', { name: 'Clear' }).click();
    await expect(bar).toBeHidden();

    // Keyboard first: Space takes the active row, Shift+Space the rows up to it.
    await grid(app).focus();
    await app.keyboard.press('Home');
    await app.keyboard.press('Space');
    await app.keyboard.press('ArrowDown');
    await app.keyboard.press('Shift+Space');
    await app.keyboard.press('ArrowDown');
    await app.keyboard.press('Shift+Space');
    await expect(bar.getByRole('status')).toHaveText('3 selected');

    await bar.getByRole('button', { name: 'Delete selected…' }).click();
    const confirm = app.getByRole('dialog', { name: 'Delete 3 submissions?' });
    await expect(confirm).toContainText(`of ${FEEDBACK}`);
    await expect(confirm).toContainText('cannot restore them');
    await confirm.getByRole('button', { name: 'Delete 3' }).click();
    await expect(confirm.getByRole('status')).toContainText('Deleted 3 of 3', { timeout: 30_000 });
    await confirm.getByRole('button', { name: 'Close' }).click();

    for (const id of ids.slice(0, 3))
      await expect(grid(app).locator(`[data-submission-id="${id}"]`)).toHaveCount(0);
    await expect(grid(app).locator(`[data-submission-id="${ids[3]}"]`)).toHaveCount(1);
    const left = new Set(remoteApi.admin.submissionsOf(FEEDBACK_ID).map((s) => s.submissionId));
    expect(ids.map((id) => left.has(id))).toEqual([false, false, false, true]);
  });
});
