/// <reference lib="dom" />
import { randomBytes } from 'node:crypto';
import { appendFileSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { type Page } from '@playwright/test';
import { createLogger } from '../electron/core/logging/log';
import { startHost, type Host } from '../electron/host/startHost';
import { startLocalApi, type LocalApi } from '../electron/local-api';
import { expect, tableHoldsAll, test } from './fixtures';

// A sentinel API key, connected through the UI and used by every feature; then the key is looked
// for everywhere it must never be: the page, its storage, every answer of the host and every event,
// the host's log, every file under the data dir, and every message shown.

const projectRoot = resolve(__dirname, '..');
const FEEDBACK = { id: 'cFb7q2LxWm', name: 'Customer feedback' };
const fixture = (name: string) => resolve(projectRoot, 'fixtures/csv', name);

interface Traffic {
  /** The page's calls to the host, in order: each operation and its body. */
  calls: { op: string; body: string }[];
  /** Bodies (and headers) of the host's answers. */
  answers: string[];
  /** Raw text of the host's event stream. */
  events: string;
  /** Every alert, notification and inline error that was visible at some point. */
  shown: Set<string>;
}

/** Every file under `dir` whose bytes hold `secret` in any spelling a program might store it. */
function filesHolding(dir: string, secret: string): string[] {
  const needles = [
    Buffer.from(secret, 'utf8'),
    Buffer.from(secret, 'utf16le'),
    Buffer.from(Buffer.from(secret).toString('base64').slice(0, 24)),
    Buffer.from(Buffer.from(secret).toString('hex')),
  ];
  const found: string[] = [];
  const walk = (at: string) => {
    for (const name of readdirSync(at)) {
      const path = join(at, name);
      if (statSync(path).isDirectory()) walk(path);
      else {
        const bytes = readFileSync(path);
        if (needles.some((needle) => bytes.includes(needle))) found.push(relative(dir, path));
      }
    }
  };
  walk(dir);
  return found;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((name) =>
    statSync(join(dir, name)).isFile(),
  );
}

/** Follows the host's event stream from Node, as the page does, until `stop` aborts. */
async function followEvents(host: Host, traffic: Traffic, stop: AbortSignal): Promise<void> {
  const response = await fetch(`${host.origin}/events?token=${host.token}`, { signal: stop });
  const decoder = new TextDecoder();
  try {
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>)
      traffic.events += decoder.decode(chunk);
  } catch {
    // Aborted at the end of the test.
  }
}

/** Remembers every alert and notification the page shows while the test runs. */
async function watchMessages(app: Page, traffic: Traffic): Promise<void> {
  await app.exposeFunction('__reportShown', (text: string) => traffic.shown.add(text));
  await app.addInitScript(() => {
    const report = (window as unknown as { __reportShown(text: string): void }).__reportShown;
    const scan = () => {
      for (const node of document.querySelectorAll(
        '[role="alert"], .mantine-Notification-root, [data-error]',
      )) {
        const text = node.textContent?.trim();
        if (text) report(text);
      }
    };
    new MutationObserver(scan).observe(document, {
      childList: true,
      subtree: true,
      characterData: true,
    });
  });
}

const section = (app: Page, name: string) =>
  app.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name });
const grid = (app: Page) => app.getByRole('grid', { name: 'Submissions' });
const dataRows = (app: Page) => grid(app).locator('[role="row"][data-submission-id]');

async function connect(app: Page, api: LocalApi, key: string): Promise<void> {
  await app.getByRole('button', { name: 'Connect your account' }).click();
  const form = app.getByRole('form', { name: 'Connect your account' });
  await form.getByText('Self-hosted or other').click();
  await form.getByLabel('Base URL').fill(api.baseUrl);
  await form.getByLabel('API key').fill(key);
  await form.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(app.getByRole('heading', { name: 'Forms' })).toBeVisible();
}

async function browseAndDelete(app: Page, api: LocalApi): Promise<void> {
  await section(app, 'Submissions').click();
  await expect(
    app.getByRole('status', { name: 'Sync state' }).locator('[data-state="synced"]'),
  ).toBeVisible();
  await expect(grid(app)).toHaveAttribute('data-state', 'ready');
  // Its first row is the form's newest once it holds every row.
  await tableHoldsAll(app, api, FEEDBACK.id);

  // Detail, with its edit link fetched fresh from the service (the popup it opens is closed).
  const victim = (await dataRows(app).first().getAttribute('data-submission-id')) ?? '';
  await dataRows(app).first().click();
  const drawer = app.getByRole('dialog', { name: /^Submission/ });
  await expect(drawer.getByRole('region', { name: 'Answers' })).toBeVisible();
  const popup = app.context().waitForEvent('page');
  await drawer.getByRole('button', { name: 'Edit link' }).click();
  await (await popup).close();

  // Delete from the detail.
  await drawer.getByRole('button', { name: 'Delete…' }).click();
  const confirm = app.getByRole('dialog', { name: 'Delete this submission?' });
  await confirm.getByRole('button', { name: 'Delete submission' }).click();
  await expect(confirm).toBeHidden();
  await expect(grid(app).locator(`[data-submission-id="${victim}"]`)).toHaveCount(0);
  expect(api.admin.submissionsOf(FEEDBACK.id).some((s) => s.submissionId === victim)).toBe(false);
}

