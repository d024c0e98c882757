/// <reference lib="dom" />
import AxeBuilder from '@axe-core/playwright';
import { type Page } from '@playwright/test';
import { callHost } from '../electron/host/testing/callHost';
import { startLocalApi, type LocalApi } from '../electron/local-api';
import { expect, test } from './fixtures';

const DEMO = 'Demo workspace';

const switcher = (app: Page) => app.getByRole('combobox', { name: 'Workspace' });
const workspaceCard = (app: Page, name: string) => app.getByRole('region', { name });

async function openSettings(app: Page): Promise<void> {
  await app
    .getByRole('navigation', { name: 'Sections' })
    .getByRole('link', { name: 'Settings' })
    .click();
  await expect(app.getByRole('heading', { name: 'Workspaces' })).toBeVisible();
}

/** From Settings, connects the fixture's local API as a second workspace named `name`. */
async function addWorkspace(app: Page, api: LocalApi, name: string): Promise<void> {
  await app.getByRole('button', { name: 'Add workspace' }).click();
  const form = app.getByRole('form', { name: 'Connect your account' });
  await form.getByText('Self-hosted or other').click();
  await form.getByLabel('Base URL').fill(api.baseUrl);
  await form.getByLabel('API key').fill(api.apiKey);
  await form.getByLabel('Workspace name').fill(name);
  await form.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(form).toBeHidden();
}

async function workspaceAction(
  app: Page,
  name: string,
  action: 'Rename' | 'Remove…',
): Promise<void> {
  await app.getByRole('button', { name: `More actions for ${name}` }).click();
  await app.getByRole('menuitem', { name: action }).click();
}

