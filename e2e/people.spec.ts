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
});
