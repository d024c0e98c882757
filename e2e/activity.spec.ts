/// <reference lib="dom" />
import { readFileSync } from 'node:fs';
import { type Page } from '@playwright/test';
import { expect, syncSettled, test } from './fixtures';

const grid = (app: Page) => app.getByRole('grid', { name: 'Submissions' });
const section = (app: Page, name: string) =>
  app.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name });

async function openDemoSubmissions(app: Page): Promise<void> {
  await app.getByRole('button', { name: 'Open the demo workspace' }).click();
  await syncSettled(app);
  await section(app, 'Submissions').click();
  await expect(
    app.getByRole('status', { name: 'Sync state' }).locator('[data-state="synced"]'),
  ).toBeVisible();
  await expect(grid(app)).toHaveAttribute('data-state', 'ready');
}

/** Confirms the open delete dialog and waits for the row to leave the table. */
async function confirmDelete(app: Page, submissionId: string): Promise<void> {
  const confirm = app.getByRole('dialog', { name: 'Delete this submission?' });
  await expect(confirm).toContainText(submissionId);
  await confirm.getByRole('button', { name: 'Delete submission' }).click();
  await expect(confirm).toBeHidden();
  await expect(grid(app).locator(`[data-submission-id="${submissionId}"]`)).toHaveCount(0);
}

/** Deletes the table's first row the keyboard way (the Delete key); answers its id. */
async function deleteFirstRow(app: Page): Promise<string> {
  const first = grid(app).locator('[role="row"][data-submission-id]').first();
  const submissionId = (await first.getAttribute('data-submission-id')) ?? '';
  await grid(app).focus();
  await app.keyboard.press('Delete');
  await confirmDelete(app, submissionId);
  return submissionId;
}

