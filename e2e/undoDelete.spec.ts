/// <reference lib="dom" />
import { type Page } from '@playwright/test';
import { expect, openDemoForm, test } from './fixtures';

const grid = (app: Page) => app.getByRole('grid', { name: 'Submissions' });
const rows = (app: Page) => grid(app).locator('[role="row"][data-submission-id]');

/** Deletes the table's first row with the Delete key; answers its id once it has left. */
async function deleteFirstRow(app: Page): Promise<string> {
  const submissionId = (await rows(app).first().getAttribute('data-submission-id')) ?? '';
  await grid(app).focus();
  await app.keyboard.press('Delete');
  const confirm = app.getByRole('dialog', { name: 'Delete this submission?' });
  await expect(confirm).toContainText(submissionId);
  await confirm.getByRole('button', { name: 'Delete submission' }).click();
  await expect(confirm).toBeHidden();
  await expect(grid(app).locator(`[data-submission-id="${submissionId}"]`)).toHaveCount(0);
  return submissionId;
}

/** The id a "Created again, as submission …" sentence names. */
async function createdId(app: Page): Promise<string> {
  const notice = app.getByRole('alert').filter({ hasText: 'Created again, as submission' });
  await expect(notice).toBeVisible();
  const text = (await notice.textContent()) ?? '';
  return /Created again, as submission (\S+)\./.exec(text)?.[1] ?? '';
}

test.describe('undo a delete', () => {
  test("brings a deleted submission back from the delete's notice, as a new submission", async ({
    app,
  }) => {
    await openDemoForm(app, 'Customer feedback');
    const deleted = await deleteFirstRow(app);

    const notice = app.getByRole('alert').filter({ hasText: 'Submission deleted' });
    await notice.getByRole('button', { name: 'Undo' }).click();
    const again = await createdId(app);
    expect(again).not.toBe('');
    expect(again).not.toBe(deleted);

    // Back where it was: it keeps the time it was submitted at.
    await expect(rows(app).first()).toHaveAttribute('data-submission-id', again);
    await expect(grid(app).locator(`[data-submission-id="${deleted}"]`)).toHaveCount(0);

    // Activity links the two, and the copy offers no second creation.
    await app
      .getByRole('navigation', { name: 'Sections' })
      .getByRole('link', { name: 'Activity' })
      .click();
    const log = app.getByRole('table', { name: 'Activity' });
    const copy = log.locator(`tbody tr[data-submission-id="${deleted}"]`);
    await expect(copy.locator('[data-recreation="created"]')).toContainText(again);
    await expect(copy.getByRole('button', { name: `Create again: ${deleted}` })).toHaveCount(0);
    await expect(log.locator(`tbody tr[data-submission-id="${again}"]`)).toContainText(
      'Submission created again',
    );
  });

  test('creates a deleted submission again from its copy in Activity, after asking', async ({
    app,
  }) => {
    await openDemoForm(app, 'Customer feedback');
    const deleted = await deleteFirstRow(app);

    // The delete's notice leads to the copy: Activity narrowed to that one deletion.
    await app.getByRole('link', { name: 'See the copy in Activity' }).click();
    const log = app.getByRole('table', { name: 'Activity' });
    await expect(log.locator('tbody tr')).toHaveCount(1);
    const copy = log.locator(`tbody tr[data-submission-id="${deleted}"]`);
    await copy.getByRole('button', { name: `Create again: ${deleted}` }).click();
    const confirm = app.getByRole('dialog', { name: 'Create this submission again?' });
    await expect(confirm).toContainText('new id');
    await confirm.getByRole('button', { name: 'Create again' }).click();
    await expect(confirm).toBeHidden();
    const again = await createdId(app);
    await expect(copy.locator('[data-recreation="created"]')).toContainText(again);
    await expect(copy.getByRole('button', { name: `Create again: ${deleted}` })).toHaveCount(0);

    await app
      .getByRole('navigation', { name: 'Sections' })
      .getByRole('link', { name: 'Submissions' })
      .click();
    await expect(rows(app).first()).toHaveAttribute('data-submission-id', again);
  });
});
