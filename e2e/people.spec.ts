/// <reference lib="dom" />
import { type Page } from '@playwright/test';
import { connectAccount, expect, test } from './fixtures';

const NAME = 'Orla Vantreece';
const EMAIL = 'orla.vantreece@example.net';
/** Each demo form with the question it asks a name in, and its e-mail question where it has one. */
const FORMS = [
  { id: 'cFb7q2LxWm', name: 'Customer feedback', nameId: 'nm01', emailId: 'em02' },
  { id: 'evR3gN8tYu', name: 'Event registration', nameId: 'fn01', emailId: 'em02' },
  { id: 'pQz5kM1sJe', name: 'Product quiz', nameId: 'nm01', emailId: null },
];

const section = (app: Page, name: string) =>
  app.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name });

/** A first sync of every demo form; on a loaded machine it outlasts a check's usual wait. */
const FIRST_SYNC_MS = 90_000;

test.describe('people', () => {
  test('finds one person on every form, opens a submission and erases them all', async ({
    app,
    remoteApi,
  }) => {
    for (const form of FORMS)
      await remoteApi.admin.respond(form.id, {
        status: 'finished',
        answers: { [form.nameId]: NAME, ...(form.emailId ? { [form.emailId]: EMAIL } : {}) },
      });
    await connectAccount(app, remoteApi);
    await expect(app.getByRole('heading', { name: 'Forms' })).toBeVisible();
    await section(app, 'People').click();

    const search = app.getByRole('textbox', { name: 'Find a person' });
    await search.fill(EMAIL);
    const groups = app.locator('[data-state="found"] section');
    await expect(groups).toHaveCount(2);
    await search.fill(NAME.toLowerCase());
    await expect(groups).toHaveCount(3);
    for (const form of FORMS) {
      const group = app.getByRole('region', { name: form.name });
      await expect(group).toContainText(NAME);
      await expect(group).toContainText(/name/i);
    }

    await app
      .getByRole('region', { name: 'Event registration' })
      .getByRole('button', { name: /^Open the submission of/ })
      .click();
    const drawer = app.getByRole('dialog', { name: 'Event registration' });
    await expect(drawer).toContainText(EMAIL);
    await app.keyboard.press('Escape');
    await expect(drawer).toBeHidden();

    await app.getByRole('button', { name: 'Erase…' }).click();
    const confirm = app.getByRole('dialog', { name: 'Erase 3 submissions?' });
    for (const form of FORMS) await expect(confirm).toContainText(form.name);
    await expect(confirm).toContainText('cannot restore them');
    await expect(confirm.getByRole('list', { name: 'Copies on this computer' })).toContainText(
      'their words in the search index',
    );
    await confirm.getByRole('button', { name: 'Erase 3 submissions' }).click();
    await expect(confirm.getByRole('status')).toContainText('Erased 3 of 3 submissions', {
      timeout: 30_000,
    });
    await confirm.getByRole('button', { name: 'Close' }).click();

    // The screen lets go of the name once the erasure is done.
    await expect(search).toHaveValue('');
    expect(new URL(app.url()).hash).not.toMatch(/vantreece/i);
    await search.fill(NAME);
    await expect(app.getByRole('heading', { name: 'Nobody found' })).toBeVisible();
    for (const form of FORMS)
      expect(JSON.stringify(remoteApi.admin.submissionsOf(form.id))).not.toContain(NAME);

    await section(app, 'Activity').click();
    await expect(
      app.getByText(/Erased 3 submissions on .+ at a respondent's request/),
    ).toBeVisible();
    await expect(app.getByText(NAME)).toHaveCount(0);
  });

  test('shows the first page at once, then the whole list below it in the same place', async ({
    app,
    remoteApi,
    host,
  }) => {
    test.skip(!host, "holds the browser-mode bridge's HTTP answers");
    await connectAccount(app, remoteApi);
    for (const form of FORMS)
      await expect(app.getByRole('article', { name: form.name })).toHaveAttribute(
        'data-state',
        'synced',
        { timeout: FIRST_SYNC_MS },
      );
    await section(app, 'People').click();

    // The whole list is held until the first page has been looked at.
    let releaseWhole = () => {};
    const wholeHeld = new Promise<void>((resolve) => (releaseWhole = resolve));
    await app.route('**/rpc/people.search', async (route) => {
      const input = route.request().postDataJSON() as { limit?: number };
      if (input.limit === undefined) await wholeHeld;
      await route.continue();
    });

    // A domain many respondents share: more submissions than a first page lists.
    await app.getByRole('textbox', { name: 'Find a person' }).fill('mail.example');
    const status = app.getByRole('status', { name: 'People found' });
    await expect(status).toHaveText(/^Showing 100 of [\d,]+ submissions: reading the rest…$/);
    const whole = Number(
      /of ([\d,]+)/.exec((await status.textContent()) ?? '')![1]!.replace(/,/g, ''),
    );
    expect(whole).toBeGreaterThan(100);
    const rows = app.locator('[data-state] section tbody tr');
    await expect(app.locator('[data-state="reading"]')).toHaveAttribute('aria-busy', 'true');
    await expect(rows).toHaveCount(100);
    // Erasing names every submission: it waits for the whole list; an export reads it itself.
    await expect(app.getByRole('button', { name: 'Erase…' })).toBeDisabled();
    await expect(app.getByRole('button', { name: 'Export all found' })).toBeEnabled();
    const opener = rows.first().getByRole('button', { name: /^Open the submission of/ });
    await opener.focus();
    const firstRow = {
      label: await opener.getAttribute('aria-label'),
      box: await opener.boundingBox(),
    };

    releaseWhole();
    await expect(status).toHaveText(
      new RegExp(`^${whole.toLocaleString('en-US')} submissions on [23] forms$`),
    );
    await expect(app.locator('[data-state="found"] section tbody tr')).toHaveCount(whole);
    // What the person was looking at, and the focus on it, stay where they were.
    await expect(opener).toBeFocused();
    expect({
      label: await opener.getAttribute('aria-label'),
      box: await opener.boundingBox(),
    }).toEqual(firstRow);
    await expect(app.getByRole('button', { name: 'Erase…' })).toBeEnabled();
  });
});
