// A browser-mode host in a process of its own, as `npm run serve` runs: reads a BenchHostSetup as
// JSON on stdin, prints `{origin, token}` as one JSON line once its workspace is open, and serves
// until SIGTERM.
import { text } from 'node:stream/consumers';
import { startBenchHost, type BenchHostSetup } from './benchHost';

export interface ServedHost {
  origin: string;
  token: string;
}

async function main(): Promise<void> {
  const setup = JSON.parse(await text(process.stdin)) as BenchHostSetup;
  const host = await startBenchHost(setup);
  const served: ServedHost = { origin: host.origin, token: host.token };
  process.stdout.write(`${JSON.stringify(served)}\n`);
  process.once('SIGTERM', () => void host.close().then(() => process.exit(0)));
}

void main();
