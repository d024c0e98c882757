import Database from 'better-sqlite3';
import { addCacheFunctions } from '../electron/core/cache/cacheFunctions';
import { SubmissionQuery } from '../electron/core/cache/submissionQuery';
import { SubmissionFilter } from '../electron/shared/contract/submissions';
import { BENCH_FORM as FORM, sizeLabel } from './benchApi';
import { median, ms, p95, sample } from './stats';
import { onSummaryCache } from './summary';
import type { BenchOptions, BenchRow } from './types';

/** Reads per group: enough that the slowest 5% are more than one outlier. */
const RUNS = 40;
const SIZE = 1_000_000;
const BUDGET_MS = 50;
/** The table's window. */
const WINDOW = 100;

/**
 * A view's first read in a 1M-row cache: the table's first window of a sort or a question's filter
 * not read before, on a reader of its own each time (nothing remembered), answered as the table
 * asks for it (first rows, their count after when it takes longer). Full tier only: it shares the
 * Summary benchmark's kept cache (`--caches`).
 */
export async function runFirstReadsBench(
  options: Partial<BenchOptions> & { quick: boolean },
): Promise<BenchRow[]> {
  return onSummaryCache('first-reads', SIZE, options, (file, log) =>
    firstReads(file, sizeLabel(SIZE), log),
  );
}

async function firstReads(
  file: string,
  label: string,
  log: (line: string) => void,
): Promise<BenchRow[]> {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  addCacheFunctions(db);
  try {
    const view = (more: Record<string, unknown>) =>
      SubmissionFilter.parse({ formId: FORM.id, sortBy: 'submissionTime', sort: 'desc', ...more });
    const groups: { name: string; views: SubmissionFilter[] }[] = [
      {
        name: 'a new sort (last updated, a rating, an e-mail address, a name)',
        views: [
          view({ sortBy: 'lastUpdatedAt' }),
          view({ sortBy: { answer: 'st05' } }),
          view({ sortBy: { answer: 'em02' }, sort: 'asc' }),
          view({ sortBy: { answer: 'nm01' }, sort: 'asc' }),
        ],
      },
      {
        name: 'a new question filter (a plan, a rating band, words in a comment, a checkbox, no comment)',
        views: [
          view({ answers: [{ key: 'pr04', op: 'choiceIs', value: 'Pro plan' }] }),
          view({ answers: [{ key: 'st05', op: 'numberRange', min: 4, max: 5 }] }),
          view({ answers: [{ key: 'cm10', op: 'contains', text: 'dark mode' }] }),
          view({ answers: [{ key: 'lk07', op: 'choiceIs', value: 'Support' }] }),
          view({ answers: [{ key: 'cm10', op: 'isEmpty' }], status: 'all' }),
        ],
      },
    ];
    const rows: BenchRow[] = [];
    for (const { name, views } of groups) {
      const early: boolean[] = [];
      const first = await sample(RUNS, (i) => {
        early.push(!new SubmissionQuery(db).rowsFirst(views[i % views.length]!, 0, WINDOW).counted);
      });
      // The same views once read: their order and counts remembered.
      const readers = views.map((filter) => {
        const reader = new SubmissionQuery(db);
        reader.window(filter, 0, WINDOW);
        return reader;
      });
      const again = await sample(RUNS, (i) =>
        readers[i % views.length]!.window(views[i % views.length]!, 0, WINDOW),
      );
      const counted = early.filter(Boolean).length;
      log(
        `${label}, ${name}: first read median ${ms(median(first))}, p95 ${ms(p95(first))} (${counted} of ${RUNS} with the count after); read again median ${ms(median(again))}`,
      );
      rows.push({
        benchmark: `${label}: a view's first read, the table's first ${WINDOW} rows on a reader of its own: ${name}`,
        measured: `median ${ms(median(first))}, p95 ${ms(p95(first))}, slowest ${ms(Math.max(...first))}; ${counted} of ${RUNS} answered before their count`,
        reference: `the same views read again (order and counts remembered): median ${ms(median(again))}, p95 ${ms(p95(again))}`,
        ratio: p95(first) / Math.max(p95(again), 0.001),
        target: `p95 ≤ ${BUDGET_MS} ms`,
        met: p95(first) <= BUDGET_MS,
      });
    }
    return rows;
  } finally {
    db.close();
  }
}
