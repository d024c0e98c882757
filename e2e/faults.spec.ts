/// <reference lib="dom" />
import { readdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { type Page } from '@playwright/test';
import { createLogger } from '../electron/core/log';
import { startHost, type Host } from '../electron/host/startHost';
import { startLocalApi } from '../electron/local-api';
import { expect, test } from './fixtures';

// What the person sees when the cache file itself is in trouble: each test runs the app, stops it,
// does to the file what a crash, a disk or a newer Formdesk would, and starts it again.

const projectRoot = resolve(__dirname, '..');

function startApp(dataDir: string): Promise<Host> {
  return startHost({
    dataDir,
    rendererDir: join(projectRoot, 'out/renderer'),
    log: createLogger({ write: () => {} }),
    startDemo: ({ store }) => startLocalApi({ port: 0, store }),
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
      await page.getByRole('button', { name: 'Demo workspace', exact: true }).click();
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

  test('damaged: rebuilt from the server, and the forms come back', async ({ page, dataDir }) => {
    const file = await firstRun(page, dataDir);
    writeFileSync(file, Buffer.alloc(64 * 1024, 0x5a));

    const host = await startApp(dataDir);
    try {
      await page.goto(host.url);
      await expect(page.locator('[aria-label="Forms"][data-state="ready"]')).toBeVisible();
      await expect(page.getByText('Customer feedback').first()).toBeVisible();
    } finally {
      await host.close();
    }
    const rebuilt = new Database(file, { readonly: true });
    expect(rebuilt.pragma('integrity_check', { simple: true })).toBe('ok');
    rebuilt.close();
  });
});
