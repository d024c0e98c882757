import { type Page } from '@playwright/test';
import { expect, openDemoForm, test } from './fixtures';

const FORM_NAME = 'Customer feedback';

async function openSummary(app: Page) {
  await openDemoForm(app, FORM_NAME);
  await app.getByRole('tab', { name: 'Summary' }).click();
  const panel = app.getByTestId('summary-panel');
  await expect(panel.locator('[data-summary-question]').first()).toBeVisible();
  return (key: string) => panel.locator(`[data-summary-question="${key}"]`);
}

test('the summary speaks in minutes, keeps a scale in its order and draws every point of it', async ({
  app,
}) => {
  const card = await openSummary(app);

  // A duration: its bars and figures in minutes and seconds, its bins cut at round steps.
  const duration = card('calculation:cs3');
  const bins = await duration.getByRole('listitem').allTextContents();
  expect(bins.length).toBeGreaterThan(1);
  const time = String.raw`\d+ (h|min|s)( \d+ (min|s))?`;
  for (const bin of bins) expect(bin).toMatch(new RegExp(`^${time} – ${time}\\d`));
  await expect(duration).toContainText(/Median\s*\d+ (h|min|s)/);
  await expect(duration).not.toContainText(/\d\.\d/);

  // A matrix: its columns from the lowest of the scale, the same on a second load.
  const columns = () => card('mx08').getByRole('columnheader').allTextContents();
  const order = ['', 'Poor', 'Fair', 'Good', 'Excellent'];
  expect(await columns()).toEqual(order);
  await app.reload();
  await app.getByRole('tab', { name: 'Summary' }).click();
  await expect(card('mx08').getByRole('columnheader')).toHaveText(order);

  // A star filter reads as stars; the 0-10 scale beside it still draws all eleven points.
  const stars = card('st05');
  await expect(stars.getByRole('listitem')).toHaveCount(5);
  await stars.getByRole('button', { name: /that gave 5 stars$/ }).click();
  await expect(
    app.getByRole('button', { name: 'Remove filter: How satisfied are you overall? is 5 stars' }),
  ).toBeVisible();
  await expect(card('np06').getByRole('listitem')).toHaveText(
    Array.from({ length: 11 }, (_, i) => new RegExp(`^${i}\\d`)),
  );

  // The filtered summary offers its rows, and the table shows exactly those.
  const total = app.getByTestId('summary-total');
  // The last figures stay on screen while the filtered ones are read; the total is read after.
  await expect(app.getByLabel('Updating the summary')).toBeHidden();
  await expect(total).toHaveText(/^Summary of [\d,]+ submissions?$/);
  const n = (await total.textContent())!.match(/[\d,]+/)![0];
  await app.getByRole('button', { name: `See these ${n} submissions` }).click();
  await expect(app.getByTestId('result-count')).toHaveText(
    new RegExp(`^${n} of [\\d,]+ submissions$`),
  );
});
