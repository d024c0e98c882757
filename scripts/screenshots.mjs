// Takes the README's screenshots from the real app: browser mode on a fresh demo workspace,
// Debian Chromium (or Playwright's own) through Playwright. `node scripts/screenshots.mjs`.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { ensureBuilt } from './ensureBuilt.mjs';

const root = path.resolve(import.meta.dirname, '..');
const outDir = path.join(root, 'resources/screenshots');
const dataDir = mkdtempSync(path.join(tmpdir(), 'formdesk-screenshots-'));

ensureBuilt();
const host = spawn(process.execPath, [path.join(root, 'out/main/host.js'), '--data-dir', dataDir], {
  stdio: ['ignore', 'pipe', 'inherit'],
});
try {
  const url = await new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error('browser mode did not print its address in 60 s')),
      60_000,
    );
    let printed = '';
    host.stdout.on('data', (chunk) => {
      printed += chunk;
      const found = /http:\/\/127\.0\.0\.1:\d+\/\?token=[\w-]+/.exec(printed);
      if (found) {
        clearTimeout(timer);
        resolve(found[0]);
      }
    });
    host.once('exit', (code) => reject(new Error(`browser mode exited (${code})`)));
  });
  const browser = await chromium.launch({
    ...(existsSync('/usr/bin/chromium') ? { executablePath: '/usr/bin/chromium' } : {}),
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    mkdirSync(outDir, { recursive: true });
    for (const colorScheme of ['light', 'dark']) {
      const page = await browser.newPage({ viewport: { width: 1360, height: 860 }, colorScheme });
      await page.goto(url);
      await page.locator('[aria-label="Forms"][data-state="ready"]').waitFor({ timeout: 60_000 });
      // Every form synced: the cards show counts, not progress bars.
      await page
        .locator('[data-state="syncing"]')
        .first()
        .waitFor({ state: 'detached', timeout: 60_000 })
        .catch(() => {});
      // The charts come in their own chunk: wait for them, not for a blank box.
      await page
        .getByRole('img', { name: /^Submissions per day/ })
        .nth(2)
        .waitFor({ timeout: 60_000 });
      await page.screenshot({ path: path.join(outDir, `forms-${colorScheme}.png`) });
      await page.getByRole('button', { name: 'Open Customer feedback' }).click();
      await page
        .getByRole('grid', { name: 'Submissions' })
        .getByRole('row')
        .nth(5)
        .waitFor({ timeout: 60_000 });
      await page.screenshot({ path: path.join(outDir, `submissions-${colorScheme}.png`) });
      await page.getByRole('tab', { name: 'Summary' }).click();
      // The summary of every finished submission, its charts drawn.
      await page
        .getByTestId('summary-total')
        .filter({ hasText: /^Summary of [\d,]+ submissions$/ })
        .waitFor({ timeout: 60_000 });
      const plan = page.locator('[data-summary-question="pr04"]');
      await plan.locator('[data-summary-bar]').first().waitFor({ timeout: 60_000 });
      // Past the free-text questions, to the charts: the plan chosen, ratings, the NPS.
      await plan.scrollIntoViewIfNeeded();
      await plan.evaluate((card) => card.scrollIntoView({ block: 'start' }));
      await page.screenshot({ path: path.join(outDir, `summary-${colorScheme}.png`) });
      await page.close();
    }
    await makeActivity(browser, url);
    for (const colorScheme of ['light', 'dark']) {
      const page = await browser.newPage({ viewport: { width: 1360, height: 860 }, colorScheme });
      // Filtered to the deletions, so the screenshot shows the filters at work.
      await page.goto(`${url}#/activity?kind=submission.deleted`);
      await page
        .getByRole('status')
        .filter({ hasText: /^2 of 3 entries$/ })
        .waitFor({ timeout: 60_000 });
      await page.screenshot({ path: path.join(outDir, `activity-${colorScheme}.png`) });
      await page.close();
    }
    for (const colorScheme of ['light', 'dark'])
      await makePeopleAndSelection(browser, url, colorScheme);
  } finally {
    await browser.close();
  }
  console.log(`screenshots written to ${path.relative(root, outDir)}/`);
} finally {
  host.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}

/** Something for Activity to show: a submission deleted from each of two forms, and a webhook. */
async function makeActivity(browser, url) {
  const page = await browser.newPage({ viewport: { width: 1360, height: 860 } });
  const grid = page.getByRole('grid', { name: 'Submissions' });
  for (const form of ['cFb7q2LxWm', 'evR3gN8tYu']) {
    await page.goto(`${url}#/submissions?form=${form}`);
    await grid.locator('[role="row"][data-submission-id]').first().waitFor({ timeout: 60_000 });
    await grid.focus();
    await page.keyboard.press('Delete');
    const confirm = page.getByRole('dialog', { name: 'Delete this submission?' });
    await confirm.getByRole('button', { name: 'Delete submission' }).click();
    await confirm.waitFor({ state: 'hidden' });
  }
  await page.goto(`${url}#/webhooks`);
  const create = page.getByRole('form', { name: 'Create webhook' });
  await page.getByRole('combobox', { name: 'Form', exact: true }).click();
  await page.getByRole('option', { name: 'Customer feedback' }).click();
  await create.getByLabel('Url', { exact: true }).fill('https://hooks.example.com/formdesk');
  await create.getByRole('button', { name: 'Create webhook' }).click();
  await page.locator('[data-state="created"]').waitFor();
  await page.close();
}

/** A demo respondent on the People screen, their erasure asked; then rows selected in the table. */
async function makePeopleAndSelection(browser, url, colorScheme) {
  const page = await browser.newPage({ viewport: { width: 1360, height: 860 }, colorScheme });
  await page.goto(`${url}#/people`);
  const search = page.getByRole('textbox', { name: 'Find a person' });
  const found = page.locator('[data-state="found"] bdi');
  await search.fill('Okafor');
  await found.first().waitFor({ timeout: 60_000 });
  // The respondent with the most submissions of that family name.
  const counts = new Map();
  for (const name of await found.allTextContents())
    if (/^\S+ Okafor$/.test(name)) counts.set(name, (counts.get(name) ?? 0) + 1);
  const person = [...counts.entries()].sort((a, b) => b[1] - a[1])[0][0];
  const tally = page.getByText(/ submissions? on \d+ forms?$/);
  const before = (await tally.textContent()) ?? '';
  await search.fill(person);
  await tally.filter({ hasNotText: before }).waitFor();
  await page.getByRole('button', { name: 'Erase…' }).click();
  await page.getByRole('dialog', { name: /^Erase \d+ submissions?\?$/ }).waitFor();
  await page.screenshot({ path: path.join(outDir, `people-erase-${colorScheme}.png`) });
  await page.keyboard.press('Escape');

  await page.goto(`${url}#/submissions?form=cFb7q2LxWm`);
  const rows = page
    .getByRole('grid', { name: 'Submissions' })
    .locator('[role="row"][data-submission-id]');
  await rows.nth(5).waitFor({ timeout: 60_000 });
  const box = async (i) =>
    page.getByRole('checkbox', {
      name: `Select submission ${await rows.nth(i).getAttribute('data-submission-id')}`,
    });
  await (await box(1)).click();
  await (await box(4)).click({ modifiers: ['Shift'] });
  await page.getByRole('region', { name: 'Selection' }).getByText('4 selected').waitFor();
  await page.screenshot({ path: path.join(outDir, `bulk-select-${colorScheme}.png`) });
  await page.close();
}
