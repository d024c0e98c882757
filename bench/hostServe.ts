// A browser-mode host in a process of its own, as `npm run serve` runs: reads a BenchHostSetup as
// JSON on stdin, prints `{origin, token}` as one JSON line once its workspace is open, and serves
// until SIGTERM. Each SIGUSR2 starts or ends a watch of its thread (`ThreadWatch`).
import fs from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { text } from 'node:stream/consumers';
import { startBenchHost, type BenchHostSetup } from './benchHost';

export interface ServedHost {
  origin: string;
  token: string;
}

/** What the host's own thread, the one that answers clicks, went through over a watch. */
export interface ThreadWatch {
  /**
   * The gaps between the ticks of a timer due every millisecond on its event loop (1 ms when
   * nothing holds it): how long it was held by anything at all, its own work, a thread's message,
   * a collection of garbage, or a wait for a core.
   */
  loop: { p99Ms: number; maxMs: number };
  /** Its time on a core, and waiting in the kernel's run queue for one (Linux; null elsewhere). */
  cpu: { ranMs: number; waitedMs: number } | null;
}

async function main(): Promise<void> {
  const setup = JSON.parse(await text(process.stdin)) as BenchHostSetup;
  const host = await startBenchHost(setup);
  // Listening before the line that says it is ready: a SIGUSR2 with no listener ends the process.
  process.on('SIGUSR2', watchThread());
  const served: ServedHost = { origin: host.origin, token: host.token };
  process.stdout.write(`${JSON.stringify(served)}\n`);
  process.once('SIGTERM', () => void host.close().then(() => process.exit(0)));
}

/** A watch of this thread, started by one call and reported on stdout by the next. */
function watchThread(): () => void {
  const loop = monitorEventLoopDelay({ resolution: 1 });
  let watching = false;
  let since: ReturnType<typeof threadTimes> = null;
  return () => {
    watching = !watching;
    if (watching) {
      since = threadTimes();
      loop.reset();
      loop.enable();
      process.stdout.write(`${JSON.stringify({ watching })}\n`);
      return;
    }
    loop.disable();
    const now = threadTimes();
    const watch: ThreadWatch = {
      loop: { p99Ms: loop.percentile(99) / 1e6, maxMs: loop.max / 1e6 },
      cpu:
        now && since
          ? { ranMs: (now[0] - since[0]) / 1e6, waitedMs: (now[1] - since[1]) / 1e6 }
          : null,
    };
    process.stdout.write(`${JSON.stringify(watch)}\n`);
  };
}

/**
 * The main thread's nanoseconds on a core and waiting for one, from the kernel's scheduler
 * statistics (its task id is the process id), or null where there are none.
 */
function threadTimes(): [number, number] | null {
  try {
    const [ran, waited] = fs
      .readFileSync(`/proc/self/task/${process.pid}/schedstat`, 'utf8')
      .split(' ')
      .map(Number);
    return ran === undefined || waited === undefined ? null : [ran, waited];
  } catch {
    return null;
  }
}

void main();