async function exportBoth(app: Page, into: string): Promise<void> {
  for (const kind of ['CSV', 'JSON']) {
    await app.getByRole('button', { name: 'Export', exact: true }).click();
    const download = app.waitForEvent('download');
    await app.getByRole('menuitem', { name: kind, exact: true }).click();
    const file = await download;
    await file.saveAs(join(into, file.suggestedFilename()));
  }
}

async function importFixture(app: Page): Promise<void> {
  await section(app, 'Import').click();
  await app.getByRole('button', { name: 'New import' }).click();
  await app.getByRole('combobox', { name: 'Form to import into' }).click();
  await app.getByRole('option', { name: FEEDBACK.name }).click();
  const next = (name = 'Next') => app.getByRole('button', { name, exact: true }).click();
  await app.locator('input[type="file"]').setInputFiles(fixture('contacts-utf8-bom-crlf.csv'));
  await expect(app.locator('[data-state="file-read"]')).toContainText('4 rows');
  await next();
  await next();
  await expect(app.getByText('4 ready')).toBeVisible();
  await next('Start import');
  await expect(app.locator('[data-state="import-done"]')).toBeVisible();
}

async function webhookRoundTrip(app: Page, api: LocalApi): Promise<void> {
  await section(app, 'Webhooks').click();
  await app.getByRole('button', { name: 'Start receiver' }).click();
  await expect(app.locator('[data-state="receiver-running"]')).toBeVisible();
  const toReceiver = app.getByRole('form', { name: 'Send a form to the receiver' });
  await app.getByRole('combobox', { name: 'Form', exact: true }).click();
  await app.getByRole('option', { name: FEEDBACK.name }).click();
  await toReceiver.getByRole('button', { name: 'Create webhook to receiver' }).click();
  const row = app.getByRole('table', { name: 'Webhooks' }).locator('[data-webhook-id]');
  await expect(row).toHaveCount(1);

  const { submission } = await api.admin.respond(FEEDBACK.id, {
    answers: { nm01: 'Sentinel Respondent' },
  });
  await expect(
    app
      .getByRole('table', { name: 'Deliveries' })
      .locator(`[data-submission-id="${submission.submissionId}"]`),
  ).toBeVisible();

  await row.getByRole('button', { name: 'Delete' }).click();
  await app
    .getByRole('dialog', { name: 'Delete webhook' })
    .getByRole('button', { name: 'Delete webhook' })
    .click();
  await expect(row).toHaveCount(0);
  await app.getByRole('button', { name: 'Stop receiver' }).click();
}

async function activityExport(app: Page, into: string): Promise<void> {
  await section(app, 'Activity').click();
  await expect(
    app
      .getByRole('table', { name: 'Activity' })
      .locator('tbody tr', { hasText: 'Submission deleted' }),
  ).toHaveCount(1);
  await app.getByRole('button', { name: 'Export', exact: true }).click();
  const download = app.waitForEvent('download');
  await app.getByRole('menuitem', { name: 'JSON' }).click();
  await (await download).saveAs(join(into, 'activity.json'));
}

/** The service goes away; a delete is tried and refused with a sentence. */
async function writeWhileDown(app: Page, api: LocalApi): Promise<string> {
  await section(app, 'Submissions').click();
  await expect(grid(app)).toHaveAttribute('data-state', 'ready');
  await dataRows(app).first().click();
  await app
    .getByRole('dialog', { name: /^Submission/ })
    .getByRole('button', { name: 'Delete…' })
    .click();
  const confirm = app.getByRole('dialog', { name: 'Delete this submission?' });
  // Down only once the delete is asked for: the app holds its delete buttons back while it knows
  // the service is down, and this is the delete that finds out.
  await api.close();
  await confirm.getByRole('button', { name: 'Delete submission' }).click();
  const alert = confirm.getByRole('alert');
  await expect(alert).toContainText('nothing was deleted');
  const message = (await alert.textContent()) ?? '';
  await confirm.getByRole('button', { name: 'Keep it' }).click();
  return message;
}

