/// <reference lib="dom" />
import { readdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { type Page } from '@playwright/test';
import { createLogger } from '../electron/core/logging/log';
import { startHost, type Host } from '../electron/host/startHost';
import { type LocalApi } from '../electron/local-api';
import { expect, test } from './fixtures';

// What the person sees when the cache file itself is in trouble: each test runs the app, stops it,
// does to the file what a crash, a disk or a newer Formdesk would, and starts it again.

const projectRoot = resolve(__dirname, '..');

/** Browser mode on `dataDir`; a first run opens the demo unless `autoOpenDemo` is false. */
function startApp(dataDir: string, autoOpenDemo = true): Promise<Host> {
  return startHost({
    dataDir,
    autoOpenDemo,
    rendererDir: join(projectRoot, 'out/renderer'),
    // The built worker entries, as the app runs them.
    builtDir: join(projectRoot, 'out/main'),
    log: createLogger({ write: () => {} }),
  });
}

/** Runs the demo workspace once, synced, then closes the app: its cache file is left on disk. */
async function firstRun(page: Page, dataDir: string): Promise<string> {
  const host = await startApp(dataDir);
  try {
    await page.goto(host.url);
    await expect(page.locator('[aria-label="Forms"][data-state="ready"]')).toBeVisible();
    await expect(page.getByText('Customer feedback').first()).toBeVisible();
  } finally {
    await host.close();
  }
  const workspaces = join(dataDir, 'workspaces');
  return join(workspaces, readdirSync(workspaces)[0] ?? '', 'cache.sqlite');
}

async function connect(page: Page, api: LocalApi, apiKey: string): Promise<void> {
  await page.getByRole('button', { name: 'Connect your account' }).click();
  const form = page.getByRole('form', { name: 'Connect your account' });
  await form.getByText('Self-hosted or other').click();
  await form.getByLabel('Base URL').fill(api.baseUrl);
  await form.getByLabel('API key').fill(apiKey);
  await form.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Forms' })).toBeVisible();
}

const section = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name });

test.describe('a key that is gone', () => {
  test('the cache still browses, and the key entered again is checked and syncs', async ({
    page,
    dataDir,
    remoteApi,
    mode,
  }) => {
    test.skip(mode !== 'browser', 'Restarts the browser-mode host, whose keys last one run.');
    const first = await startApp(dataDir, false);
    try {
      await page.goto(first.url);
      await connect(page, remoteApi, remoteApi.apiKey);
      await section(page, 'Submissions').click();
      await expect(
        page.getByRole('status', { name: 'Sync state' }).locator('[data-state="synced"]'),
      ).toBeVisible();
    } finally {
      await first.close();
    }

    // The next run has no key for it, as when a keyring can no longer decrypt one.
    const second = await startApp(dataDir, false);
    try {
      await page.goto(second.url);
      await expect(page.getByText('Customer feedback').first()).toBeVisible();
      await section(page, 'Settings').click();
      const card = page.getByRole('region', { name: /127\.0\.0\.1/ });
      await expect(card.getByText('Key missing')).toBeVisible();
      await card.getByRole('button', { name: 'Enter the key again' }).click();
      const form = page.getByRole('form', { name: 'Enter the API key again' });

      const key = form.getByRole('textbox', { name: 'API key' });
      await key.fill('sk_test_not_the_right_key');
      await form.getByRole('button', { name: 'Use this key' }).click();
      await expect(form.getByRole('alert', { name: 'The API key was refused' })).toBeVisible();
      await expect(card.getByText('Key missing')).toBeVisible();

      await key.fill(remoteApi.apiKey);
      await form.getByRole('button', { name: 'Use this key' }).click();
      await expect(form).toBeHidden();
      await expect(card.getByText('Key missing')).toHaveCount(0);
      await section(page, 'Submissions').click();
      await expect(
        page.getByRole('status', { name: 'Sync state' }).locator('[data-state="synced"]'),
      ).toBeVisible();
    } finally {
      await second.close();
    }
  });
});

test.describe('a cache file in trouble', () => {
  test.beforeEach(({ mode }) => {
    test.skip(mode !== 'browser', 'Restarts the browser-mode host on the same data dir.');
  });

  test('written by a newer Formdesk: refused with a sentence, and left as it was', async ({
    page,
    dataDir,
  }) => {
    const file = await firstRun(page, dataDir);
    const db = new Database(file);
    db.pragma('user_version = 9999');
    db.close();

    const host = await startApp(dataDir);
    try {
      await page.goto(host.url);
      // Not reopened at start; asked for, it says why and what to do.
      await expect(page.locator('[data-state="welcome"]')).toBeVisible();
      await page.getByRole('button', { name: 'Open the demo workspace' }).click();
      await expect(
        page
          .getByText(/written by a newer version of Formdesk.*Update Formdesk to open it/)
          .first(),
      ).toBeVisible();
    } finally {
      await host.close();
    }
    const after = new Database(file, { readonly: true });
    expect(after.pragma('user_version', { simple: true })).toBe(9999);
    after.close();
  });

  test('damaged: rebuilt from the server, the forms come back, and Activity says so', async ({
    page,
    dataDir,
  }) => {
    const file = await firstRun(page, dataDir);
    writeFileSync(file, Buffer.alloc(64 * 1024, 0x5a));

    const host = await startApp(dataDir);
    try {
      await page.goto(host.url);
      await expect(page.locator('[aria-label="Forms"][data-state="ready"]')).toBeVisible();
      await expect(page.getByText('Customer feedback').first()).toBeVisible();
      // The person is told, in Activity, what happened and where the damaged file went.
      await section(page, 'Activity').click();
      const entry = page
        .getByRole('table', { name: 'Activity' })
        .locator('tbody tr', { hasText: 'Cache rebuilt' });
      await expect(entry).toContainText('The local cache was damaged and has been rebuilt');
    } finally {
      await host.close();
    }
    const rebuilt = new Database(file, { readonly: true });
    expect(rebuilt.pragma('integrity_check', { simple: true })).toBe('ok');
    rebuilt.close();
  });
});
