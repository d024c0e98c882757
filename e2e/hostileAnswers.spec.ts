/// <reference lib="dom" />
import { type Page } from '@playwright/test';
import { type LocalApi } from '../electron/local-api';
import { connectAccount, expect, test } from './fixtures';

// Answers are typed by the public: each hostile answer below once hid a form, passed for another
// name, file or link, or froze the window. The screen must stay up and read as what it is.

const FEEDBACK_ID = 'cFb7q2LxWm';
const EVENT_ID = 'evR3gN8tYu';
const RLO = '\u202e';
const PDF = '\u202c';
/** A 1×1 PNG, the kind of image a signature pad sends. */
const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const SVG_BADGE = `data:image/svg+xml;base64,${Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="60"><rect width="300" height="60" fill="green"/><text x="10" y="38" fill="white">Payment verified by Stripe</text></svg>',
).toString('base64')}`;
const HUGE_LENGTH = 900_000;

const grid = (app: Page) => app.getByRole('grid', { name: 'Submissions' });
const drawerOf = (app: Page) => app.getByRole('dialog', { name: /^Submission/ });

async function openSubmissions(app: Page, api: LocalApi, form?: string): Promise<void> {
  await connectAccount(app, api);
  await expect(app.getByRole('heading', { name: 'Forms' })).toBeVisible();
  await app
    .getByRole('navigation', { name: 'Sections' })
    .getByRole('link', { name: 'Submissions' })
    .click();
  if (form) {
    await app.getByRole('combobox', { name: 'Form' }).fill(form);
    await app.getByRole('option', { name: form }).click();
  }
  await expect(grid(app)).toHaveAttribute('data-state', 'ready');
}

/** The one row the search `marker` finds (a name, which the row's first column shows). */
async function findRow(app: Page, marker: string) {
  await app.getByRole('textbox', { name: 'Search submissions' }).fill(marker);
  const rows = grid(app).locator('[role="row"][data-submission-id]');
  // The search is applied once the one row left is the one it names.
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(marker);
  return rows.first();
}

/** The main thread's long tasks (over 50 ms) while `action` runs: reported, never asserted. */
async function longTasksWhile(app: Page, action: () => Promise<void>): Promise<number[]> {
  await app.evaluate(() => {
    const w = window as unknown as { __longTasks: number[]; __observer?: PerformanceObserver };
    w.__longTasks = [];
    w.__observer ??= new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.__longTasks.push(entry.duration);
    });
    w.__observer.observe({ type: 'longtask' });
  });
  await action();
  return app.evaluate(() => (window as unknown as { __longTasks: number[] }).__longTasks);
}

async function expectScreenUp(app: Page): Promise<void> {
  await expect(app.getByText('This screen stopped working')).toHaveCount(0);
  await expect(grid(app)).toBeVisible();
}

