import { type Host } from '../electron/host/startHost';
import { BENCH_FORM, sizeLabel, spreadDepth } from './benchApi';
import { median, ms, p95 } from './stats';
import type { BenchRow } from './types';

/** Windows of one scroll through the view, as the query rows of `syncQuery.ts` read them. */
const SCROLL_WINDOWS = 200;
/** Six words, each read anew: 30 searches keep those first reads in the p95. */
const SEARCHES = 30;
const WORDS = ['plan', 'support', 'price', 'great', 'slow', 'team'];

/**
 * The query rows' window and search, asked as a shell asks them: through the router and a
 * reader thread (`CoreThreads.callForJson`), the messages and the envelope's bytes included,
 * on a cache the app filled and a workspace it opened. The rows of `syncQuery.ts` read the same
 * on the cache's own connection, with no thread between.
 */
export async function queriesThroughThreads(
  host: Host,
  count: number,
  log: (line: string) => void,
): Promise<BenchRow[]> {
  const label = sizeLabel(count);
  const ask = async (input: object): Promise<{ ms: number; answer: QueryAnswer }> => {
    const started = performance.now();
    const bytes = await host.core.callForJson('submissions.query', {
      formId: BENCH_FORM.id,
      ...input,
    });
    const took = performance.now() - started;
    // Read after the clock stops: the shells pass the bytes on, they never parse them.
    const envelope = JSON.parse(Buffer.from(bytes).toString('utf8')) as QueryEnvelope;
    if (!envelope.ok) throw new Error(`a query was refused: ${envelope.error.message}`);
    return { ms: took, answer: envelope.data };
  };

  const { answer: first } = await ask({ sort: 'desc', limit: 100 });
  const windows: number[] = [];
  for (let i = 0; i < SCROLL_WINDOWS; i++) {
    const offset = spreadDepth(i, first.total);
    windows.push((await ask({ sort: 'desc', offset, limit: 100 })).ms);
  }
  const rowsFirst: number[] = [];
  const withTotal: number[] = [];
  for (let i = 0; i < SEARCHES; i++) {
    const search = { search: WORDS[i % WORDS.length], limit: 100 };
    const answered = await ask(search);
    rowsFirst.push(answered.ms);
    // As the table does: it asks again for the count a first answer did not hold.
    withTotal.push(answered.answer.counted ? answered.ms : answered.ms + (await ask(search)).ms);
  }
  log(
    `through the threads, ${label}: windows median ${ms(median(windows))}, p95 ${ms(p95(windows))}; searches' rows p95 ${ms(p95(rowsFirst))}`,
  );
  const windowMs = count >= 1_000_000 ? 5 : 2;
  const searchMs = count >= 1_000_000 ? 100 : 50;
  return [
    {
      benchmark: `${label}: window of 100, newest first, ${SCROLL_WINDOWS} windows at depths spread over the view, with total, through the router and a reader thread`,
      measured: `median ${ms(median(windows))}, p95 ${ms(p95(windows))}; slowest ${ms(Math.max(...windows))}`,
      reference: 'no thread between: the “window of 100, newest first” row of the same size',
      target: `p95 ≤ ${windowMs} ms`,
      met: p95(windows) <= windowMs,
    },
    {
      benchmark: `${label}: text search (FTS5 trigram), first window, then its total, through the router and a reader thread`,
      measured: `rows: median ${ms(median(rowsFirst))}, p95 ${ms(p95(rowsFirst))}; with the total: median ${ms(median(withTotal))}, p95 ${ms(p95(withTotal))}`,
      reference: 'no thread between: the “text search” row of the same size',
      target: `rows p95 ≤ ${searchMs} ms (the total follows)`,
      met: p95(rowsFirst) <= searchMs,
    },
  ];
}

interface QueryAnswer {
  total: number;
  counted: boolean;
}

type QueryEnvelope = { ok: true; data: QueryAnswer } | { ok: false; error: { message: string } };
