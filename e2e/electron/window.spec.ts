/// <reference lib="dom" />
import { expect, test } from '../fixtures';

// What only the desktop shell can show: the real window's preferences and guards, in Electron.
test.describe('Electron window', () => {
  test('shows the app on its own origin with exactly the preload bridge and no Node', async ({
    app,
  }) => {
    await expect(app.locator('[data-state="welcome"]')).toBeVisible();
    expect(app.url()).toMatch(/^app:\/\/formdesk\//);
    const surface = await app.evaluate(() => ({
      bridge: Object.keys((window as unknown as { formdesk: object }).formdesk).sort(),
      node: ['require', 'process', 'module', 'Buffer'].filter((name) => name in globalThis),
    }));
    expect(surface).toEqual({ bridge: ['invoke', 'onEvent'], node: [] });
  });

  test('serves the page with its security policy header', async ({ app }) => {
    const policy = await app.evaluate(async () =>
      (await fetch('/index.html')).headers.get('content-security-policy'),
    );
    expect(policy).toContain("script-src 'self'");
  });

  test('refuses new windows and navigation away from the app', async ({ electronApp, app }) => {
    await expect(app.locator('[data-state="welcome"]')).toBeVisible();
    expect(await app.evaluate(() => window.open('https://example.com/') === null)).toBe(true);
    await app.evaluate(() => {
      location.href = 'https://example.com/';
    });
    await expect(app.locator('[data-state="welcome"]')).toBeVisible();
    expect(app.url()).toMatch(/^app:\/\/formdesk\//);
    expect(electronApp!.windows()).toHaveLength(1);
  });
});
