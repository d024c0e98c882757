/// <reference lib="dom" />
import { type Browser } from '@playwright/test';
import { newBenchContext } from './browserBed';
import { type ServedHost } from './hostServe';

export interface CallSample {
  op: 'trivial' | 'window';
  ms: number;
  /** The host's part of it, from its request to its answer (its `server-timing`). */
  hostMs: number;
  /** When it was sent, from the start of the work the probes watch. */
  at: number;
}

interface ProbeWindow {
  formdeskProbes?: {
    /** Calls answered so far. */
    answered(): number;
    /** From now on the calls are kept, timed from now. */
    begin(): void;
    stop(): Promise<CallSample[]>;
  };
}

/**
 * While `work` runs: every `everyMs`, alternately, `workspaces.list` and a 100-row window at a
 * random depth of the form, each sent on time whether or not the one before has answered. The
 * calls leave a Chromium page of the host's origin (its 404, so nothing but the probes calls),
 * the path a click takes in browser mode: the browser's fetch, connections and JSON parse.
 *
 * The work begins once the page has answered its first `WARM_PROBES`, and only the calls sent
 * from then on are kept (`at` counts from the work's start): a new page's first second is its
 * own start, and the first calls of a host just started are its first reads, so a work begun
 * with them had its first calls wait on those, not on the work (with nothing running at all,
 * that second still held slow calls).
 *
 * Not Node's `fetch`: in 7 of 15 ten-second idle runs, some windows' bodies resolved ~45 ms
 * after their headers, while a loopback capture showed their bytes delivered and read within a
 * millisecond and the caller's event loop was free. Node's `http` client (1,500 probes) and
 * Chromium (2,000) never stalled so: the stall was the instrument's, not the app's.
 */
export async function probeCallsWhile<T>(
  browser: Browser,
  host: ServedHost,
  formId: string,
  everyMs: number,
  work: () => Promise<T>,
): Promise<{ samples: CallSample[]; result: T }> {
  const context = await newBenchContext(browser);
  try {
    const page = await context.newPage();
    await page.goto(`${host.origin}/call-probes`);
    await page.evaluate(startProbes, { token: host.token, formId, everyMs });
    await page.waitForFunction(
      (warm) => (window as ProbeWindow).formdeskProbes!.answered() >= warm,
      WARM_PROBES,
    );
    await page.evaluate(() => (window as ProbeWindow).formdeskProbes!.begin());
    const settled = await work().then(
      (result) => ({ result }),
      (error: unknown) => ({ error }),
    );
    const samples = await page.evaluate(() => (window as ProbeWindow).formdeskProbes!.stop());
    if ('error' in settled) throw settled.error;
    return { samples, result: settled.result };
  } finally {
    await context.close();
  }
}

/** Probes a page answers before the work begins: a second's worth at the probes' pace. */
const WARM_PROBES = 50;

/** Runs in the page: starts the probes, and leaves `stop()` to end them and hand their samples. */
function startProbes({
  token,
  formId,
  everyMs,
}: {
  token: string;
  formId: string;
  everyMs: number;
}): void {
  const samples: CallSample[] = [];
  const inFlight = new Set<Promise<void>>();
  const started = performance.now();
  let answered = 0;
  // Calls sent before the work begins are answered and dropped.
  let begun: number | null = null;
  let total = 100;
  let stopped = false;
  let failure: unknown = null;
  const call = (op: string, input: unknown) =>
    fetch(`/rpc/${op}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(input),
    }).then(async (response) => {
      const answer = (await response.json()) as { ok: boolean; data?: { total?: number } };
      if (!answer.ok) throw new Error(`a probe was refused: ${JSON.stringify(answer)}`);
      const hostMs = Number(/dur=([\d.]+)/.exec(response.headers.get('server-timing') ?? '')?.[1]);
      if (!Number.isFinite(hostMs)) throw new Error('a probe was answered without its host time');
      return { data: answer.data, hostMs };
    });
  const loop = (async () => {
    for (let i = 0; !stopped; i++) {
      const op = i % 2 === 0 ? 'trivial' : 'window';
      const sent = performance.now();
      const reply =
        op === 'trivial'
          ? call('workspaces.list', {})
          : call('submissions.query', {
              formId,
              offset: Math.floor(Math.random() * Math.max(0, total - 100)),
              limit: 100,
            }).then((window) => {
              total = Math.max(100, window.data?.total ?? 100);
              return window;
            });
      const tracked: Promise<void> = reply
        .then(
          ({ hostMs }) => {
            answered++;
            if (begun !== null && sent >= begun)
              samples.push({ op, ms: performance.now() - sent, hostMs, at: sent - begun });
          },
          (error: unknown) => void (failure ??= error),
        )
        .finally(() => inFlight.delete(tracked));
      inFlight.add(tracked);
      const next = started + (i + 1) * everyMs;
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, next - performance.now())));
    }
  })();
  (window as ProbeWindow).formdeskProbes = {
    answered: () => answered,
    begin: () => {
      begun = performance.now();
    },
    stop: async () => {
      stopped = true;
      await loop;
      await Promise.all(inFlight);
      if (failure) throw failure;
      return samples;
    },
  };
}
