/// <reference lib="dom" />
import { type Locator, type Page } from '@playwright/test';
import { type LocalApi } from '../electron/local-api';
import { connectAccount, expect, serverTotal, test } from './fixtures';

// The local API's demo forms (electron/local-api/demoForms.ts).
const FEEDBACK = { id: 'cFb7q2LxWm', name: 'Customer feedback' };
const EVENT = 'Event registration';
const QUIZ = 'Product quiz';

const formsList = (app: Page) =>
  app.getByLabel('Forms', { exact: true }).and(app.locator('[data-state="ready"]'));
const card = (app: Page, name: string) => app.getByRole('article', { name });

/** A first sync of every demo form; on a loaded machine it outlasts a check's usual wait. */
const FIRST_SYNC_MS = 90_000;

/** Waits for the first sync of the workspace to reach every card. */
async function everyFormSynced(app: Page): Promise<void> {
  await expect(formsList(app)).toBeVisible();
  for (const name of [FEEDBACK.name, EVENT, QUIZ]) {
    await expect(card(app, name)).toHaveAttribute('data-state', 'synced', {
      timeout: FIRST_SYNC_MS,
    });
  }
}

async function openDemo(app: Page): Promise<void> {
  await app.getByRole('button', { name: 'Open the demo workspace' }).click();
  await everyFormSynced(app);
}

async function connect(app: Page, api: LocalApi): Promise<void> {
  await connectAccount(app, api);
  await everyFormSynced(app);
}

const stat = (form: Locator, label: string) =>
  form.getByRole('group', { name: label, exact: true });
const shows = (n: number, label: string) =>
  new RegExp(`^${n.toLocaleString('en-US')}\\s*${label}$`);

test.describe('forms list', () => {
  test('lists the demo forms with their cached counts and a chart of recent submissions', async ({
    app,
  }) => {
    await openDemo(app);
    await expect(app.getByRole('heading', { name: 'Forms' })).toBeVisible();
    for (const name of [FEEDBACK.name, EVENT, QUIZ]) {
      const form = card(app, name);
      await expect(stat(form, 'Finished')).toHaveText(/^[1-9][\d,]*\s*Finished$/);
      await expect(stat(form, 'In progress')).toBeVisible();
      await expect(
        form.getByRole('img', { name: new RegExp(`^Submissions per day for ${name}`) }),
      ).toBeVisible();
      await expect(form.getByText(/^Synced/)).toBeVisible();
      await expect(form.getByText(/^All rows checked/)).toBeVisible();
      await expect(form.getByRole('button', { name: `Sync ${name}` })).toBeEnabled();
    }
  });

  test('counts exactly what the service holds for each status', async ({ app, remoteApi }) => {
    await connect(app, remoteApi);
    const form = card(app, FEEDBACK.name);
    await expect(stat(form, 'Finished')).toHaveText(
      shows(await serverTotal(remoteApi, FEEDBACK.id, { status: 'finished' }), 'Finished'),
    );
    await expect(stat(form, 'In progress')).toHaveText(
      shows(await serverTotal(remoteApi, FEEDBACK.id, { status: 'in_progress' }), 'In progress'),
    );
  });

  test('picks up a new submission when the form is synced', async ({ app, remoteApi }) => {
    await connect(app, remoteApi);
    const form = card(app, FEEDBACK.name);
    const before = await serverTotal(remoteApi, FEEDBACK.id, { status: 'finished' });
    await expect(stat(form, 'Finished')).toHaveText(shows(before, 'Finished'));

    await remoteApi.admin.respond(FEEDBACK.id, { status: 'finished' });
    await form.getByRole('button', { name: `Sync ${FEEDBACK.name}` }).click();

    await expect(stat(form, 'Finished')).toHaveText(shows(before + 1, 'Finished'));
    await expect(form).toHaveAttribute('data-state', 'synced');
  });

  test('searches by name and by id, and says when nothing matches', async ({ app }) => {
    await openDemo(app);
    const search = app.getByRole('textbox', { name: 'Search forms' });

    await search.fill('quiz');
    await expect(app.getByRole('article')).toHaveCount(1);
    await expect(card(app, QUIZ)).toBeVisible();

    await search.fill(FEEDBACK.id.slice(0, 6).toLowerCase());
    await expect(app.getByRole('article')).toHaveCount(1);
    await expect(card(app, FEEDBACK.name)).toBeVisible();

    await search.fill('no such form anywhere');
    await expect(app.getByRole('article')).toHaveCount(0);
    await expect(app.getByRole('heading', { name: 'No form matches' })).toBeVisible();

    await search.fill('');
    await expect(app.getByRole('article')).toHaveCount(3);
  });

  test('opens a form’s submissions from its card, and a reload keeps the place', async ({
    app,
  }) => {
    await openDemo(app);
    await card(app, FEEDBACK.name)
      .getByRole('button', { name: `Open ${FEEDBACK.name}` })
      .click();
    const nav = app.getByRole('navigation', { name: 'Sections' });
    await expect(nav.getByRole('link', { name: 'Submissions' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect
      .poll(() => app.evaluate(() => window.location.hash))
      .toBe(`#/submissions?form=${FEEDBACK.id}`);

    await app.reload();
    await expect(nav.getByRole('link', { name: 'Submissions' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  test('keeps showing the cached forms when the service cannot be reached', async ({
    app,
    remoteApi,
  }) => {
    await connect(app, remoteApi);
    const finished = await serverTotal(remoteApi, FEEDBACK.id, { status: 'finished' });
    remoteApi.admin.setFaults([{ kind: 'reset' }]);

    await app.getByRole('button', { name: 'Sync now' }).click();
    // The computer's network is up: the badge blames the service, not the network.
    await expect(app.getByText('Service not answering', { exact: true })).toBeVisible({
      timeout: 45_000,
    });

    await app.reload();
    await expect(formsList(app)).toBeVisible();
    await expect(stat(card(app, FEEDBACK.name), 'Finished')).toHaveText(
      shows(finished, 'Finished'),
    );
    await expect(
      card(app, FEEDBACK.name).getByRole('button', { name: `Sync ${FEEDBACK.name}` }),
    ).toBeDisabled();
  });
});
