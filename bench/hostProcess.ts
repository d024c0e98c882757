// A browser-mode host in a process of its own, so its memory is the host's alone: reads a
// BenchHostSetup and a form id as JSON on stdin, opens the workspace, waits for its sync, serves
// one query window from the middle of the form, and prints its memory as JSON on stdout.
import { text } from 'node:stream/consumers';
import { startBenchHost, rpc, syncSettled, type BenchHostSetup } from './benchHost';

export interface HostMemoryReport {
  rss: number;
  heapUsed: number;
  external: number;
  cachedRows: number;
}

async function main(): Promise<void> {
  const { formId, ...setup } = JSON.parse(await text(process.stdin)) as BenchHostSetup & {
    formId: string;
  };
  const host = await startBenchHost(setup);
  try {
    await syncSettled(host, formId, 5 * 60_000);
    const first = (await rpc(host, 'submissions.query', { formId, limit: 200 })) as {
      total: number;
    };
    await rpc(host, 'submissions.query', {
      formId,
      offset: Math.floor(first.total / 2),
      limit: 200,
    });
    const memory = process.memoryUsage();
    const report: HostMemoryReport = {
      rss: memory.rss,
      heapUsed: memory.heapUsed,
      external: memory.external,
      cachedRows: first.total,
    };
    process.stdout.write(JSON.stringify(report));
  } finally {
    await host.close();
  }
}

void main();
