import { expect, test } from './fixtures';

test('"Sync now" that finds nothing new says the form is up to date', async ({ app }) => {
  await app.getByRole('button', { name: 'Open the demo workspace' }).click();
  await app
    .getByRole('navigation', { name: 'Sections' })
    .getByRole('link', { name: 'Submissions' })
    .click();
  const state = app.getByRole('status', { name: 'Sync state' });
  await expect(state.locator('[data-state="synced"]')).toBeVisible({ timeout: 60_000 });

  await state.getByRole('button', { name: 'Sync now' }).click();
  await expect(state.locator('[data-state="checked"]')).toHaveText(/^Up to date · checked /);
});
