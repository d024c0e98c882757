import { type Page } from '@playwright/test';
import { type Host } from '../electron/host/startHost';
import { callHost } from '../electron/host/testing/callHost';
import { DEMO_KEY, expect, test } from './fixtures';

const FORM_ID = 'cFb7q2LxWm';
const FORM_NAME = 'Customer feedback';

interface Responded {
  submission: { submissionId: string };
  deliveries: { url: string; status?: number }[];
}

/** A respondent submits the demo form on the demo workspace's local API (its admin surface). */
async function respond(demoBaseUrl: string, name: string): Promise<Responded> {
  const origin = new URL(demoBaseUrl).origin;
  const response = await fetch(`${origin}/__local/forms/${FORM_ID}/respond`, {
    method: 'POST',
    headers: { authorization: `Bearer ${DEMO_KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({ answers: { nm01: name } }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as Responded;
}

async function openWebhooks(app: Page): Promise<void> {
  await app.getByRole('button', { name: 'Open the demo workspace' }).click();
  await expect(app.getByRole('heading', { name: 'Forms', exact: true })).toBeVisible();
  await app.getByRole('link', { name: 'Webhooks' }).click();
  await expect(app.getByRole('heading', { name: 'Webhooks', exact: true })).toBeVisible();
}

/** The open workspace's service address, as the page's own bridge reads it. */
async function openWorkspaceBaseUrl(host: Host): Promise<string> {
  const answer = await callHost<{
    currentId: string;
    workspaces: { id: string; baseUrl: string }[];
  }>(host, 'workspaces.list');
  if (!answer.ok) throw new Error(answer.error.message);
  const { data } = answer;
  const open = data.workspaces.find((w) => w.id === data.currentId);
  if (!open) throw new Error('no workspace is open');
  return open.baseUrl;
}

test.describe('webhooks', () => {
  test('a receiver on this computer shows live deliveries, fills the table, and goes quiet once the webhook is deleted', async ({
    app,
    host,
  }) => {
    test.skip(host === null, 'The demo local API handle is reached through the browser-mode host.');
    await openWebhooks(app);
    const demoBaseUrl = await openWorkspaceBaseUrl(host!);

    await app.getByRole('button', { name: 'Start receiver' }).click();
    await expect(app.locator('[data-state="receiver-running"]')).toBeVisible();
    await expect(app.getByLabel('Receiver address', { exact: true })).toContainText(
      'http://127.0.0.1:',
    );

    const toReceiver = app.getByRole('form', { name: 'Send a form to the receiver' });
    await app.getByRole('combobox', { name: 'Form', exact: true }).click();
    await app.getByRole('option', { name: FORM_NAME }).click();
    await toReceiver.getByRole('button', { name: 'Create webhook to receiver' }).click();
    const createdId = await app.getByTestId('created-webhook-id').first().textContent();
    expect(createdId).toMatch(/^\d+$/);
    const row = app
      .getByRole('table', { name: 'Webhooks' })
      .locator(`[data-webhook-id="${createdId}"]`);
    await expect(row).toContainText('test receiver');
    await expect(row).toContainText(FORM_NAME);

    const deliveries = app.getByRole('table', { name: 'Deliveries' });
    const first = await respond(demoBaseUrl, 'Ada Webhook');
    expect(first.deliveries.map((d) => d.status)).toEqual([200]);
    await expect(
      deliveries.locator(`[data-submission-id="${first.submission.submissionId}"]`),
    ).toContainText('in table');
    await deliveries
      .locator(`[data-submission-id="${first.submission.submissionId}"]`)
      .getByRole('button', { name: 'View payload' })
      .click();
    await expect(
      app.getByRole('dialog', { name: 'Delivery payload' }).getByLabel('Payload', { exact: true }),
    ).toContainText('Ada Webhook');
    await app.keyboard.press('Escape');

    // With the form's table open, the next respondent's row appears as the delivery lands.
    await app.evaluate((formId) => {
      window.location.hash = `#/submissions?form=${formId}`;
    }, FORM_ID);
    await expect(app.getByText('Ada Webhook').first()).toBeVisible();
    const second = await respond(demoBaseUrl, 'Grace Webhook');
    await expect(app.getByText('Grace Webhook').first()).toBeVisible();

    await app.getByRole('link', { name: 'Webhooks' }).click();
    await expect(
      deliveries.locator(`[data-submission-id="${second.submission.submissionId}"]`),
    ).toBeVisible();
    await expect(deliveries).toHaveAttribute('data-count', '2');
    await row.getByRole('button', { name: 'Delete' }).click();
    await app
      .getByRole('dialog', { name: 'Delete webhook' })
      .getByRole('button', { name: 'Delete webhook' })
      .click();
    await expect(row).toHaveCount(0);

    const after = await respond(demoBaseUrl, 'Nobody Listening');
    expect(after.deliveries).toEqual([]);
    await expect(deliveries).toHaveAttribute('data-count', '2');
    await expect(app.getByText(after.submission.submissionId)).toHaveCount(0);
  });

  test('warns before a duplicate, refuses unsafe urls, and clears an id the service no longer knows', async ({
    app,
  }) => {
    await openWebhooks(app);
    const create = app.getByRole('form', { name: 'Create webhook' });
    await app.getByRole('combobox', { name: 'Form', exact: true }).click();
    await app.getByRole('option', { name: FORM_NAME }).click();

    await create.getByLabel('Url', { exact: true }).fill('javascript:alert(1)');
    await create.getByRole('button', { name: 'Create webhook' }).click();
    await expect(create.getByText('"javascript:" addresses cannot receive webhooks')).toBeVisible();

    await create.getByLabel('Url', { exact: true }).fill('https://hooks.example.com/formdesk');
    await create.getByRole('button', { name: 'Create webhook' }).click();
    await expect(app.locator('[data-state="created"]')).toBeVisible();
    await create.getByRole('button', { name: 'Create webhook' }).click();
    await expect(app.locator('[data-state="duplicate"]')).toContainText(
      'already delivers to this address',
    );
    await app.getByRole('button', { name: 'Create another anyway' }).click();
    await expect(
      app.getByRole('table', { name: 'Webhooks' }).locator('[data-webhook-id]'),
    ).toHaveCount(2);

    await app.getByRole('tab', { name: 'Use a webhook you already made' }).click();
    const adopt = app.getByRole('form', { name: 'Adopt webhook' });
    await adopt.getByLabel('Webhook id').fill('987654');
    await app.getByRole('combobox', { name: 'Form', exact: true }).click();
    await app.getByRole('option', { name: FORM_NAME }).click();
    await adopt.getByLabel('Url it delivers to').fill('https://gone.example.com/hook');
    await adopt.getByRole('button', { name: 'Adopt' }).click();
    const adopted = app.locator('[data-webhook-id="987654"]');
    await expect(adopted).toContainText('adopted');

    await adopted.getByRole('button', { name: 'Delete' }).click();
    const dialog = app.getByRole('dialog', { name: 'Delete webhook' });
    await dialog.getByRole('button', { name: 'Delete webhook' }).click();
    await expect(dialog.locator('[data-state="unknown-to-service"]')).toBeVisible();
    await dialog.getByRole('button', { name: 'Remove from registry' }).click();
    await expect(adopted).toHaveCount(0);
  });

  test('a create whose answer is lost is listed as may exist, asks before another, and takes its id', async ({
    app,
    host,
  }) => {
    test.skip(host === null, 'The demo local API handle is reached through the browser-mode host.');
    await openWebhooks(app);
    const origin = new URL(await openWorkspaceBaseUrl(host!)).origin;
    const admin = (path: string, init: RequestInit = {}) =>
      fetch(`${origin}/__local${path}`, {
        ...init,
        headers: { authorization: `Bearer ${DEMO_KEY}`, 'content-type': 'application/json' },
      });
    const faults = [{ kind: 'commitThenReset', method: 'POST', path: '/webhook/create', times: 1 }];
    expect(
      (await admin('/faults', { method: 'PUT', body: JSON.stringify({ faults }) })).status,
    ).toBe(200);

    const create = app.getByRole('form', { name: 'Create webhook' });
    await app.getByRole('combobox', { name: 'Form', exact: true }).click();
    await app.getByRole('option', { name: FORM_NAME }).click();
    await create.getByLabel('Url', { exact: true }).fill('https://hooks.example.com/lost');
    await create.getByRole('button', { name: 'Create webhook' }).click();
    const record = app.getByRole('list', { name: 'Webhooks that may exist' }).getByRole('listitem');
    await expect(record).toHaveAttribute('data-state', 'uncertain');
    await expect(record).toContainText('May exist, id unknown');
    await expect(record).toContainText('Submissions may be delivered twice to that address');

    await create.getByRole('button', { name: 'Create webhook' }).click();
    await expect(app.locator('[data-state="uncertain-duplicate"]')).toBeVisible();
    await app.getByRole('button', { name: 'Cancel' }).click();
    const atService = (await (await admin('/webhooks')).json()) as {
      webhooks: { id: number; url: string }[];
    };
    const lost = atService.webhooks.filter((w) => w.url === 'https://hooks.example.com/lost');
    expect(lost).toHaveLength(1);

    await record.getByRole('button', { name: 'Adopt with its id' }).click();
    await record.getByLabel('Webhook id').fill(String(lost[0]!.id));
    await record.getByRole('button', { name: 'Adopt', exact: true }).click();
    await expect(app.locator(`[data-webhook-id="${lost[0]!.id}"]`)).toContainText(FORM_NAME);
    await expect(record).toHaveCount(0);
  });

  test('stopping the receiver offers to delete the webhooks still pointing at it', async ({
    app,
  }) => {
    await openWebhooks(app);
    await app.getByRole('button', { name: 'Start receiver' }).click();
    const toReceiver = app.getByRole('form', { name: 'Send a form to the receiver' });
    await app.getByRole('combobox', { name: 'Form', exact: true }).click();
    await app.getByRole('option', { name: FORM_NAME }).click();
    await toReceiver.getByRole('button', { name: 'Create webhook to receiver' }).click();
    const webhooks = app.getByRole('table', { name: 'Webhooks' }).locator('[data-webhook-id]');
    await expect(webhooks).toHaveCount(1);

    await app.getByRole('button', { name: 'Stop receiver' }).click();
    const orphans = app.locator('[data-state="orphans"]');
    await expect(orphans).toContainText(FORM_NAME);
    await expect(webhooks.first()).toContainText('receiver stopped');
    await orphans.getByRole('button', { name: 'Delete it' }).click();
    await expect(orphans).toHaveCount(0);
    // The page shows the form picked for the receiver, which now has none.
    await expect(app.getByRole('heading', { name: 'No webhooks for this form' })).toBeVisible();
  });

  test('logs a body it cannot read, and ignores requests without its secret', async ({ app }) => {
    await openWebhooks(app);
    await app.getByRole('button', { name: 'Start receiver' }).click();
    const address = await app.getByLabel('Receiver address', { exact: true }).textContent();
    expect(address).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/hooks\//);

    const garbled = await fetch(address!, { method: 'POST', body: 'name=Ada&plan=pro' });
    expect(garbled.status).toBe(400);
    const guessed = await fetch(address!.replace(/[^/]+$/, 'guessed-token'), {
      method: 'POST',
      body: '{}',
    });
    expect(guessed.status).toBe(404);

    const deliveries = app.getByRole('table', { name: 'Deliveries' });
    await expect(deliveries).toHaveAttribute('data-count', '1');
    await expect(deliveries).toContainText('rejected');
    await deliveries.getByRole('button', { name: 'View payload' }).click();
    const viewer = app.getByRole('dialog', { name: 'Delivery payload' });
    await expect(viewer).toContainText('The body is not JSON.');
    await expect(viewer.getByLabel('Payload', { exact: true })).toHaveText('name=Ada&plan=pro');
  });
});

