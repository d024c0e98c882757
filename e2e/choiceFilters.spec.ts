import { type Locator, type Page } from '@playwright/test';
import { expect, openDemoForm, test } from './fixtures';

const FORM_NAME = 'Customer feedback';
const PLAN = 'Which plan are you on?';
const PLANS = ['Starter plan', 'Pro plan', 'Team plan', 'Enterprise'];

/** The numbers of "N of M submissions" (M is N when nothing narrows the table). */
async function counted(app: Page): Promise<{ shown: number; of: number }> {
  // The last count stays on screen while a new filter's query runs; it is read once that is done.
  await expect(app.getByLabel('Updating')).toBeHidden();
  const count = app.getByTestId('result-count');
  await expect(count).toHaveText(/^[\d,]+ (of [\d,]+ )?submissions$/);
  const [shown = 0, of = shown] = ((await count.textContent()) ?? '')
    .match(/[\d,]+/g)!
    .map((n) => Number(n.replaceAll(',', '')));
  return { shown, of };
}

/** Opens "Add filter" on the plan question with a condition. */
async function filterPlan(app: Page, condition: string): Promise<Locator> {
  await app.getByRole('button', { name: 'Add filter', exact: true }).click();
  const editor = app.getByRole('dialog');
  await editor.getByRole('combobox', { name: 'Field' }).click();
  await app.getByRole('option', { name: PLAN }).click();
  await editor.getByRole('combobox', { name: 'Condition' }).click();
  await app.getByRole('option', { name: condition, exact: true }).click();
  return editor;
}

test('a choice question is filtered by picking its options: is, is not, is any of', async ({
  app,
}) => {
  await openDemoForm(app, FORM_NAME);

  // "Is": the form's options are offered, in its order, and one is picked.
  let editor = await filterPlan(app, 'is');
  await editor.getByRole('combobox', { name: 'Value' }).click();
  await expect(app.getByRole('option')).toHaveText(PLANS);
  await app.getByRole('option', { name: 'Starter plan' }).click();
  await editor.getByRole('button', { name: 'Add filter' }).click();
  await expect(app.getByText(`${PLAN} is “Starter plan”`)).toBeVisible();
  const starter = await counted(app);
  expect(starter.shown).toBeGreaterThan(0);
  expect(starter.shown).toBeLessThan(starter.of);
  await app.getByRole('button', { name: `Remove filter: ${PLAN} is “Starter plan”` }).click();

  // "Is not": every other row, so the two together are the whole form.
  editor = await filterPlan(app, 'is not');
  await editor.getByRole('combobox', { name: 'Value' }).click();
  await app.getByRole('option', { name: 'Starter plan' }).click();
  await editor.getByRole('button', { name: 'Add filter' }).click();
  await expect(app.getByText(`${PLAN} is not “Starter plan”`)).toBeVisible();
  await expect.poll(async () => (await counted(app)).shown).toBe(starter.of - starter.shown);
  await app.getByRole('button', { name: 'Clear filters' }).click();

  // "Is any of": several options picked at once.
  editor = await filterPlan(app, 'is any of');
  const values = editor.getByRole('combobox', { name: 'Values' });
  await values.click();
  await app.getByRole('option', { name: 'Pro plan' }).click();
  await app.getByRole('option', { name: 'Team plan' }).click();
  // Escape closes the list of options, not the editor around it.
  await app.keyboard.press('Escape');
  await expect(app.getByRole('option', { name: 'Pro plan' })).toBeHidden();
  await expect(editor).toBeVisible();
  await editor.getByRole('button', { name: 'Add filter' }).click();
  await expect(app.getByText(`${PLAN} is any of “Pro plan”, “Team plan”`)).toBeVisible();
  const some = await counted(app);
  expect(some.shown).toBeGreaterThan(0);
  expect(some.shown).toBeLessThan(starter.of - starter.shown);
});
