import { type Page } from '@playwright/test';
import { type Submission } from '../electron/shared/api/submission';
import { type LocalApi } from '../electron/local-api';
import { connectAccount, expect, test } from './fixtures';

// The local API's "Customer feedback" form (electron/local-api/demoForms.ts): a 5-star rating,
// a plan dropdown, "What did you like?" checkboxes and one long-answer question.
const FEEDBACK = { id: 'cFb7q2LxWm', name: 'Customer feedback' };
const DOMAIN = 'e2e-import.example';

// Headers that name none of the questions but "Full name" and "E-mail", the last column unnamed:
// the values tell where they go. Line 3 has a rating out of range and a misspelt plan, line 4 a
// plan the form does not offer, line 5 an unknown box and an impossible date.
const CSV = [
  'Full name,E-mail,Satisfaction,Plan,Liked,Submitted,',
  `Ann Import,ann@${DOMAIN},5,Pro plan,price; Support,04.03.2025,The support team answered within minutes.`,
  `Bo Import,bo@${DOMAIN},9,Pro Plna,Speed,05.03.2025,Checkout was slow on my phone today.`,
  `Cy Import,cy@${DOMAIN},4,Gold plan,Price,06.03.2025,Fine overall but a little pricey.`,
  `Di Import,di@${DOMAIN},3,Starter plan,Colour,31.02.2025,Please add a dark mode to the app.`,
].join('\r\n');

async function connect(app: Page, api: LocalApi): Promise<void> {
  await connectAccount(app, api);
  // The form's questions, with their choices, are learnt by its first sync.
  await expect(app.getByRole('article', { name: FEEDBACK.name })).toHaveAttribute(
    'data-state',
    'synced',
  );
}

/** The service's submissions of this import, straight from its API. */
async function imported(api: LocalApi): Promise<Submission[]> {
  const response = await fetch(
    `${api.baseUrl}/forms/${FEEDBACK.id}/submissions?limit=150&search=${DOMAIN}`,
    { headers: { authorization: `Bearer ${api.apiKey}` } },
  );
  return ((await response.json()) as { responses: Submission[] }).responses;
}

const answer = (s: Submission, id: string) => s.questions.find((q) => q.id === id)?.value;

