import Database from 'better-sqlite3';
import { addCacheFunctions } from '../electron/core/cache/cacheFunctions';
import { AssistantReads, type SearchInput } from '../electron/core/assistants/assistantReads';
import { cacheStores } from '../electron/core/cache/cacheStores';
import { SubmissionQuery } from '../electron/core/cache/submissionQuery';
import { SubmissionFilter } from '../electron/shared/contract/submissions';
import { BENCH_FORM as FORM, COMMON_WORDS, commonWordChecked, sizeLabel } from './benchApi';
import { median, ms, p95, sample } from './stats';
import { onSummaryCache } from './summary';
import type { BenchOptions, BenchRow } from './types';

/** Searches per case: enough that the slowest 5% are more than one outlier. */
const RUNS = 40;
const SIZE = 1_000_000;
const BUDGET_MS = 100;

/**
 * `search_submissions` of the assistants' server over a 1M-row cache: the first page of a view with
 * its exact count, as the server answers it (its read-only connection, the app's own query), each
 * search read anew: nothing remembered from the one before. Full tier only: filling the cache takes
 * many minutes, and it shares the Summary benchmark's kept cache (`--caches`).
 */
export async function runAssistantBench(
  options: Partial<BenchOptions> & { quick: boolean },
): Promise<BenchRow[]> {
  return onSummaryCache('assistant', SIZE, options, (file, log) =>
    searchLatency(file, SIZE, sizeLabel(SIZE), log),
  );
}

/** The rows of a filled cache of `size` rows, read as the server reads it. */
export async function searchLatency(
  file: string,
  size: number,
  label: string,
  log: (line: string) => void,
): Promise<BenchRow[]> {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  addCacheFunctions(db);
  try {
    const stores = cacheStores(db);
    const access = { allowed: true, includeContacts: true };
    // A reader of its own: its orders and counts read anew (the first search of a session).
    const first = (input: SearchInput) =>
      new AssistantReads({ ...stores, query: new SubmissionQuery(db) }, access).search(input);
    // A search later in a session: the server's reader has answered another filter of the form
    // (untimed), so the form's order is known and this filter alone is new.
    const later = (input: SearchInput, before: SearchInput) => {
      const reads = new AssistantReads({ ...stores, query: new SubmissionQuery(db) }, access);
      reads.search(before);
      const started = performance.now();
      reads.search(input);
      return performance.now() - started;
    };
    const table = (filter: Record<string, unknown>) =>
      new SubmissionQuery(db).window(
        SubmissionFilter.parse({
          formId: FORM.id,
          sortBy: 'submissionTime',
          sort: 'desc',
          ...filter,
        }),
        0,
        20,
      );
    const plans = ['Starter plan', 'Pro plan', 'Team plan', 'Enterprise'];
    const planFilter = (i: number) => [
      { key: 'pr04', op: 'choiceIs', value: plans[i % plans.length]! } as const,
    ];
    const word = (i: number) => COMMON_WORDS[i % COMMON_WORDS.length]!;
    const groups: {
      name: string;
      tool: (i: number) => SearchInput;
      view: (i: number) => Record<string, unknown>;
    }[] = [
      {
        name: 'a form, its two statuses, every form',
        tool: (i) => [{ formId: FORM.id }, { formId: FORM.id, status: 'all' as const }, {}][i % 3]!,
        view: (i) => [{}, { status: 'all' }, {}][i % 3]!,
      },
      {
        name: 'a question’s filter (a plan)',
        tool: (i) => ({ formId: FORM.id, answers: planFilter(i) }),
        view: (i) => ({ answers: planFilter(i) }),
      },
      {
        name: 'a word in most rows',
        tool: (i) => ({ formId: FORM.id, query: word(i) }),
        view: (i) => ({ search: word(i) }),
      },
    ];
    commonWordChecked(word(0), first({ formId: FORM.id, query: word(0) }).structured.total, size);
    const rows: BenchRow[] = [];
    for (const group of groups) {
      const cold = await sample(RUNS, (i) => first(group.tool(i)));
      const coldTable = await sample(RUNS, (i) => table(group.view(i)));
      const warm: number[] = [];
      for (let i = 0; i < RUNS; i++) warm.push(later(group.tool(i), group.tool(i + 1)));
      log(
        `search_submissions at ${label}, ${group.name}: first of a session median ${ms(median(cold))}, p95 ${ms(p95(cold))} (the table's query ${ms(median(coldTable))}); later in a session median ${ms(median(warm))}, p95 ${ms(p95(warm))}`,
      );
      const reference = `the app’s query for the same page and count, read anew: median ${ms(median(coldTable))}, p95 ${ms(p95(coldTable))}`;
      rows.push(
        {
          benchmark: `${label}: search_submissions (assistants’ server), the first 20 rows with the exact count, the first search of a session: ${group.name}`,
          measured: `median ${ms(median(cold))}, p95 ${ms(p95(cold))}`,
          reference,
          ratio: p95(cold) / Math.max(p95(coldTable), 0.001),
          target: `p95 ≤ ${BUDGET_MS} ms`,
          met: p95(cold) <= BUDGET_MS,
        },
        {
          benchmark: `${label}: search_submissions (assistants’ server), the first 20 rows with the exact count, a new filter later in a session: ${group.name}`,
          measured: `median ${ms(median(warm))}, p95 ${ms(p95(warm))}`,
          reference,
          ratio: p95(warm) / Math.max(p95(coldTable), 0.001),
          target: `p95 ≤ ${BUDGET_MS} ms`,
          met: p95(warm) <= BUDGET_MS,
        },
      );
    }
    return rows;
  } finally {
    db.close();
  }
}
