import AxeBuilder from '@axe-core/playwright';
import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';

const section = (app: Page, name: string) =>
  app.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name });

/**
 * The serious and critical problems axe-core finds on what the page shows now, one line each
 * (rule, what it says, where), so a failure names every one at once.
 */
async function axeProblems(app: Page, screen: string): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page: app }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) =>
      v.nodes.map(
        (node) =>
          `${screen}: ${v.id} (${v.help}) at ${node.target.join(' ')}: ${node.html.slice(0, 120)} (${node.failureSummary?.split('\n').at(-1)?.trim() ?? ''})`,
      ),
    );
}

/**
 * Until what moves now has stopped: a drawer slides in fading, and axe read its text against the
 * page behind showing through (a link at 4.33:1 on #f8f8f8, 4.6:1 on the drawer's white). Endless
 * animations (a spinner) are left to run.
 */
async function settled(app: Page): Promise<void> {
  await app.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => {})),
    ),
  );
}

for (const colorScheme of ['light', 'dark'] as const) {
  test(`every screen passes axe with no serious or critical problem (${colorScheme})`, async ({
    app,
  }) => {
    // Nine full axe passes over large pages: minutes on a busy machine.
    test.setTimeout(600_000);
    await app.emulateMedia({ colorScheme });
    const problems: string[] = [];
    const check = (screen: string) =>
      test.step(`axe: ${screen}`, async () => {
        await settled(app);
        problems.push(...(await axeProblems(app, screen)));
      });

    await expect(app.getByRole('button', { name: 'Open the demo workspace' })).toBeVisible();
    await check('welcome');

    await app.getByRole('button', { name: 'Open the demo workspace' }).click();
    await expect(app.locator('[aria-label="Forms"][data-state="ready"]')).toBeVisible();
    await check('forms');

    await section(app, 'Submissions').click();
    const grid = app.getByRole('grid', { name: 'Submissions' });
    // The demo's first sync fills the table; on a busy machine it takes a while.
    await expect(grid.locator('[role="row"][data-submission-id]').first()).toBeVisible({
      timeout: 90_000,
    });
    await check('submissions');

    await grid.locator('[role="row"][data-submission-id]').first().click();
    const drawer = app.getByRole('dialog', { name: /^Submission/ });
    await expect(drawer.getByRole('region', { name: 'Answers' })).toBeVisible();
    await check('submission drawer');
    // One deletion, so that Activity has an entry and shows its filters.
    await drawer.getByRole('button', { name: 'Delete…' }).click();
    const confirm = app.getByRole('dialog', { name: 'Delete this submission?' });
    await confirm.getByRole('button', { name: 'Delete submission' }).click();
    await expect(confirm).toBeHidden();
    await app.keyboard.press('Escape');
    await expect(drawer).toBeHidden();

    await section(app, 'Activity').click();
    await expect(app.getByRole('table', { name: 'Activity' }).locator('tbody tr')).toHaveCount(1);
    await check('activity');
    await app.getByRole('textbox', { name: 'Search activity' }).fill('no such respondent');
    await expect(app.getByRole('heading', { name: 'No activity matches' })).toBeVisible();
    await check('activity, nothing matching');

    await section(app, 'Webhooks').click();
    await expect(app.getByRole('heading', { name: 'Webhooks', exact: true })).toBeVisible();
    await check('webhooks');

    await section(app, 'Import').click();
    await expect(app.getByRole('heading', { name: /Import/ }).first()).toBeVisible();
    await check('import');

    await section(app, 'Settings').click();
    await expect(app.getByRole('heading', { name: 'Workspaces', exact: true })).toBeVisible();
    await check('settings');

    expect(problems).toEqual([]);
  });
}