test.describe('activity', () => {
  test('explains itself before anything was changed', async ({ app }) => {
    await app.getByRole('button', { name: 'Open the demo workspace' }).click();
    await section(app, 'Activity').click();
    await expect(app.getByRole('heading', { name: 'Nothing changed from here yet' })).toBeVisible();
    await expect(app.getByRole('button', { name: 'Export', exact: true })).toBeDisabled();
  });

  test('keeps each deleted submission, newest first, viewable and exportable', async ({
    mode,
    app,
  }) => {
    // The desktop app saves exports through a native dialog, which a test cannot answer.
    test.skip(mode === 'electron', 'exports are delivered by a native save dialog in Electron');
    await openDemoSubmissions(app);
    const rows = grid(app).locator('[role="row"][data-submission-id]');

    const first = await deleteFirstRow(app);

    // From the detail drawer.
    const second = (await rows.first().getAttribute('data-submission-id')) ?? '';
    await rows.first().click();
    await app
      .getByRole('dialog', { name: /^Submission/ })
      .getByRole('button', { name: 'Delete…' })
      .click();
    await confirmDelete(app, second);

    await section(app, 'Activity').click();
    const log = app.getByRole('table', { name: 'Activity' });
    const entries = log.locator('tbody tr');
    await expect(entries).toHaveCount(2);
    await expect(entries.nth(0)).toHaveAttribute('data-submission-id', second);
    await expect(entries.nth(1)).toHaveAttribute('data-submission-id', first);
    await expect(entries.nth(0)).toContainText('Submission deleted');
    await expect(entries.nth(0)).toContainText('Customer feedback');
    await expect(entries.nth(0)).toContainText('Demo workspace');
    // Who it was, from the kept copy, said in words rather than by the submission's id.
    await expect(entries.nth(0)).toContainText(
      /Deleted the submission of “.+ \(.+@.+\)” from Customer feedback/,
    );

    // The snapshot reads like the submission did.
    await entries
      .nth(1)
      .getByRole('button', { name: `View snapshot of ${first}` })
      .click();
    const snapshot = app.getByRole('dialog', { name: /^Submission deleted/ });
    await expect(snapshot.getByRole('region', { name: 'Answers' })).toContainText('Full name');
    await expect(snapshot.getByText(first)).toBeVisible();
    await app.keyboard.press('Escape');

    const download = app.waitForEvent('download');
    await app.getByRole('button', { name: 'Export', exact: true }).click();
    await app.getByRole('menuitem', { name: 'JSON' }).click();
    const file = await download;
    const exported = JSON.parse(readFileSync(await file.path(), 'utf8')) as {
      submissionId: string;
      snapshot: { submissionId: string };
    }[];
    expect(exported.map((entry) => entry.submissionId).sort()).toEqual([first, second].sort());
    expect(exported.every((entry) => entry.snapshot.submissionId === entry.submissionId)).toBe(
      true,
    );
  });

  test('is searched and filtered by respondent, kind, form and day, and cleared back to every entry', async ({
    app,
  }) => {
    await openDemoSubmissions(app);
    const rows = grid(app).locator('[role="row"][data-submission-id]');
    const feedback = await deleteFirstRow(app);

    await app.getByRole('combobox', { name: 'Form' }).click();
    await app.getByRole('option', { name: 'Event registration' }).click();
    await expect(app.getByRole('heading', { name: 'Event registration' })).toBeVisible();
    await expect(rows.first()).not.toHaveAttribute('data-submission-id', feedback);
    const registration = await deleteFirstRow(app);

    await section(app, 'Webhooks').click();
    const create = app.getByRole('form', { name: 'Create webhook' });
    await app.getByRole('combobox', { name: 'Form', exact: true }).click();
    await app.getByRole('option', { name: 'Customer feedback' }).click();
    await create.getByLabel('Url', { exact: true }).fill('https://hooks.example.com/activity');
    await create.getByRole('button', { name: 'Create webhook' }).click();
    await expect(app.locator('[data-state="created"]')).toBeVisible();

    await section(app, 'Activity').click();
    const log = app.getByRole('table', { name: 'Activity' });
    const entries = log.locator('tbody tr');
    const shown = app.getByRole('status').filter({ hasText: /entr(y|ies)$/ });
    const kinds = app.getByRole('group', { name: 'Kind' });
    await expect(entries).toHaveCount(3);
    await expect(shown).toHaveText('3 entries');
    const all = async () => {
      await expect(entries).toHaveCount(3);
      await expect(shown).toHaveText('3 entries');
    };

    // Who: the name from the deleted submission's kept copy, as the entry shows it.
    const sentence =
      (await entries.and(log.locator(`[data-submission-id="${registration}"]`)).textContent()) ??
      '';
    const name = /Deleted the submission of “(.+?) \(/.exec(sentence)?.[1] ?? '';
    expect(name).not.toBe('');
    const search = app.getByRole('textbox', { name: 'Search activity' });
    await search.fill(name);
    await expect(entries).toHaveCount(1);
    await expect(entries.first()).toHaveAttribute('data-submission-id', registration);
    await expect(shown).toHaveText('1 of 3 entries');
    // Kept in the address: a reload shows the same list.
    await app.reload();
    await expect(entries).toHaveCount(1);
    await expect(search).toHaveValue(name);
    await app.getByRole('button', { name: 'Clear filters' }).click();
    await all();
    await expect(search).toHaveValue('');

    await kinds.getByText('Webhook created').click();
    await expect(entries).toHaveCount(1);
    await expect(entries.first()).toContainText('Webhook created');
    await kinds.getByText('Webhook created').click();
    await kinds.getByText('Submission deleted').click();
    await expect(entries).toHaveCount(2);
    await expect(shown).toHaveText('2 of 3 entries');

    // A kind and a form together: the one deletion from Customer feedback.
    await app.getByRole('combobox', { name: 'Form' }).click();
    await app.getByRole('option', { name: 'Customer feedback' }).click();
    await expect(entries).toHaveCount(1);
    await expect(entries.first()).toHaveAttribute('data-submission-id', feedback);
    await kinds.getByText('Submission deleted').click();
    await expect(entries).toHaveCount(2);
    await expect(entries.locator('td').filter({ hasText: 'Event registration' })).toHaveCount(0);
    await app.getByRole('button', { name: 'Clear filters' }).click();
    await all();

    // By day: everything happened today; from tomorrow on there is nothing.
    await app.getByRole('button', { name: 'Date range: Any time' }).click();
    await app.getByRole('button', { name: 'Last 24 hours' }).click();
    await expect(shown).toHaveText('3 of 3 entries');
    const tomorrow = await app.evaluate(() => {
      const day = new Date();
      day.setDate(day.getDate() + 1);
      const pad = (n: number) => String(n).padStart(2, '0');
      return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
    });
    await app.getByRole('button', { name: 'Date range: Last 24 hours' }).click();
    await app.getByLabel('From').fill(tomorrow);
    await app.keyboard.press('Escape');
    await expect(app.getByRole('heading', { name: 'No activity matches' })).toBeVisible();
    await expect(entries).toHaveCount(0);
    await app.getByRole('button', { name: 'Clear filters' }).last().click();
    await all();
  });
});
