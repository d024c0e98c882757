import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cacheStores } from '../electron/core/cache/cacheStores';
import { type CacheDb } from '../electron/core/cache/openCache';
import { openCache } from '../electron/core/operations/workspaceCache';
import { ConnectionMonitor } from '../electron/core/sync/connection';
import { type PageWriter } from '../electron/core/session/pageWriter';
import { SyncEngine } from '../electron/core/sync/syncEngine';
import { type WorkerThread } from '../electron/threads/workerThread';
import { startLocalApi, type LocalApi } from '../electron/local-api';
import { MAX_PAGE_SIZE, SubmissionStatus } from '../electron/shared/api/endpoints';
import { BENCH_FORM, singleFormApi, sizeLabel, unthrottledClient } from './benchApi';
import { median, ms, seconds } from './stats';
import { storeFloorMs } from './storeFloor';
import { pagesOnThread, startWriterThread } from './writerThread';
import type { BenchOptions, BenchRow } from './types';

const never = new AbortController().signal;

/**
 * Sync with the rate limit off, against the same server paged by a bare `fetch` loop (same page
 * size, one pass per status): what the engine costs beyond the network. Then an incremental sync
 * of every demo form with nothing new, counted in the server's request log per form and status.
 */
export async function runSyncUnthrottledBench({ quick, log }: BenchOptions): Promise<BenchRow[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'formdesk-bench-unthrottled-'));
  try {
    return [
      await againstBareLoop(quick ? 2_000 : 20_000, quick ? 1 : 3, dir, log),
      await nothingNew(dir, log),
    ];
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * A sync engine on a new cache file. With `writer`, its pages are stored as the app stores them:
 * by a writer thread on a connection of its own, while the engine fetches the next; `commits`
 * then holds the rows of each of its transactions, in order.
 */
function engineOn(
  api: LocalApi,
  file: string,
  writer?: WorkerThread,
): { engine: SyncEngine; db: CacheDb; commits: number[]; close: () => void } {
  const db = openCache(file);
  const commits: number[] = [];
  const engine = new SyncEngine({
    workspaceId: 'bench',
    api: unthrottledClient(api),
    stores: cacheStores(db),
    connection: new ConnectionMonitor(() => {}),
    emit: () => {},
    ...(writer
      ? {
          writer: countingCommits(pagesOnThread(writer, api, file), commits),
        }
      : {}),
  });
  return { engine, db, commits, close: () => db.close() };
}

/** `pages`, noting the rows of each transaction of a first sync's pulls (each from offset 0). */
function countingCommits(pages: PageWriter, commits: number[]): PageWriter {
  const reached = new Map<string, number>();
  return {
    ...pages,
    incremental: (page) => {
      commits.push(page.offset - (reached.get(page.status) ?? 0));
      reached.set(page.status, page.offset);
      return pages.incremental(page);
    },
  };
}

/** Every page of the form, status by status, as fast as one client can ask: rows received. */
async function bareLoop(api: LocalApi): Promise<number> {
  let rows = 0;
  for (const status of SubmissionStatus.options) {
    for (let offset = 0; ; offset += MAX_PAGE_SIZE) {
      const query = new URLSearchParams({
        status,
        sort: 'asc',
        limit: String(MAX_PAGE_SIZE),
        offset: String(offset),
      });
      const response = await getOnce(
        `${api.baseUrl}/forms/${BENCH_FORM.id}/submissions?${query}`,
        api.apiKey,
      );
      if (!response.ok) throw new Error(`the bare loop got HTTP ${response.status}`);
      const page = (await response.json()) as { responses: unknown[]; totalResponses: number };
      rows += page.responses.length;
      if (page.responses.length === 0 || offset + page.responses.length >= page.totalResponses)
        break;
    }
  }
  return rows;
}

/**
 * A GET, sent again once when the kept-alive connection it went out on was closed under it. The
 * service shares this process, whose thread the store by hand holds for seconds between runs: the
 * service's idle-connection timer and the client's then fire together, and a full run's second
 * bare loop met a reset that a client's one resend answers.
 */
async function getOnce(url: string, apiKey: string): Promise<Response> {
  const send = () => fetch(url, { headers: { authorization: `Bearer ${apiKey}` } });
  try {
    return await send();
  } catch (error) {
    if ((error as { cause?: { code?: string } }).cause?.code !== 'ECONNRESET') throw error;
    return send();
  }
}

async function againstBareLoop(
  count: number,
  runs: number,
  dir: string,
  log: BenchOptions['log'],
): Promise<BenchRow> {
  const api = await singleFormApi(count, 0);
  const writer = await startWriterThread(log);
  try {
    const bare: number[] = [];
    const ours: number[] = [];
    const floor: number[] = [];
    const floorAsCommitted: number[] = [];
    let commits = 0;
    let rows = 0;
    let requests = 0;
    let bareRequests = 0;
    for (let run = 0; run < runs; run++) {
      api.admin.clearRequests();
      const bareStarted = performance.now();
      rows = await bareLoop(api);
      bare.push(performance.now() - bareStarted);
      bareRequests = api.admin.requests().length;

      api.admin.clearRequests();
      const bed = engineOn(api, path.join(dir, `unthrottled-${run}.sqlite`), writer);
      try {
        const started = performance.now();
        await bed.engine.run({ formId: BENCH_FORM.id, mode: 'incremental' }, never);
        ours.push(performance.now() - started);
        floor.push(storeFloorMs(bed.db, path.join(dir, `by-hand-${run}.sqlite`)));
        floorAsCommitted.push(
          storeFloorMs(bed.db, path.join(dir, `by-hand-as-committed-${run}.sqlite`), bed.commits),
        );
        commits = bed.commits.length;
      } finally {
        bed.close();
      }
      requests = api.admin.requests().length;
      log(
        `run ${run + 1}: bare loop ${ms(bare[run]!)} (${bareRequests} requests), first sync ${ms(ours[run]!)} (${requests} requests, ${commits} transactions), the same rows stored by hand ${ms(floor[run]!)}, and committed where the sync committed ${ms(floorAsCommitted[run]!)}`,
      );
    }
    // Fetching and storing overlap, so the slower of the two is what a sync can approach.
    const slower = Math.max(median(bare), median(floor));
    const ratio = median(ours) / slower;
    const perSecond = (elapsed: number) =>
      `${Math.round(rows / (elapsed / 1000)).toLocaleString('en')} rows/s`;
    return {
      benchmark: `first sync of ${sizeLabel(count)} submissions, no rate limit, pages stored on the writer thread (median of ${runs})`,
      measured: `${seconds(median(ours))}, ${requests} requests, ${perSecond(median(ours))}`,
      reference: `bare fetch loop: ${seconds(median(bare))}, ${bareRequests} requests, ${perSecond(median(bare))}; the same rows stored by hand into a new cache, in one transaction: ${seconds(median(floor))} (committed where the sync committed, ${commits} transactions: ${seconds(median(floorAsCommitted))}). Ratio against the slower of the two`,
      ratio,
      target: 'time ≤ 1.25 × max(bare loop, store by hand)',
      met: ratio <= 1.25,
    };
  } finally {
    await writer.close();
    await api.close();
  }
}

async function nothingNew(dir: string, log: BenchOptions['log']): Promise<BenchRow> {
  const api = await startLocalApi({ rateLimit: 0, seed: 42 });
  const bed = engineOn(api, path.join(dir, 'demo.sqlite'));
  try {
    await bed.engine.run({ mode: 'incremental' }, never);
    api.admin.clearRequests();
    const started = performance.now();
    await bed.engine.run({ mode: 'incremental' }, never);
    const elapsed = performance.now() - started;
    const requests = api.admin.requests();
    const listings = new Map<string, number>();
    for (const r of requests) {
      const form = /\/forms\/([^/]+)\/submissions$/.exec(r.path)?.[1];
      if (!form || r.method !== 'GET') continue;
      const key = `${form} ${r.query.status ?? 'finished'}`;
      listings.set(key, (listings.get(key) ?? 0) + 1);
    }
    const forms = new Set([...listings.keys()].map((k) => k.split(' ')[0]));
    const most = Math.max(0, ...listings.values());
    const other = requests.length - [...listings.values()].reduce((a, b) => a + b, 0);
    log(
      `${requests.length} requests for ${forms.size} forms: ${[...listings].map(([k, n]) => `${k}=${n}`).join(', ')}`,
    );
    return {
      benchmark: `incremental sync with nothing new, every demo form (${forms.size} forms × 2 statuses)`,
      measured: `${ms(elapsed)}; at most ${most} listing requests per form and status, ${other} other (form list)`,
      reference: `${forms.size * 4} listings + 1 form list`,
      target: '2 requests per form and status (the new rows, one count of the rest)',
      met: most === 2 && listings.size === forms.size * 2,
    };
  } finally {
    bed.close();
    await api.close();
  }
}
