// One export in a process of its own, so its peak memory is its own: reads `{cacheFile, dataDir,
// formId, way}` as JSON on stdin, exports, prints `{ms, peakMiB, bytes, rows}` and waits for
// SIGTERM.
import fs from 'node:fs';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import * as XLSX from '@e965/xlsx';
import { cacheStores } from '../electron/core/cache/cacheStores';
import { openCache } from '../electron/core/operations/workspaceCache';
import { exportSubmissions } from '../electron/core/submissions/exportSubmissions';
import { cellText, SheetPlan, type SheetCell } from '../electron/shared/answers/sheetTable';
import { SheetSettings } from '../electron/shared/contract/sheetSettings';
import { SubmissionFilter } from '../electron/shared/contract/submissions';

export type ExportWay = 'csv' | 'xlsx' | 'sheetjs-csv' | 'sheetjs-xlsx';

export interface ExportJob {
  cacheFile: string;
  dataDir: string;
  formId: string;
  way: ExportWay;
}

export interface ExportRun {
  ms: number;
  peakMiB: number;
  bytes: number;
  rows: number;
}

const settings = SheetSettings.parse({ timeZone: 'Europe/Berlin' });

/** A cell as SheetJS takes it: numbers, dates and text, each row an array. */
function plainValue(cell: SheetCell | null): string | number | Date | null {
  if (cell === null) return null;
  if (cell.kind === 'number') return cell.value;
  if (cell.kind === 'instant') return new Date(cell.ms);
  return cellText(cell, settings);
}

/**
 * The same rows as the app's export, written the way a person would with SheetJS alone: every
 * row read once and held, the table's model for its cells, then one sheet made and written whole.
 */
function bySheetJs(
  stores: ReturnType<typeof cacheStores>,
  job: ExportJob,
): { bytes: number; rows: number } {
  const filter = SubmissionFilter.parse({ formId: job.formId });
  const plan = new SheetPlan(stores.questions.list(job.formId), settings, false);
  const rows = [...stores.query.all(filter)];
  for (const row of rows) plan.observe(row);
  const columns = plan.columns();
  const table: (string | number | Date | null)[][] = [columns.map((c) => c.header)];
  for (const row of rows) table.push(plan.cells(row, columns).map(plainValue));
  const sheet = XLSX.utils.aoa_to_sheet(table, { cellDates: true });
  const book = XLSX.utils.book_new(sheet, 'Export');
  const file = path.join(job.dataDir, `by-hand.${job.way === 'sheetjs-csv' ? 'csv' : 'xlsx'}`);
  XLSX.writeFile(book, file, {
    bookType: job.way === 'sheetjs-csv' ? 'csv' : 'xlsx',
    compression: true,
  });
  return { bytes: fs.statSync(file).size, rows: rows.length };
}

async function main(): Promise<void> {
  const job = JSON.parse(await text(process.stdin)) as ExportJob;
  const db = openCache(job.cacheFile);
  const stores = cacheStores(db);
  const started = performance.now();
  let result: { bytes: number; rows: number };
  if (job.way === 'csv' || job.way === 'xlsx') {
    const input = {
      ...SubmissionFilter.parse({ formId: job.formId }),
      format: job.way,
      bom: false,
      sheet: settings,
    };
    result = await exportSubmissions(stores, job.dataDir, input, () => {});
  } else {
    result = bySheetJs(stores, job);
  }
  const ms = performance.now() - started;
  const run: ExportRun = {
    ms,
    peakMiB: process.resourceUsage().maxRSS / 1024,
    bytes: result.bytes,
    rows: result.rows,
  };
  process.stdout.write(`${JSON.stringify(run)}\n`);
  db.close();
  process.once('SIGTERM', () => process.exit(0));
}

void main();
