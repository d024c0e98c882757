/// <reference lib="dom" />
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { type Page } from '@playwright/test';
import { refusingPort } from '../electron/local-api/testing/refusingPort';
import { expect, test } from './fixtures';

/** Connects the account served by `baseUrl` through the first-run screen's form. */
async function connect(app: Page, baseUrl: string, apiKey: string): Promise<void> {
  await app.getByRole('button', { name: 'Connect your account' }).click();
  await fillConnectForm(app, baseUrl, apiKey);
}

async function fillConnectForm(
  app: Page,
  baseUrl: string,
  apiKey: string,
  name?: string,
): Promise<void> {
  const form = app.getByRole('form', { name: 'Connect your account' });
  await form.getByText('Self-hosted or other').click();
  await form.getByLabel('Base URL').fill(baseUrl);
  await form.getByLabel('API key').fill(apiKey);
  if (name) await form.getByLabel('Workspace name').fill(name);
  await form.getByRole('button', { name: 'Connect', exact: true }).click();
}

test.describe('app shell', () => {
  test('opens the demo workspace and lists its forms', async ({ app }) => {
    await app.getByRole('button', { name: 'Open the demo workspace' }).click();
    await expect(app.locator('[aria-label="Forms"][data-state="ready"]')).toBeVisible();
    await expect(app.getByRole('heading', { name: 'Forms' })).toBeVisible();
    await expect(app.getByText('Customer feedback').first()).toBeVisible();
  });

  test('says the key was refused when it is wrong, and saves nothing', async ({
    app,
    remoteApi,
  }) => {
    await connect(app, remoteApi.baseUrl, 'sk_test_not_the_right_key');
    const form = app.getByRole('form', { name: 'Connect your account' });
    await expect(form.getByText(/refused this API key/)).toBeVisible();
    await expect(app.locator('[data-state="welcome"]')).toBeVisible();
  });

  test('says the host cannot be reached when nothing answers there', async ({ app }) => {
    const port = await refusingPort();
    await connect(app, `http://127.0.0.1:${port}/v1/api`, 'sk_test_any_key_0001');
    const form = app.getByRole('form', { name: 'Connect your account' });
    await expect(form.getByText(`Could not reach 127.0.0.1:${port}`)).toBeVisible();
  });

  test('refuses plain http to a remote host before sending the key', async ({ app }) => {
    await connect(app, 'http://forms.example.com/v1/api', 'sk_test_any_key_0001');
    const form = app.getByRole('form', { name: 'Connect your account' });
    await expect(form.getByText(/must start with https:\/\//)).toBeVisible();
  });

  test('connects an account with the right key and lists its forms', async ({ app, remoteApi }) => {
    await connect(app, remoteApi.baseUrl, remoteApi.apiKey);
    await expect(app.getByRole('heading', { name: 'Forms' })).toBeVisible();
    await expect(app.getByText('Customer feedback').first()).toBeVisible();
  });

  test('says whose cache it brings up to date while the workspace opens', async ({ app, host }) => {
    test.skip(!host, 'the desktop app cannot start on a cache from an earlier Formdesk here');
    // A page whose shell says the core is updating a cache and has not opened it yet, as the
    // desktop app's does (browser mode serves its pages once the workspace is open).
    const page = await app.context().newPage();
    await page.addInitScript(() => {
      let asked = 0;
      (window as unknown as { formdesk: unknown }).formdesk = {
        invoke: (op: string) =>
          op === 'app.startup'
            ? Promise.resolve({
                ok: true,
                // Said from the second question on: the screen keeps asking.
                data: { updating: ++asked > 1 ? { workspaceName: 'Acme feedback' } : null },
              })
            : new Promise(() => {}),
        onEvent: () => () => {},
      };
    });
    await page.goto(host!.url);
    await expect(page.getByRole('alert')).toContainText('Updating the cache of “Acme feedback”');
    await expect(page.getByLabel('Starting Formdesk')).toBeVisible();
    await page.close();
  });

  test('gives the page no Node: no require, process or module', async ({ app }) => {
    await expect(app.locator('#root')).not.toBeEmpty();
    const globals = await app.evaluate(() => {
      const scope = globalThis as Record<string, unknown>;
      return ['require', 'process', 'module', 'Buffer', 'global', '__dirname'].filter(
        (name) => name in scope,
      );
    });
    expect(globals).toEqual([]);
    const bridge = await app.evaluate(() => {
      const exposed = (window as unknown as { formdesk?: object }).formdesk;
      return exposed ? Object.keys(exposed).sort() : null;
    });
    // Electron exposes exactly the bridge's two functions; browser mode exposes nothing.
    expect(bridge === null || JSON.stringify(bridge) === '["invoke","onEvent"]').toBe(true);
  });

  test('never puts the API key in the page or on disk: DOM, storage, responses, files', async ({
    app,
    remoteApi,
    dataDir,
  }) => {
    const bodies: string[] = [];
    // Each response is read while the page is open: all are awaited before the checks, so none is
    // still being read when the test ends and the page closes.
    const reading: Promise<void>[] = [];
    app.on('response', (response) => {
      if (response.request().resourceType() === 'eventsource') return;
      reading.push(
        Promise.all([
          response.text().catch(() => ''),
          // A response after the checks may still be read as the page closes.
          response.allHeaders().catch(() => ({})),
        ]).then(([body, headers]) => void bodies.push(`${JSON.stringify(headers)}\n${body}`)),
      );
    });
    await connect(app, remoteApi.baseUrl, remoteApi.apiKey);
    await expect(app.getByText('Customer feedback').first()).toBeVisible();
    await Promise.all(reading);

    const page = await app.evaluate(() => ({
      html: document.documentElement.outerHTML,
      local: JSON.stringify({ ...localStorage }),
      session: JSON.stringify({ ...sessionStorage }),
      title: document.title,
      url: location.href,
    }));
    expect(bodies.length).toBeGreaterThan(0);
    for (const text of [...Object.values(page), ...bodies])
      expect(text).not.toContain(remoteApi.apiKey);

    // Nor in any file Formdesk wrote: workspace list, caches, keys (encrypted or absent), logs.
    const files = readdirSync(dataDir, { recursive: true, encoding: 'utf8' })
      .map((name) => join(dataDir, name))
      .filter((file) => statSync(file).isFile());
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      expect(readFileSync(file).includes(Buffer.from(remoteApi.apiKey)), file).toBe(false);
    }
  });

  test('switches workspaces, and removes one with its local cache', async ({
    app,
    remoteApi,
    dataDir,
  }) => {
    await app.getByRole('button', { name: 'Open the demo workspace' }).click();
    await expect(app.locator('[aria-label="Forms"][data-state="ready"]')).toBeVisible();

    await app.getByRole('link', { name: 'Settings' }).click();
    await app.getByRole('button', { name: 'Add workspace' }).click();
    await fillConnectForm(app, remoteApi.baseUrl, remoteApi.apiKey, 'Support account');
    await expect(app.getByRole('combobox', { name: 'Workspace' })).toHaveValue('Support account');
    const remoteCard = app.getByRole('region', { name: 'Support account' });
    await expect(remoteCard.getByText('Open', { exact: true })).toBeVisible();
    const cacheDirs = () => readdirSync(join(dataDir, 'workspaces'));
    expect(cacheDirs()).toHaveLength(2);

    await app
      .getByRole('region', { name: 'Demo workspace' })
      .getByRole('button', { name: 'Switch to' })
      .click();
    await expect(app.getByRole('combobox', { name: 'Workspace' })).toHaveValue('Demo workspace');
    // The open workspace's card grows by its assistant settings once they load, moving the cards
    // below it: a menu opened on one of them before that is left where it no longer shows.
    await expect(
      app
        .getByRole('region', { name: 'Demo workspace' })
        .getByRole('figure', { name: 'Assistant configuration' }),
    ).toBeVisible();

    await remoteCard.getByRole('button', { name: 'More actions for Support account' }).click();
    await app.getByRole('menuitem', { name: 'Remove…' }).click();
    await app.getByRole('button', { name: 'Remove workspace' }).click();
    await expect(remoteCard).toHaveCount(0);
    expect(cacheDirs()).toEqual(['demo']);
  });
});