test.describe('the API key', () => {
  test('never leaves the connect call: not in the page, answers, events, log, files or messages', async ({
    page,
    dataDir,
    mode,
  }) => {
    test.skip(
      mode !== 'browser',
      'Runs against the browser-mode host, whose every answer and event can be read.',
    );
    test.setTimeout(240_000);
    const sentinel = `sk_prod_SENTINEL_${randomBytes(16).toString('hex')}`;
    const api = await startLocalApi({
      port: 0,
      apiKeys: [sentinel],
      rateLimit: 0,
      seed: 7,
      submissionsPerForm: 40,
    });
    mkdirSync(join(dataDir, 'logs'), { recursive: true });
    const logFile = join(dataDir, 'logs', 'host.log');
    const host = await startHost({
      dataDir,
      rendererDir: join(projectRoot, 'out/renderer'),
      // The built worker entries, as the app runs them.
      builtDir: join(projectRoot, 'out/main'),
      autoOpenDemo: false,
      // Everything, debug included, to a file in the data dir: the log must be safe at any level.
      log: createLogger({ level: 'debug', write: (line) => appendFileSync(logFile, `${line}\n`) }),
    });
    const downloads = join(dataDir, 'downloads');
    mkdirSync(downloads);
    const traffic: Traffic = { calls: [], answers: [], events: '', shown: new Set() };
    const stopEvents = new AbortController();
    const events = followEvents(host, traffic, stopEvents.signal);

    try {
      // Nothing leaves the machine: the edit link's popup included.
      await page.context().route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (route) => route.abort());
      page.on('request', (request) => {
        const { pathname } = new URL(request.url());
        if (pathname.startsWith('/rpc/'))
          traffic.calls.push({
            op: pathname.slice('/rpc/'.length),
            body: request.postData() ?? '',
          });
      });
      // Each answer is read while the page is open: all are awaited before the checks, so none is
      // still being read when the test ends and the page closes.
      const reading: Promise<void>[] = [];
      page.on('response', (response) => {
        if (response.request().resourceType() === 'eventsource') return;
        reading.push(
          Promise.all([
            response.text().catch(() => ''),
            // An answer after the checks may still be read as the page closes.
            response.allHeaders().catch(() => ({})),
          ]).then(
            ([body, headers]) => void traffic.answers.push(`${JSON.stringify(headers)}\n${body}`),
          ),
        );
      });
      await watchMessages(page, traffic);
      await page.goto(host.url);

      await connect(page, api, sentinel);
      await browseAndDelete(page, api);
      await exportBoth(page, downloads);
      await importFixture(page);
      await webhookRoundTrip(page, api);
      await activityExport(page, downloads);
      const offline = await writeWhileDown(page, api);
      traffic.shown.add(offline);
      await Promise.all(reading);

      // Every feature ran: the key was used, and the things it produced are on disk.
      expect(api.admin.requests().length).toBeGreaterThan(10);
      const files = filesUnder(dataDir);
      expect(files.some((f) => /cache\.sqlite$/.test(f))).toBe(true);
      expect(files.some((f) => /\.csv$/.test(f))).toBe(true);
      expect(files).toContain('workspaces.json');
      expect(readFileSync(logFile, 'utf8').length).toBeGreaterThan(0);

      // Only the one call that connects the account carries the key.
      const carrying = traffic.calls.filter(({ body }) => body.includes(sentinel));
      expect(carrying.map(({ op }) => op)).toEqual(['workspaces.add']);

      const pageState = await page.evaluate(() => ({
        html: document.documentElement.outerHTML,
        local: JSON.stringify({ ...localStorage }),
        session: JSON.stringify({ ...sessionStorage }),
        url: location.href,
      }));
      for (const text of Object.values(pageState)) expect(text).not.toContain(sentinel);
      expect(traffic.answers.length).toBeGreaterThan(50);
      expect(traffic.answers.filter((answer) => answer.includes(sentinel))).toEqual([]);
      expect(traffic.events).toContain('cache.changed');
      expect(traffic.events).not.toContain(sentinel);
      expect(traffic.shown.size).toBeGreaterThan(0);
      expect([...traffic.shown].filter((text) => text.includes(sentinel))).toEqual([]);
      expect(filesHolding(dataDir, sentinel)).toEqual([]);
    } finally {
      stopEvents.abort();
      await events;
      await host.close();
      await api.close().catch(() => {});
    }
    // Closing checkpoints the WAL into the cache file: still nothing.
    expect(filesHolding(dataDir, sentinel)).toEqual([]);
  });
});