test.describe('webhooks in the demo', () => {
  // One respondent a second once the switch is on, so the wait for one to this form stays short.
  test.use({ demoRespondentsPerMinute: 60 });

  test('a test delivery and a simulated respondent both reach the receiver and the table', async ({
    app,
    host,
  }) => {
    test.skip(host === null, "The demo's respondents are set through the browser-mode host.");
    await openWebhooks(app);
    const demoBaseUrl = await openWorkspaceBaseUrl(host!);
    const simulation = app.getByRole('switch', { name: 'Simulated respondents' });
    await expect(simulation).toBeChecked();
    // Quiet while the test delivery is sent, so the form's newest submission stays the newest.
    await simulation.click();
    await expect(simulation).not.toBeChecked();

    await app.getByRole('button', { name: 'Start receiver' }).click();
    const toReceiver = app.getByRole('form', { name: 'Send a form to the receiver' });
    await app.getByRole('combobox', { name: 'Form', exact: true }).click();
    await app.getByRole('option', { name: FORM_NAME }).click();
    await toReceiver.getByRole('button', { name: 'Create webhook to receiver' }).click();
    const createdId = await app.getByTestId('created-webhook-id').first().textContent();
    const row = app
      .getByRole('table', { name: 'Webhooks' })
      .locator(`[data-webhook-id="${createdId}"]`);

    const newest = await newestFinished(demoBaseUrl);
    await row.getByRole('button', { name: 'Send a test delivery' }).click();
    await expect(app.getByText('Delivered (200 OK)')).toBeVisible();
    const deliveries = app.getByRole('table', { name: 'Deliveries' });
    await expect(deliveries.locator(`[data-submission-id="${newest}"]`)).toContainText('in table');

    await simulation.click();
    await expect(simulation).toBeChecked();
    const simulated = deliveries.locator(
      `tbody tr[data-submission-id]:not([data-submission-id="${newest}"])`,
    );
    await expect(simulated.first()).toContainText('in table');
    const simulatedId = await simulated.first().getAttribute('data-submission-id');
    await simulation.click();
    await expect(simulation).not.toBeChecked();

    await app.evaluate((formId) => {
      window.location.hash = `#/submissions?form=${formId}`;
    }, FORM_ID);
    const table = app.getByRole('grid', { name: 'Submissions' });
    await expect(table.locator(`[data-submission-id="${simulatedId}"]`)).toBeVisible();
    await expect(table.locator(`[data-submission-id="${newest}"]`)).toBeVisible();
  });
});

/** The form's newest finished submission, as the demo service holds it. */
async function newestFinished(demoBaseUrl: string): Promise<string> {
  const response = await fetch(
    `${demoBaseUrl}/forms/${FORM_ID}/submissions?limit=1&sort=desc&status=finished`,
    { headers: { authorization: `Bearer ${DEMO_KEY}` } },
  );
  expect(response.status).toBe(200);
  const { responses } = (await response.json()) as { responses: { submissionId: string }[] };
  return responses[0]!.submissionId;
}
