import { spawn } from 'node:child_process';
import { text } from 'node:stream/consumers';
import path from 'node:path';
import { BENCH_FORM, sizeLabel } from './benchApi';
import { type BrowserBed } from './browserBed';
import { type HostMemoryReport } from './hostProcess';
import type { BenchOptions, BenchRow } from './types';

const MB = 2 ** 20;

/** The memory of a host process with the bed's cache open and a query window served. */
export async function measureHostMemory(
  bed: BrowserBed,
  log: BenchOptions['log'],
): Promise<BenchRow> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(__dirname, 'hostProcess.ts')],
    {
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  );
  // The key goes over stdin, never the command line another process could read.
  child.stdin.end(JSON.stringify({ ...bed.setup, formId: BENCH_FORM.id }));
  const [output, code] = await Promise.all([
    text(child.stdout),
    new Promise<number | null>((resolve) => child.on('close', resolve)),
  ]);
  if (code !== 0) throw new Error(`the host process exited with ${code}`);
  const report = JSON.parse(output) as HostMemoryReport;
  log(
    `host process: RSS ${(report.rss / MB).toFixed(0)} MB, JS heap ${(report.heapUsed / MB).toFixed(0)} MB, ${report.cachedRows} finished rows`,
  );
  return {
    benchmark: `host process memory, ${sizeLabel(bed.count)} cached, after two query windows (own process, TypeScript loaded through tsx)`,
    measured: `RSS ${(report.rss / MB).toFixed(0)} MB, JS heap ${(report.heapUsed / MB).toFixed(0)} MB, external ${(report.external / MB).toFixed(0)} MB`,
    reference: '—',
    target: 'report it (at 1M)',
    met: undefined,
  };
}
