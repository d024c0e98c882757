import path from 'node:path';
import { cacheStores } from '../electron/core/cache/cacheStores';
import { openCache } from '../electron/core/operations/workspaceCache';
import { BENCH_FORM, inTempDir, singleFormApi, sizeLabel } from './benchApi';
import { withChild } from './childScript';
import { type ExportJob, type ExportRun, type ExportWay } from './exportChild';
import { fillCache } from './filledCache';
import { seconds } from './stats';
import type { BenchOptions, BenchRow } from './types';

/** An export's process may peak at this, whatever the form's size: it holds no form whole. */
const BUDGET_MIB = 256;

/**
 * Exports of a whole form as people open them, CSV and .xlsx, each in a process of its own: the
 * time and the process's peak memory, beside the same rows written with SheetJS alone, which
 * holds them all and builds the file in memory.
 */
export async function runExportBench({ quick, log }: BenchOptions): Promise<BenchRow[]> {
  const count = quick ? 500 : 100_000;
  return inTempDir('export', async (dir) => {
    const cacheFile = path.join(dir, 'cache.sqlite');
    const api = await singleFormApi(count, 0);
    try {
      const db = openCache(cacheFile);
      try {
        await fillCache(api, cacheStores(db), count, log);
      } finally {
        db.close();
      }
    } finally {
      await api.close();
    }
    const run = (way: ExportWay) =>
      withChild<ExportRun, ExportRun>(
        'exportChild.ts',
        { cacheFile, dataDir: dir, formId: BENCH_FORM.id, way } satisfies ExportJob,
        async (child) => {
          log(
            `${way}: ${child.value.rows} rows in ${seconds(child.value.ms)}, peak ${child.value.peakMiB.toFixed(0)} MiB, ${(child.value.bytes / 2 ** 20).toFixed(1)} MiB written`,
          );
          return child.value;
        },
      );
    const rows: BenchRow[] = [];
    for (const [format, byHand] of [
      ['csv', 'sheetjs-csv'],
      ['xlsx', 'sheetjs-xlsx'],
    ] as const) {
      const app = await run(format);
      const floor = await run(byHand);
      rows.push({
        benchmark: `export ${app.rows.toLocaleString('en')} rows (a form of ${sizeLabel(count)} submissions) as ${format === 'csv' ? 'CSV' : '.xlsx'}, the table's model, in a process of its own: time, peak memory`,
        measured: `${seconds(app.ms)}, peak ${app.peakMiB.toFixed(0)} MiB`,
        reference: `SheetJS alone, the same rows: ${seconds(floor.ms)}, peak ${floor.peakMiB.toFixed(0)} MiB`,
        ratio: app.ms / floor.ms,
        target: `peak ≤ ${BUDGET_MIB} MiB at any size`,
        met: app.peakMiB <= BUDGET_MIB,
      });
    }
    return rows;
  });
}
