import { type Page } from '@playwright/test';
import { expect, openDemoForm, test } from './fixtures';

const FORM_NAME = 'Customer feedback';

async function openForm(app: Page): Promise<void> {
  await openDemoForm(app, FORM_NAME);
}

/** A calendar day as this browser's locale writes it, the way the page is asked to. */
const written = (app: Page, days: string[]) =>
  app.evaluate((list) => {
    const format = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
    const [a, b] = list.map((day) => {
      const [y, m, d] = day.split('-').map(Number);
      return new Date(y!, m! - 1, d);
    });
    return b ? format.formatRange(a!, b) : format.format(a);
  }, days);

test('the date filter is labelled in the person’s format, shows its preset, and clears', async ({
  app,
}) => {
  await openForm(app);
  const count = app.getByTestId('result-count');
  await expect(count).toHaveText(/^[\d,]+ submissions$/);
  const everything = await count.textContent();
  const dates = app.getByRole('button', { name: /^Date range/ });

  // A preset: named on the button, and marked as the one in use when the choices open again.
  await dates.click();
  await app.getByRole('button', { name: 'Last 30 days' }).click();
  await expect(dates).toHaveAccessibleName('Date range: Last 30 days');
  await dates.click();
  await expect(app.getByRole('button', { name: 'Last 30 days', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(app.getByRole('button', { name: 'Last 7 days', exact: true })).toHaveAttribute(
    'aria-pressed',
    'false',
  );

  // Days typed: the first and the last are both included, and the label writes them as people do.
  await app.getByLabel('First day', { exact: true }).fill('2026-03-02');
  await expect(dates).toHaveText(`Since ${await written(app, ['2026-03-02'])}`);
  await app.getByLabel('Last day', { exact: true }).fill('2026-03-09');
  await expect(dates).toHaveText(await written(app, ['2026-03-02', '2026-03-09']));
  await expect(dates).not.toHaveText(/2026-03/);
  await app.keyboard.press('Escape');

  // "Clear filters" lets go of the dates too.
  await app.getByRole('button', { name: 'Clear filters' }).click();
  await expect(dates).toHaveText('Any time');
  await expect(count).toHaveText(everything!);
});