test('reviews a file against the form, fixes it in place and creates each row once', async ({
  app,
  remoteApi,
}) => {
  // A first sync of a whole account, then the import: on a loaded machine this takes minutes.
  test.setTimeout(240_000);
  await connect(app, remoteApi);
  await app
    .getByRole('navigation', { name: 'Sections' })
    .getByRole('link', { name: 'Import' })
    .click();
  await app.getByRole('button', { name: 'New import' }).click();
  await app.getByRole('combobox', { name: 'Form to import into' }).click();
  await app.getByRole('option', { name: FEEDBACK.name }).click();
  await app
    .locator('input[type="file"]')
    .setInputFiles({ name: 'feedback.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) });
  await expect(app.locator('[data-state="file-read"]')).toContainText('4 rows');
  await app.getByRole('button', { name: 'Next', exact: true }).click();

  // Columns: matched by their values where the headers say nothing, each guess explained.
  const target = (column: string) => app.getByRole('combobox', { name: `Target for ${column}` });
  await expect(target('Satisfaction')).toHaveValue('How satisfied are you overall? (Star rating)');
  await expect(target('Plan')).toHaveValue('Which plan are you on? (Dropdown)');
  await expect(target('Liked')).toHaveValue('What did you like? (Checkboxes)');
  await expect(target('Submitted')).toHaveValue('Submission time');
  await expect(target('Column 7')).toHaveValue('Anything else you want to tell us? (Long answer)');
  const badge = app.locator('tr[data-column="Column 7"]').getByText('check', { exact: true });
  await badge.hover();
  await expect(app.getByRole('tooltip')).toContainText(
    "is the form's only long-answer question left",
  );
  await expect(app.getByRole('table', { name: 'Rows as they will be sent' })).toContainText(
    'Price, Support',
  );
  await app.getByRole('button', { name: 'Next', exact: true }).click();

  // Review: each problem in its sentence.
  const summary = app.getByLabel('Validation summary');
  const problems = app.getByRole('table', { name: 'Rows with problems' });
  await expect(summary).toContainText('3 with errors (not sent)');
  for (const sentence of [
    'Line 3, column "Satisfaction": "9" is not allowed: the question "How satisfied are you overall?" takes a whole number from 1 to 5.',
    'Line 3, column "Plan": "Pro Plna" is not one of the choices of the question "Which plan are you on?"; did you mean "Pro plan"?',
    'Line 4, column "Plan": "Gold plan" is not one of the choices of the question "Which plan are you on?": "Starter plan", "Pro plan", "Team plan", "Enterprise".',
    'Line 5, column "Liked": "Colour" is not one of the choices of the question "What did you like?"',
    'Line 5, column "Submitted": "31.02.2025" is not a date in the dd.mm.yyyy format.',
    'Line 2, column "Liked": "price" is sent as "Price", as the form writes it.',
  ])
    await expect(problems).toContainText(sentence);

  // Fixed in place: a rating picked from the points its scale allows, the close choice taken, a
  // value typed, a row left out. The plan's picker offers the form's choices alone.
  await app.getByRole('combobox', { name: 'Plan on line 4' }).click();
  await expect(app.getByRole('option')).toHaveText([
    'Starter plan',
    'Pro plan',
    'Team plan',
    'Enterprise',
  ]);
  await app.keyboard.press('Escape');
  await app.getByRole('combobox', { name: 'Satisfaction on line 3' }).click();
  await expect(app.getByRole('option')).toHaveText(['1', '2', '3', '4', '5']);
  await app.getByRole('option', { name: '4', exact: true }).click();
  await expect(problems).not.toContainText('"9" is not allowed');
  await app.getByRole('button', { name: 'Use “Pro plan”' }).click();
  await expect(problems.locator('tr[data-line="3"]')).toHaveCount(0);
  await app.getByRole('textbox', { name: 'Liked on line 5' }).fill('Features');
  await app.keyboard.press('Enter');
  await expect(problems).not.toContainText('"Colour"');
  await app.getByRole('textbox', { name: 'Submitted on line 5' }).fill('28.02.2025');
  await app.keyboard.press('Tab');
  await expect(problems.locator('tr[data-line="5"]')).toHaveCount(0);
  await app.getByRole('checkbox', { name: 'Import line 4' }).uncheck();
  await expect(summary).toContainText('3 ready');
  await expect(summary).toContainText('0 with errors');
  await expect(summary).toContainText('1 left out');

  await app.getByRole('button', { name: 'Start import' }).click();
  await expect(app.locator('[data-state="import-done"]')).toBeVisible({ timeout: 60_000 });
  await expect(app.getByLabel('Import report')).toContainText('3 created');
  await expect(app.getByLabel('Import report')).toContainText('1 left out');

  // On the service: each row once, with the fixed values.
  const created = await imported(remoteApi);
  const byEmail = new Map(created.map((s) => [answer(s, 'em02'), s]));
  expect(created).toHaveLength(3);
  expect([...byEmail.keys()].sort()).toEqual([`ann@${DOMAIN}`, `bo@${DOMAIN}`, `di@${DOMAIN}`]);
  const bo = byEmail.get(`bo@${DOMAIN}`)!;
  expect([answer(bo, 'st05'), answer(bo, 'pr04')]).toEqual([4, 'Pro plan']);
  const di = byEmail.get(`di@${DOMAIN}`)!;
  expect(answer(di, 'lk07')).toEqual(['Features']);
  expect(di.submissionTime).toBe('2025-02-28T00:00:00.000Z');
  expect(answer(byEmail.get(`ann@${DOMAIN}`)!, 'lk07')).toEqual(['Price', 'Support']);
  expect(answer(byEmail.get(`ann@${DOMAIN}`)!, 'cm10')).toBe(
    'The support team answered within minutes.',
  );
});