test.describe('hostile answers', () => {
  test('a star rating of -1 or a billion shows as its raw value, marked, and the table stays up', async ({
    app,
    remoteApi,
  }) => {
    const ratings = [
      { marker: 'Stars below', stars: -1 },
      { marker: 'Stars half below', stars: -0.5 },
      { marker: 'Stars billion', stars: 1e9 },
    ];
    for (const { marker, stars } of ratings)
      await remoteApi.admin.respond(FEEDBACK_ID, { answers: { nm01: marker, st05: stars } });
    await openSubmissions(app, remoteApi);
    for (const { marker, stars } of ratings) {
      const raw = String(stars);
      const row = await findRow(app, marker);
      // Columns are drawn as they scroll into view.
      await grid(app)
        .getByRole('columnheader', { name: 'How satisfied are you overall?' })
        .scrollIntoViewIfNeeded();
      const cell = row.locator('[data-answer="out-of-range"]');
      await expect(cell).toContainText('out of range');
      await expect(cell).toContainText(raw);
      await expectScreenUp(app);
      await row.click();
      const answer = drawerOf(app).locator('[data-question-type="StarRating"]');
      await expect(answer.locator('[data-answer="out-of-range"]')).toContainText(raw);
      await app.keyboard.press('Escape');
      await expect(drawerOf(app)).toBeHidden();
    }
  });

  test('bidi overrides in a name and a file name are shown as marks, not obeyed', async ({
    app,
    remoteApi,
  }, testInfo) => {
    await remoteApi.admin.respond(FEEDBACK_ID, {
      answers: {
        nm01: `Bob ${RLO}nimda${PDF}`,
        sc11: [{ name: `invoice${RLO}fdp.exe`, url: `https://files.example/invoice${RLO}fdp.exe` }],
      },
    });
    await openSubmissions(app, remoteApi);
    const row = await findRow(app, 'nimda');
    await expect(row).toContainText('Bob ⟨U+202E⟩nimda⟨U+202C⟩');
    // No override reaches the page's text, in the grid or its tooltips.
    expect(await row.evaluate((el) => el.outerHTML.includes('\u202e'))).toBe(false);
    await row.click();
    const drawer = drawerOf(app);
    const file = drawer.locator('[data-question-type="FileUpload"]');
    await expect(file).toContainText('invoice⟨U+202E⟩fdp.exe');
    // The link reads as the address it opens, the override percent-encoded in it.
    const link = file.getByRole('link');
    await expect(link).toHaveText(/^https:\/\/files\.example\/invoice%E2%80%AEfdp\.exe/);
    await expect(link).toHaveAttribute('href', 'https://files.example/invoice%E2%80%AEfdp.exe');
    expect(await drawer.evaluate((el) => (el.textContent ?? '').includes('\u202e'))).toBe(false);
    await drawer.screenshot({ path: testInfo.outputPath('bidi-drawer.png') });
    await expectScreenUp(app);
  });

  test("Activity quotes a respondent's words apart from its own sentence", async ({
    app,
    remoteApi,
  }) => {
    // Reversed, this reads "Jane Doe (ceo@acme.example)" where the e-mail given is someone else's.
    const name = `Mallory ${RLO})elpmaxe.emca@oec( eoD enaJ`;
    await remoteApi.admin.respond(FEEDBACK_ID, {
      answers: { nm01: name, em02: 'mallory@evil.example' },
    });
    await openSubmissions(app, remoteApi);
    const row = await findRow(app, 'Mallory');
    const submissionId = (await row.getAttribute('data-submission-id')) ?? '';
    await row.click();
    await drawerOf(app).getByRole('button', { name: 'Delete…' }).click();
    const confirm = app.getByRole('dialog', { name: 'Delete this submission?' });
    await confirm.getByRole('button', { name: 'Delete submission' }).click();
    await expect(confirm).toBeHidden();

    await app
      .getByRole('navigation', { name: 'Sections' })
      .getByRole('link', { name: 'Activity' })
      .click();
    const entry = app
      .getByRole('table', { name: 'Activity' })
      .locator(`tbody tr[data-submission-id="${submissionId}"]`);
    await expect(entry).toContainText(
      'Deleted the submission of “Mallory ⟨U+202E⟩)elpmaxe.emca@oec( eoD enaJ (mallory@evil.example)” from Customer feedback.',
    );
    const words = entry.locator('[data-respondent-words] bdi');
    await expect(words.first()).toHaveText(/^Mallory ⟨U\+202E⟩/);
    expect(await entry.evaluate((el) => el.outerHTML.includes('\u202e'))).toBe(false);
  });

  test('a link reads as where it goes: ASCII host, flagged lookalikes, the typed text beside', async ({
    app,
    remoteApi,
  }, testInfo) => {
    const links = [
      { marker: 'Link cyrillic', typed: 'https://pаypal.com/', host: 'xn--pypal-4ve.com' },
      {
        marker: 'Link backslash',
        typed: 'https://evil.example\\@paypal.com/',
        host: 'evil.example',
      },
      {
        marker: 'Link tab',
        typed: 'https://paypal.com\t.evil.example/',
        host: 'paypal.com.evil.example',
      },
    ];
    for (const { marker, typed } of links)
      await remoteApi.admin.respond(FEEDBACK_ID, { answers: { nm01: marker, wb12: typed } });
    await openSubmissions(app, remoteApi);
    for (const { marker, typed, host } of links) {
      await (await findRow(app, marker)).click();
      const website = drawerOf(app).locator('[data-question-type="URLInput"]');
      const link = website.getByRole('link');
      await expect(link).toHaveCount(1);
      await expect(link.locator('strong')).toHaveText(host);
      expect(new URL((await link.getAttribute('href')) ?? '').host).toBe(host);
      // What the respondent typed is shown beside, never as the link.
      await expect(website).toContainText('typed as');
      await expect(website.locator('bdi').last()).toHaveText(typed);
      await website.screenshot({ path: testInfo.outputPath(`${marker.replace(' ', '-')}.png`) });
      if (marker === 'Link cyrillic') await expect(website).toContainText('international host');
      else await expect(website).not.toContainText('international host');
      await app.keyboard.press('Escape');
      await expect(drawerOf(app)).toBeHidden();
    }
  });

  test('a 900 KB answer without spaces opens in the drawer with a few thousand characters drawn', async ({
    app,
    remoteApi,
  }, testInfo) => {
    await remoteApi.admin.respond(FEEDBACK_ID, {
      answers: { nm01: 'Huge answer', cm10: 'x'.repeat(HUGE_LENGTH) },
    });
    await remoteApi.admin.respond(FEEDBACK_ID, {
      answers: { nm01: 'Ordinary answer', cm10: 'Fine, thanks.' },
    });
    await openSubmissions(app, remoteApi);
    const row = await findRow(app, 'Huge answer');
    // The cell and its tooltip hold a line's worth, not the answer.
    const cellTitles = await row.evaluate((el) =>
      [...el.querySelectorAll('[title]')].map((t) => t.getAttribute('title')?.length ?? 0),
    );
    expect(Math.max(...cellTitles)).toBeLessThanOrEqual(501);
    expect(await row.evaluate((el) => el.textContent?.length ?? 0)).toBeLessThan(2_000);

    // The same drawer with an ordinary answer, for comparison in the report.
    const ordinary = await longTasksWhile(app, async () => {
      await (await findRow(app, 'Ordinary answer')).click();
      await expect(drawerOf(app).locator('[data-question-type="LongAnswer"]')).toContainText(
        'Fine, thanks.',
      );
      await app.keyboard.press('Escape');
      await expect(drawerOf(app)).toBeHidden();
    });

    const answer = drawerOf(app).locator('[data-question-type="LongAnswer"]');
    const text = answer.locator('[data-respondent-text]');
    const opening = await longTasksWhile(app, async () => {
      await (await findRow(app, 'Huge answer')).click();
      await expect(text).toHaveAttribute('data-respondent-text', 'cut');
    });
    await expect(text).toContainText('900,000 characters');
    const drawn = await answer.evaluate((el) => el.textContent?.length ?? 0);
    expect(drawn).toBeLessThan(4_200);
    await expect(answer.getByRole('button', { name: 'Copy the whole answer' })).toBeVisible();
    await answer.getByRole('button', { name: 'Show all' }).scrollIntoViewIfNeeded();
    await drawerOf(app).screenshot({ path: testInfo.outputPath('huge-answer.png') });

    // "Show all" draws it whole, in pieces no line breaker sees at once.
    const whole = await longTasksWhile(app, async () => {
      await answer.getByRole('button', { name: 'Show all' }).click();
      await expect(text).toHaveAttribute('data-respondent-text', 'whole');
    });
    const pieces = await text.evaluate((el) =>
      [...el.querySelectorAll('bdi > span')].map((s) => s.textContent?.length ?? 0),
    );
    expect(pieces.reduce((a, b) => a + b, 0)).toBe(HUGE_LENGTH);
    expect(Math.max(...pieces)).toBeLessThanOrEqual(4_000);
    const ms = (tasks: number[]) => tasks.map(Math.round).join(', ') || 'none';
    test.info().annotations.push({
      type: 'long tasks (ms)',
      description: `drawer with an ordinary answer: ${ms(ordinary)}; with the 900 KB answer (${drawn} characters drawn): ${ms(opening)}; Show all: ${ms(whole)}`,
    });
    await expectScreenUp(app);
  });

  test('a signature is drawn from PNG data in a plain frame; SVG is named, never drawn', async ({
    app,
    remoteApi,
  }, testInfo) => {
    await remoteApi.admin.respond(EVENT_ID, { answers: { fn01: 'Signed png', sg13: PNG } });
    await remoteApi.admin.respond(EVENT_ID, { answers: { fn01: 'Signed svg', sg13: SVG_BADGE } });
    await openSubmissions(app, remoteApi, 'Event registration');

    await (await findRow(app, 'Signed svg')).click();
    const svg = drawerOf(app).locator('[data-question-type="Signature"]');
    await expect(svg).toContainText('Signature sent as image/svg+xml: not drawn');
    await expect(svg.locator('img')).toHaveCount(0);
    await expect(drawerOf(app)).not.toContainText('Payment verified');
    await drawerOf(app).screenshot({ path: testInfo.outputPath('svg-signature-drawer.png') });
    await app.keyboard.press('Escape');
    await expect(drawerOf(app)).toBeHidden();

    await (await findRow(app, 'Signed png')).click();
    const png = drawerOf(app).locator('[data-question-type="Signature"]');
    await expect(png.getByRole('img', { name: 'Signature drawn by the respondent' })).toBeVisible();
    await expectScreenUp(app);
  });
});
