import Database from 'better-sqlite3';
import { addCacheFunctions } from '../electron/core/cache/cacheFunctions';
import { cacheStores } from '../electron/core/cache/cacheStores';
import { windowJson } from '../electron/core/cache/windowJson';
import { contract } from '../electron/shared/contract';
import { type Host } from '../electron/host/startHost';
import {
  BENCH_FORM,
  COMMON_WORDS,
  commonWordChecked,
  queryBudgetsMs,
  SCROLL_WINDOWS,
  sizeLabel,
  spreadDepth,
} from './benchApi';
import { workspaceCacheFiles } from './benchHost';
import { median, ms, p95 } from './stats';
import type { BenchRow } from './types';

/** Six words, each read anew: 30 searches keep those first reads in the p95. */
const SEARCHES = 30;

/**
 * The query rows' window and search, asked as a shell asks them: through the router and a
 * reader thread (`CoreThreads.callForJson`), the messages and the envelope's bytes included, on
 * a cache the app filled and a workspace it opened; beside them, the same calls answered on a
 * connection of this thread, as the reader answers them, with no thread between.
 */
export async function queriesThroughThreads(
  host: Host,
  dataDir: string,
  count: number,
  log: (line: string) => void,
): Promise<BenchRow[]> {
  const label = sizeLabel(count);
  const threads = await scrollAndSearch(async (input) => {
    const started = performance.now();
    const bytes = await host.core.callForJson('submissions.query', input);
    return { ms: performance.now() - started, bytes };
  });
  const [file] = workspaceCacheFiles(dataDir);
  if (!file) throw new Error(`no workspace cache in ${dataDir}`);
  const direct = await onOwnConnection(file, (db) => {
    const { query } = cacheStores(db);
    return scrollAndSearch(async (input) => {
      const started = performance.now();
      const { offset, limit, ...view } = contract['submissions.query'].input.parse(input);
      const data = windowJson(query, view, offset, limit).bytes;
      // In its envelope, as the reader's port writes it.
      const bytes = Buffer.concat([Buffer.from('{"ok":true,"data":'), data, Buffer.from('}')]);
      return { ms: performance.now() - started, bytes };
    });
  });
  const { windows, rowsFirst, withTotal } = threads;
  log(
    `through the threads, ${label}: windows median ${ms(median(windows))}, p95 ${ms(p95(windows))} (no thread between: ${ms(median(direct.windows))}, ${ms(p95(direct.windows))}); searches' rows p95 ${ms(p95(rowsFirst))} (${ms(p95(direct.rowsFirst))})`,
  );
  const { window: windowMs, search: searchMs } = queryBudgetsMs(count);
  return [
    {
      benchmark: `${label}: window of 100, newest first, ${SCROLL_WINDOWS} windows at depths spread over the view, with total, through the router and a reader thread`,
      measured: `median ${ms(median(windows))}, p95 ${ms(p95(windows))}; slowest ${ms(Math.max(...windows))}`,
      reference: `the same on a connection of the calling thread: median ${ms(median(direct.windows))}, p95 ${ms(p95(direct.windows))}`,
      ratio: p95(windows) / Math.max(p95(direct.windows), 0.001),
      target: `p95 ≤ ${windowMs} ms`,
      met: p95(windows) <= windowMs,
    },
    {
      benchmark: `${label}: text search (full-text indexes), first window, then its total, through the router and a reader thread`,
      measured: `rows: median ${ms(median(rowsFirst))}, p95 ${ms(p95(rowsFirst))}; with the total: median ${ms(median(withTotal))}, p95 ${ms(p95(withTotal))}`,
      reference: `the same on a connection of the calling thread: rows p95 ${ms(p95(direct.rowsFirst))}; with the total p95 ${ms(p95(direct.withTotal))}`,
      ratio: p95(rowsFirst) / Math.max(p95(direct.rowsFirst), 0.001),
      target: `rows p95 ≤ ${searchMs} ms (the total follows)`,
      met: p95(rowsFirst) <= searchMs,
    },
  ];
}

/** How every answer that is not an error begins. */
const OK_ENVELOPE = Buffer.from('{"ok":true,');

type Ask = (input: object) => Promise<{ ms: number; bytes: Uint8Array }>;

/** A scroll of the view (newest first), then searches for common words, each asked by `ask`. */
async function scrollAndSearch(
  ask: Ask,
): Promise<{ windows: number[]; rowsFirst: number[]; withTotal: number[] }> {
  const asked = async (input: object) => {
    const { ms: took, bytes } = await ask({ formId: BENCH_FORM.id, ...input });
    // Read after the clock stops: the shells pass the bytes on, they never parse them.
    const envelope = JSON.parse(Buffer.from(bytes).toString('utf8')) as QueryEnvelope;
    if (!envelope.ok) throw new Error(`a query was refused: ${envelope.error.message}`);
    return { ms: took, answer: envelope.data };
  };
  // A window is only checked, not read: parsed here, each made garbage whose collection, on this
  // thread and its helpers, landed in the calls after it, where a shell makes none.
  const scrolled = async (input: object) => {
    const { ms: took, bytes } = await ask({ formId: BENCH_FORM.id, ...input });
    // A view of its first bytes: `Buffer.from(bytes)` would copy the whole window.
    const head = Buffer.from(
      bytes.buffer,
      bytes.byteOffset,
      Math.min(bytes.byteLength, OK_ENVELOPE.length),
    );
    if (!head.equals(OK_ENVELOPE))
      throw new Error(`a window was refused: ${Buffer.from(bytes).toString('utf8')}`);
    return took;
  };
  const { answer: first } = await asked({ sort: 'desc', limit: 100 });
  const windows: number[] = [];
  for (let i = 0; i < SCROLL_WINDOWS; i++) {
    const offset = spreadDepth(i, first.total);
    windows.push(await scrolled({ sort: 'desc', offset, limit: 100 }));
  }
  const rowsFirst: number[] = [];
  const withTotal: number[] = [];
  for (let i = 0; i < SEARCHES; i++) {
    const word = COMMON_WORDS[i % COMMON_WORDS.length]!;
    const search = { search: word, limit: 100 };
    const answered = await asked(search);
    rowsFirst.push(answered.ms);
    // As the table does: it asks again until an answer holds the count (a reader answers a new
    // search early once).
    let counted = answered;
    let total = answered.ms;
    for (let ask = 1; ask < 3 && !counted.answer.counted; ask++) {
      counted = await asked(search);
      total += counted.ms;
    }
    if (!counted.answer.counted) throw new Error(`"${word}" was not counted after three asks`);
    withTotal.push(total);
    commonWordChecked(word, counted.answer.total, first.total);
  }
  return { windows, rowsFirst, withTotal };
}

/** `use` on a read-only connection of this thread to `file`, as a reader opens its own. */
async function onOwnConnection<T>(
  file: string,
  use: (db: Database.Database) => Promise<T>,
): Promise<T> {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  addCacheFunctions(db);
  try {
    return await use(db);
  } finally {
    db.close();
  }
}

interface QueryAnswer {
  total: number;
  counted: boolean;
}

type QueryEnvelope = { ok: true; data: QueryAnswer } | { ok: false; error: { message: string } };
