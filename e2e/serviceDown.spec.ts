/// <reference lib="dom" />
import { type Page } from '@playwright/test';
import { connectAndSettle, expect, test } from './fixtures';

// What the person sees when the computer is online and only the service stops answering.

const header = (app: Page) => app.getByRole('banner');
const headerSync = (app: Page) => header(app).getByLabel('Sync', { exact: true });
const grid = (app: Page) => app.getByRole('grid', { name: 'Submissions' });
/** A date and time as the service writes them, which people should not have to read. */
const ISO_TIME = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

test.describe('when only the service is down', () => {
  test('"Sync now" shows it running, disabled, then says it is done', async ({
    app,
    remoteApi,
  }) => {
    await connectAndSettle(app, remoteApi);

    // Answers slow enough that the sync outlasts the three checks below on a busy machine too;
    // the sync needs a dozen requests, and each check may take a couple of seconds.
    remoteApi.admin.setFaults([{ kind: 'latency', ms: 2_000 }]);
    await header(app).getByRole('button', { name: 'Sync now' }).click();
    await expect(headerSync(app)).toHaveAttribute('data-state', 'syncing');
    await expect(header(app).getByRole('status', { name: 'Sync progress' })).toHaveText('Syncing…');
    // While it runs it cannot be asked again: "Stop sync" takes its place.
    await expect(header(app).getByRole('button', { name: 'Sync now' })).toHaveCount(0);
    remoteApi.admin.clearFaults();

    const done = header(app).getByRole('status', { name: 'Sync progress' });
    await expect(done).toHaveAttribute('data-state', 'checked', { timeout: 60_000 });
    await expect(done).toHaveText(/^Up to date · checked /);
    await expect(header(app).getByRole('button', { name: 'Sync now' })).toBeEnabled();
  });

  test('says the service is not answering, shows the cached copy’s time, and keeps delete waiting', async ({
    app,
    remoteApi,
  }) => {
    await connectAndSettle(app, remoteApi);

    remoteApi.admin.setFaults([{ kind: 'reset' }]);
    await header(app).getByRole('button', { name: 'Sync now' }).click();
    const badge = header(app).locator('[data-reason]');
    await expect(badge).toHaveText('Service not answering', { timeout: 60_000 });
    await expect(badge).toHaveAttribute('data-reason', 'serviceDown');
    await expect(app.getByText('You are offline')).toHaveCount(0);
    // A sync that reached nothing, once it ends, does not say the forms are up to date.
    await expect(headerSync(app)).toHaveAttribute('data-state', 'offline', { timeout: 60_000 });
    await expect(header(app).getByText(/^Up to date/)).toHaveCount(0);

    await app
      .getByRole('navigation', { name: 'Sections' })
      .getByRole('link', { name: 'Submissions' })
      .click();
    await expect(grid(app)).toHaveAttribute('data-state', 'ready');
    await expect(
      app.getByRole('status', { name: 'Sync state' }).locator('[data-state="offline"]'),
    ).toHaveText('Service not answering · cached');

    // The row's own delete waits, and says why on hover.
    const row = grid(app).locator('[role="row"][data-submission-id]').first();
    const id = await row.getAttribute('data-submission-id');
    await row.hover();
    const rowDelete = row.getByRole('button', { name: `Delete submission ${id}` });
    await expect(rowDelete).toHaveAttribute('aria-disabled', 'true');
    await rowDelete.hover();
    await expect(app.getByRole('tooltip')).toHaveText(
      'This needs the service, which is not answering right now.',
    );
    // Playwright waits for an enabled element; a person's click lands all the same.
    await rowDelete.click({ force: true });
    await expect(app.getByRole('dialog', { name: 'Delete this submission?' })).toHaveCount(0);
    // A bulk delete waits the same way.
    await row.getByRole('checkbox', { name: `Select submission ${id}` }).click();
    const bar = app.getByRole('region', { name: 'Selection' });
    await expect(bar.getByRole('button', { name: 'Delete selected…' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await bar.getByRole('button', { name: 'Clear' }).click();

    await row.click();
    const drawer = app.getByRole('dialog', { name: /^Submission/ });
    const notice = drawer.locator('[data-state="cached"]');
    await expect(notice).toContainText(
      /^The service is not answering: showing the copy saved on this computer (at|on) /,
      { timeout: 60_000 },
    );
    await expect(notice).not.toHaveText(ISO_TIME);
    await expect(drawer.getByRole('button', { name: 'Delete…' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
  });
});
