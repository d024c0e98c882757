import { defineConfig } from '@playwright/test';
import { type AppFixtureOptions } from './e2e/fixtures';
import { chromiumLaunchOptions } from './e2e/fixtures/chromium';

const chromium = {
  browserName: 'chromium' as const,
  launchOptions: chromiumLaunchOptions(),
};

/**
 * End-to-end tests of the real renderer. `browser`: Chromium against browser mode (the host,
 * in-process per test). `electron`: the same specs in the Electron app, wherever its binary
 * exists (elsewhere each test reports itself skipped with the reason).
 */
export default defineConfig<AppFixtureOptions>({
  testDir: 'e2e',
  outputDir: 'test-results/playwright-artifacts',
  reporter: [
    ['list'],
    ['json', { outputFile: 'test-results/playwright.json' }],
    ['./e2e/fixtures/hostLogReporter.ts'],
  ],
  workers: 2,
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  // A spec that fails once is a failure: flakiness is a bug to find, not to retry away.
  retries: 0,
  // Each test starts the app (a host and its worker threads) once or more, two tests at a time on
  // two cores, and must pass however busy the machine is.
  timeout: 120_000,
  expect: { timeout: 15_000 },
  globalSetup: './e2e/fixtures/globalSetup.ts',
  use: {
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'browser', testIgnore: 'electron/**', use: { mode: 'browser', ...chromium } },
    // Chromium is configured here too: Playwright's page fixture exists in every project.
    { name: 'electron', use: { mode: 'electron', ...chromium } },
  ],
});