test.describe('workspaces', () => {
  test.beforeEach(async ({ app }) => {
    await app.getByRole('button', { name: 'Open the demo workspace' }).click();
    await expect(switcher(app)).toHaveValue(DEMO);
    await openSettings(app);
  });

  test('adds an account beside the demo and switches between them from the header', async ({
    app,
    remoteApi,
  }) => {
    await addWorkspace(app, remoteApi, 'Acme');
    await expect(switcher(app)).toHaveValue('Acme');
    await expect(workspaceCard(app, 'Acme').getByText('Open', { exact: true })).toBeVisible();

    await switcher(app).click();
    await app.getByRole('option', { name: DEMO }).click();
    await expect(switcher(app)).toHaveValue(DEMO);
    await expect(workspaceCard(app, DEMO).getByText('Open', { exact: true })).toBeVisible();
    await expect(
      workspaceCard(app, 'Acme').getByRole('button', { name: 'Switch to' }),
    ).toBeVisible();
  });

  test('a key the service stops accepting gets one banner, and a new key is entered in place', async ({
    app,
    host,
  }) => {
    test.skip(host === null, 'The sync is asked of the browser-mode host directly.');
    const replacement = 'sk_test_acme2222222222222222222222';
    const api = await startLocalApi({
      port: 0,
      seed: 7,
      rateLimit: 0,
      apiKeys: ['sk_test_acme1111111111111111111111', replacement],
    });
    try {
      await addWorkspace(app, api, 'Acme');
      await expect(switcher(app)).toHaveValue('Acme');
      api.revokeKey(api.apiKey);
      // A sync asks the service, which now refuses the key (the page's button may already be off).
      await callHost(host!, 'sync.start');
      await app
        .getByRole('navigation', { name: 'Sections' })
        .getByRole('link', { name: 'Forms' })
        .click();
      const banner = app.locator('[data-state="unauthorized"][role="alert"]');
      await expect(banner).toContainText('The service refused this workspace’s API key');
      // One banner for the cause, and no sentence twice on the screen.
      await expect(app.getByRole('main').getByRole('alert')).toHaveCount(1);
      await expect(app.getByText(/remove the workspace/i)).toHaveCount(0);

      await banner.getByRole('button', { name: 'Enter a new key' }).click();
      const form = app.getByRole('form', { name: 'Enter a new API key' });
      await form.getByRole('textbox', { name: 'API key' }).fill(replacement);
      await form.getByRole('button', { name: 'Use this key' }).click();
      await expect(form).toBeHidden();
      await expect(banner).toHaveCount(0);
      await expect(app.getByText('Customer feedback').first()).toBeVisible();
    } finally {
      await api.close();
    }
  });

  test('names the rule a key breaks before sending it to the service', async ({
    app,
    remoteApi,
  }) => {
    await app.getByRole('button', { name: 'Add workspace' }).click();
    const form = app.getByRole('form', { name: 'Connect your account' });
    await form.getByText('Self-hosted or other').click();
    await form.getByLabel('Base URL').fill(remoteApi.baseUrl);
    await form.getByLabel('API key').fill('sec-key-SENTINEL-9f3a');
    remoteApi.admin.clearRequests();
    await form.getByRole('button', { name: 'Connect', exact: true }).click();
    await expect(form.getByText(/An API key has an underscore, like sk_prod_/)).toBeVisible();
    expect(remoteApi.admin.requests()).toEqual([]);
  });

  test('renames a workspace everywhere it is shown', async ({ app }) => {
    await workspaceAction(app, DEMO, 'Rename');
    const dialog = app.getByRole('dialog', { name: 'Rename workspace' });
    await dialog.getByLabel('Name').fill('Sandbox');
    await dialog.getByRole('button', { name: 'Save' }).click();

    await expect(workspaceCard(app, 'Sandbox')).toBeVisible();
    await expect(switcher(app)).toHaveValue('Sandbox');
  });

  test('removes a workspace only after confirmation, then opens the one that remains', async ({
    app,
    remoteApi,
  }) => {
    await addWorkspace(app, remoteApi, 'Acme');

    await workspaceAction(app, 'Acme', 'Remove…');
    await app.getByRole('button', { name: 'Keep it' }).click();
    await expect(workspaceCard(app, 'Acme')).toBeVisible();

    await workspaceAction(app, 'Acme', 'Remove…');
    await app.getByRole('button', { name: 'Remove workspace' }).click();
    await expect(workspaceCard(app, 'Acme')).toBeHidden();
    await expect(switcher(app)).toHaveValue(DEMO);
    await expect(workspaceCard(app, DEMO).getByText('Open', { exact: true })).toBeVisible();
  });
  test('lets assistants read the demo from the start, and another workspace once allowed', async ({
    app,
    remoteApi,
  }) => {
    const demo = workspaceCard(app, DEMO);
    await expect(
      demo.getByRole('switch', { name: 'Let AI assistants read this workspace' }),
    ).toBeChecked();
    await expect(demo.getByRole('switch', { name: 'Include contact answers' })).toBeChecked();
    await expect(demo.getByLabel('Assistant configuration', { exact: true })).toContainText(
      'mcpServers',
    );
    await expect(demo.getByLabel('Assistant server command', { exact: true })).toContainText(
      `--workspace '${DEMO}'`,
    );

    await addWorkspace(app, remoteApi, 'Acme');
    const acme = workspaceCard(app, 'Acme');
    const allow = acme.getByRole('switch', { name: 'Let AI assistants read this workspace' });
    await expect(allow).not.toBeChecked();
    await expect(acme.getByLabel('Assistant configuration', { exact: true })).toBeHidden();
    await allow.click();
    await expect(allow).toBeChecked();
    await expect(acme.getByRole('switch', { name: 'Include contact answers' })).not.toBeChecked();
    await expect(acme.getByLabel('Assistant server command', { exact: true })).toContainText(
      '--workspace Acme',
    );
    // The controls and the configuration they show, to assistive technology as to the eye.
    const { violations } = await new AxeBuilder({ page: app }).include('main').analyze();
    expect(
      violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id),
    ).toEqual([]);
  });
});
