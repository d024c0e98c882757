import { randomUUID } from 'node:crypto';
import { type z } from 'zod';
import {
  cellText,
  exportDay,
  SheetPlan,
  type SheetCell,
  type SheetColumn,
} from '../../shared/answers/sheetTable';
import { type SheetSettings } from '../../shared/contract/sheetSettings';
import { type submissionOps, type SubmissionListRow } from '../../shared/contract/submissions';
import { csvLine } from '../../shared/csv/writeCsv';
import { type CacheStores } from '../cache/cacheStores';
import { xlsxChunks } from '../sheets/xlsxChunks';
import { writeExport, type WrittenExport } from './exportFile';

export type ExportInput = z.output<(typeof submissionOps)['submissions.export']['input']>;

/** Report progress every this many rows. */
const PROGRESS_EVERY = 5_000;

export interface ExportProgress {
  exportId: string;
  rows: number;
  total: number;
  done: boolean;
}

/**
 * Every cached submission that matches the query, in its order, streamed to a file. JSON keeps
 * each submission whole. CSV and .xlsx are the table as the person set it up (`sheetTable.ts`):
 * the rows are read twice, once to learn the columns (a matrix's rows, the empty ones, widths)
 * and once to write them, so a form of any size is never held whole.
 */
export async function exportSubmissions(
  stores: CacheStores,
  dataDir: string,
  input: ExportInput,
  onProgress: (progress: ExportProgress) => void,
  now = Date.now(),
): Promise<WrittenExport & { rows: number }> {
  const { format, bom, sheet, ...filter } = input;
  const exportId = randomUUID();
  const total = stores.query.window(filter, 0, 1).total;
  const formName = stores.forms.name(filter.formId) ?? filter.formId;
  // Progress counts the rows of both reads, each as half a row.
  const reads = format === 'json' ? 1 : 2;
  let read = 0;
  let written = 0;
  const counted = function* <T>(source: Iterable<T>): Generator<T> {
    for (const item of source) {
      yield item;
      if (++read % PROGRESS_EVERY === 0)
        onProgress({ exportId, rows: Math.floor(read / reads), total, done: false });
    }
  };
  const rows = () => counted(stores.query.all(filter));
  let chunks: Iterable<string | Uint8Array>;
  if (format === 'json') {
    chunks = jsonChunks(rows(), () => written++);
  } else {
    const plan = new SheetPlan(stores.questions.list(filter.formId), sheet, filter.includePreview);
    for (const row of rows()) plan.observe(row);
    const columns = plan.columns();
    const cells = function* (): Generator<(SheetCell | null)[]> {
      for (const row of rows()) {
        written += 1;
        yield plan.cells(row, columns);
      }
    };
    chunks =
      format === 'csv'
        ? withBom(csvChunks(columns, cells(), sheet), bom)
        : xlsxChunks({
            name: formName,
            columns: columns.map((c) => ({ header: c.header, width: plan.width(c) })),
            rows: cells(),
            settings: sheet,
          });
  }
  const file = await writeExport(dataDir, formName, format, chunks, {
    exportId,
    day: exportDay(now, sheet),
  });
  onProgress({ exportId, rows: written, total, done: true });
  return { ...file, rows: written };
}

function* withBom(chunks: Iterable<string>, bom: boolean): Generator<string> {
  if (bom) yield '\uFEFF';
  yield* chunks;
}

function* jsonChunks(rows: Iterable<SubmissionListRow>, count: () => void): Generator<string> {
  yield '[';
  let first = true;
  for (const row of rows) {
    count();
    yield `${first ? '\n' : ',\n'}${JSON.stringify({ ...row.submission, status: row.status, preview: row.isPreview })}`;
    first = false;
  }
  yield '\n]\n';
}

const SPREADSHEET_SAFE = { neutraliseFormulas: true };

/** The table as CSV: each cell as text, every part a spreadsheet could run neutralised. */
export function* csvChunks(
  columns: readonly Pick<SheetColumn, 'header'>[],
  rows: Iterable<readonly (SheetCell | null)[]>,
  settings: SheetSettings,
): Generator<string> {
  yield csvLine(
    columns.map((c) => c.header),
    SPREADSHEET_SAFE,
  );
  for (const cells of rows)
    yield csvLine(
      cells.map((cell) => cellText(cell, settings)),
      SPREADSHEET_SAFE,
    );
}
