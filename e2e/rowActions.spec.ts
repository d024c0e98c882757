/// <reference lib="dom" />
import { type Locator, type Page } from '@playwright/test';
import { expect, openDemoForm, test } from './fixtures';

// The demo's widest form: a location, a date range, an amount and a colour among its questions
// (electron/local-api/demoForms.ts).
const EVENT = 'Event registration';

const grid = (app: Page) => app.getByRole('grid', { name: 'Submissions' });
const firstRow = (app: Page) => grid(app).locator('[role="row"][data-submission-id]').first();

/** The first row's cell under the named column, brought into view first. */
async function cellOf(app: Page, column: string): Promise<Locator> {
  const header = grid(app).getByRole('columnheader', { name: column, exact: true });
  await header.scrollIntoViewIfNeeded();
  const colIndex = await header.getAttribute('aria-colindex');
  return firstRow(app).locator(`[role="gridcell"][aria-colindex="${colIndex}"]`);
}

test.describe('the table of a wide form', () => {
  test('keeps a row’s delete beside the selection boxes however far the table scrolls sideways', async ({
    app,
  }) => {
    await openDemoForm(app, EVENT);
    const row = firstRow(app);
    const id = await row.getAttribute('data-submission-id');
    const box = row.getByRole('checkbox', { name: `Select submission ${id}` });
    const remove = row.getByRole('button', { name: `Delete submission ${id}` });

    await row.hover();
    const boxAt = (await box.boundingBox())!;
    const before = (await remove.boundingBox())!;
    // Right of the box, at the row's start: no scrolling to reach it.
    expect(before.x).toBeGreaterThan(boxAt.x);
    expect(before.x - boxAt.x).toBeLessThan(80);

    const scrolled = await grid(app).evaluate((element) => {
      element.scrollLeft = element.scrollWidth;
      return element.scrollLeft;
    });
    expect(scrolled).toBeGreaterThan(1000);
    await expect.poll(() => grid(app).evaluate((element) => element.scrollLeft)).toBe(scrolled);

    await row.hover();
    await expect(remove).toBeVisible();
    const after = (await remove.boundingBox())!;
    expect(after.x).toBeCloseTo(before.x, 0);
    expect(after.y).toBeCloseTo(before.y, 0);
    // Still the row's own button: it asks to delete that submission.
    await remove.click();
    const confirm = app.getByRole('dialog', { name: 'Delete this submission?' });
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: 'Keep it' }).click();
    await expect(confirm).toHaveCount(0);
  });

  test('shows places, stays, amounts and colours as people read them', async ({ app }) => {
    await openDemoForm(app, EVENT);
    const place = await cellOf(app, 'Where are you travelling from?');
    await expect(place).toHaveText(/^\d{1,2}\.\d{4}° [NS], \d{1,3}\.\d{4}° [EW]$/);

    const stay = await cellOf(app, 'Hotel stay');
    await expect(stay).toHaveText(/\S\s?–\s?\S/);
    await expect(stay).not.toHaveText(/\d{4}-\d{2}-\d{2}/);

    // Two decimals always; the symbol of the currency the respondent paid in, when they paid.
    const amount = await cellOf(app, 'Optional donation');
    await expect(amount).toHaveText(/\d\.\d{2}$/);

    const colour = await cellOf(app, 'Badge colour');
    await expect(colour).toHaveText(/^#[0-9a-f]{3,8}$/i);
    const swatch = colour.locator('span[aria-hidden]');
    await expect(swatch).toHaveCSS('background-color', /^rgb/);
  });

  test('an opened submission is in the address: Back closes it, a reload opens it again', async ({
    app,
  }) => {
    await openDemoForm(app, EVENT);
    const id = (await firstRow(app).getAttribute('data-submission-id'))!;
    // That row, wherever it is when the click lands.
    const row = grid(app).locator(`[role="row"][data-submission-id="${id}"]`);
    const hash = () => app.evaluate(() => window.location.hash);
    const drawer = app.getByRole('dialog', { name: /^Submission/ });

    await row.click();
    await expect(drawer).toBeVisible();
    await expect.poll(hash).toContain(`submission=${encodeURIComponent(id)}`);

    await app.goBack();
    await expect(drawer).toBeHidden();
    await expect.poll(hash).not.toContain('submission=');

    await app.goForward();
    await expect(drawer).toBeVisible();
    // A reload starts the whole app again, on a machine that may be busy.
    await app.reload();
    await expect(drawer).toBeVisible({ timeout: 45_000 });
    await expect(drawer.getByRole('region', { name: 'Answers' })).toBeVisible();
    await expect.poll(hash).toContain(`submission=${encodeURIComponent(id)}`);

    await drawer.getByRole('button', { name: 'Close' }).click();
    await expect(drawer).toBeHidden();
    await expect.poll(hash).not.toContain('submission=');
  });
});
