import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext } from '@playwright/test';
import { type Host } from '../electron/host/startHost';
import { type LocalApi } from '../electron/local-api';
import { chromiumLaunchOptions } from '../e2e/fixtures/chromium';
import { BENCH_FORM, singleFormApi, sizeLabel } from './benchApi';
import { RENDERER_DIR, startBenchHost, syncSettled, type BenchHostSetup } from './benchHost';

/** The cap on waiting for the app's first sync to fill the cache. */
const FILL_TIMEOUT_MS = 45 * 60_000;

/**
 * Browser mode over a local API holding `count` submissions of one form: a data dir whose
 * workspace cache the app filled through its own first sync (rate limit off on both sides), and
 * hosts started on it as `npm run serve` would.
 */
export interface BrowserBed {
  api: LocalApi;
  count: number;
  /** The data dir and service of the bed's hosts, for a host in another process. */
  setup: BenchHostSetup;
  /** How long the app's own first sync took to fill the cache. */
  fillSeconds: number;
  /** A host on the bed's data dir, reopening its workspace (and its filled cache). */
  startHost(): Promise<Host>;
  close(): Promise<void>;
}

export async function openBrowserBed(
  count: number,
  log: (line: string) => void,
): Promise<BrowserBed> {
  if (!fs.existsSync(path.join(RENDERER_DIR, 'index.html'))) {
    throw new Error('out/renderer is missing: run `npx electron-vite build` first');
  }
  const api = await singleFormApi(count, 0);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'formdesk-bench-browser-'));
  const setup: BenchHostSetup = {
    dataDir,
    baseUrl: api.baseUrl,
    apiKey: api.apiKey,
    unthrottled: true,
  };
  const start = () => startBenchHost(setup);
  const close = async () => {
    await api.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    log(
      `filling a browser-mode cache with ${sizeLabel(count)} submissions through the app's own first sync`,
    );
    const host = await start();
    const started = performance.now();
    try {
      await syncSettled(host, BENCH_FORM.id, FILL_TIMEOUT_MS);
    } finally {
      await host.close();
    }
    const fillSeconds = (performance.now() - started) / 1000;
    log(`cache filled in ${fillSeconds.toFixed(1)} s`);
    return { api, count, setup, fillSeconds, startHost: start, close };
  } catch (error) {
    await close();
    throw error;
  }
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch(chromiumLaunchOptions());
}

/**
 * A fresh browser profile for the app. tsx compiles this code with esbuild's keepNames, which
 * wraps named functions in a `__name` helper; functions sent to the page carry those calls, so
 * the page gets a `__name` that does nothing.
 */
export async function newBenchContext(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await context.addInitScript('globalThis.__name = (target) => target;');
  return context;
}
