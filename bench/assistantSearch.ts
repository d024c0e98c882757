import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { AssistantReads, type SearchInput } from '../electron/core/assistants/assistantReads';
import { cacheStores } from '../electron/core/cache/cacheStores';
import { SubmissionQuery } from '../electron/core/cache/submissionQuery';
import { SubmissionFilter } from '../electron/shared/contract/submissions';
import {
  BENCH_FORM as FORM,
  COMMON_WORDS,
  commonWordChecked,
  inTempDir,
  sizeLabel,
} from './benchApi';
import { median, ms, p95, sample } from './stats';
import { filledSummaryCache } from './summary';
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
export async function runAssistantBench({
  quick,
  log = () => {},
  maxRows = Number.POSITIVE_INFINITY,
  caches,
}: Partial<BenchOptions> & { quick: boolean }): Promise<BenchRow[]> {
  if (quick || maxRows < SIZE) return [];
  const measure = (dir: string) => assistantSearch(dir, SIZE, log);
  if (caches === undefined) return inTempDir('assistant', measure);
  fs.mkdirSync(caches, { recursive: true });
  return measure(caches);
}

/** The rows at `size` (the benchmark's is 1M), the cache kept in `dir` filled first when missing. */
export async function assistantSearch(
  dir: string,
  size: number,
  log: (line: string) => void,
): Promise<BenchRow[]> {
  const file = path.join(dir, `summary-${sizeLabel(size)}.sqlite`);
  (await filledSummaryCache(file, size, log)).close();
  return searchLatency(file, size, sizeLabel(size), log);
}

/** The rows of a filled cache of `size` rows, read as the server reads it. */
export async function searchLatency(
  file: string,
  size: number,
  label: string,
  log: (line: string) => void,
): Promise<BenchRow[]> {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const stores = cacheStores(db);
    // A reader of its own for each search, on the one connection: its order and counts read anew.
    const anew = (input: SearchInput) =>
      new AssistantReads(
        { ...stores, query: new SubmissionQuery(db) },
        { allowed: true, includeContacts: true },
      ).search(input);
    // The reference: the same first page and count from the app's query alone, read anew too.
    const tableAnew = (filter: Record<string, unknown>) =>
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
    const [word] = COMMON_WORDS;
    const plan = { key: 'pr04', op: 'choiceIs', value: 'Pro plan' } as const;
    const groups: { name: string; cases: [SearchInput, Record<string, unknown>][] }[] = [
      {
        name: 'a form, its two statuses, every form',
        cases: [
          [{ formId: FORM.id }, {}],
          [{ formId: FORM.id, status: 'all' }, { status: 'all' }],
          [{}, {}],
        ],
      },
      {
        name: 'a question’s filter (a plan)',
        cases: [[{ formId: FORM.id, answers: [plan] }, { answers: [plan] }]],
      },
      {
        name: `a word in most rows ("${word}")`,
        cases: [[{ formId: FORM.id, query: word }, { search: word }]],
      },
    ];
    commonWordChecked(word!, anew({ formId: FORM.id, query: word }).structured.total, size);
    const rows: BenchRow[] = [];
    for (const group of groups) {
      const pick = (i: number) => group.cases[i % group.cases.length]!;
      const tool = await sample(RUNS, (i) => anew(pick(i)[0]));
      const table = await sample(RUNS, (i) => tableAnew(pick(i)[1]));
      log(
        `search_submissions at ${label}, ${group.name}: median ${ms(median(tool))}, p95 ${ms(p95(tool))}; the table's query: median ${ms(median(table))}`,
      );
      rows.push({
        benchmark: `${label}: search_submissions (assistants’ server), the first 20 rows with the exact count, each read anew: ${group.name}`,
        measured: `median ${ms(median(tool))}, p95 ${ms(p95(tool))}`,
        reference: `the app’s query for the same page and count: median ${ms(median(table))}, p95 ${ms(p95(table))}`,
        ratio: p95(tool) / Math.max(p95(table), 0.001),
        target: `p95 ≤ ${BUDGET_MS} ms`,
        met: p95(tool) <= BUDGET_MS,
      });
    }
    return rows;
  } finally {
    db.close();
  }
}
