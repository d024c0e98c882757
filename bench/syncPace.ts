import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BENCH_FORM, SERVICE_RATE, sizeLabel } from './benchApi';
import Database from 'better-sqlite3';
import { addCacheFunctions } from '../electron/core/cache/cacheFunctions';
import { KEPT_COLUMNS } from '../electron/core/cache/keptColumns';
import { syncSettled, workspaceCacheFiles } from './benchHost';
import { withChild } from './childScript';
import { type ServedHost } from './hostServe';
import { type ServiceAddress, type ServiceSetup } from './serviceProcess';
import type { BenchOptions, BenchRow } from './types';

const SETTLE_MS = 60 * 60_000;

/** What a process has used so far, from Linux's /proc; null where there is none. */
interface ProcessUse {
  /** CPU time of every thread, user and system. */
  cpuSeconds: number;
  /** Bytes it asked the system to write: files (the cache, its WAL, SQLite's temporary files). */
  written: number;
  /** The most memory it has held at once (resident), in bytes. */
  peakMemory: number;
}

/**
 * A first sync as the app runs it: the host in a process of its own, its writer thread storing the
 * pages while the core fetches the next. At the service's own pace, the time is the rate limit's;
 * what the sync costs is what it takes meanwhile from everything else on the machine: the host's
 * CPU (every thread's), which clicks share, and the bytes it writes, which the disk wears. The
 * full tier also fills a cache of a million rows with no rate limit, for the same two ratios at
 * the size where the indexes are deepest.
 */
export async function runSyncPaceBench({ quick, log }: BenchOptions): Promise<BenchRow[]> {
  const paced = await firstSync({ count: quick ? 1_500 : 30_000, rateLimit: SERVICE_RATE }, log);
  return quick ? paced : [...paced, ...(await firstSync({ count: 1_000_000, rateLimit: 0 }, log))];
}

async function firstSync(
  { count, rateLimit }: { count: number; rateLimit: number },
  log: (line: string) => void,
): Promise<BenchRow[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'formdesk-bench-pace-'));
  const service: ServiceSetup = { count, rateLimit, forms: 1, port: 0 };
  const pace = rateLimit > 0 ? `at ${rateLimit} req/s` : 'with no rate limit';
  try {
    return await withChild<ServiceAddress, BenchRow[]>('serviceProcess.ts', service, (served) =>
      withChild<ServedHost, BenchRow[]>(
        'hostServe.ts',
        {
          dataDir: dir,
          baseUrl: served.value.baseUrl,
          apiKey: served.value.apiKey,
          // With no rate limit the app's client keeps none either: at the service's pace of its
          // own it would wait for every page, and no store would hold pages that piled up.
          unthrottled: rateLimit === 0,
        },
        async (host) => {
          log(`first sync of ${sizeLabel(count)} ${pace}, the host's use read from /proc`);
          const before = processUse(host.pid);
          const started = performance.now();
          await syncSettled(host.value, BENCH_FORM.id, SETTLE_MS);
          const seconds = (performance.now() - started) / 1000;
          const after = processUse(host.pid);
          const benchmark = `first sync of ${sizeLabel(count)} submissions ${pace}, the host in a process of its own: its CPU time (every thread), the bytes it wrote and the memory it held`;
          const reference = `the sync's own time: ${seconds.toFixed(1)} s`;
          if (!before || !after)
            return [
              {
                benchmark,
                measured: 'not measured: needs Linux /proc',
                reference,
                target: 'report it',
              },
            ];
          const cpu = after.cpuSeconds - before.cpuSeconds;
          const left = checkpointLeft(dir);
          const written = after.written - before.written + left;
          const cache = cacheSizes(dir);
          const mb = (bytes: number) => `${Math.round(bytes / 2 ** 20).toLocaleString('en')} MB`;
          return [
            {
              benchmark,
              measured: `CPU ${cpu.toFixed(2)} s (${Math.round((100 * cpu) / seconds)}% of a core), ${mb(written)} written (${Math.round(written / count / 1024)} KB a row), at most ${mb(after.peakMemory)} in memory`,
              reference,
              ratio: cpu / seconds,
              target: 'report it',
            },
            {
              benchmark: `first sync of ${sizeLabel(count)} submissions ${pace}: bytes the host wrote for the cache it left`,
              measured: `${mb(written)} written, ${mb(left)} of them copying what the log still held into the file afterwards`,
              reference: `the cache it left, its kept answer columns included: ${mb(cache.file)}`,
              ratio: written / cache.file,
              target: '≤ 3 × the cache',
              met: written <= 3 * cache.file,
            },
            {
              benchmark: `the cache of ${sizeLabel(count)} submissions beside the rows as the service sent them`,
              measured: `cache ${mb(cache.file)}: ${cache.parts}`,
              reference: `the rows' JSON: ${mb(cache.json)}`,
              ratio: cache.file / cache.json,
              target: '≤ 2.5 × the rows',
              met: cache.file <= 2.5 * cache.json,
            },
          ];
        },
      ),
    );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Where a cache's bytes go: the tables and indexes of each structure, by name. */
const STRUCTURES: [string, RegExp][] = [
  ['the rows as sent', /^submissions$|^sqlite_autoindex_submissions/],
  ['the trigram index', /^submission_search/],
  ['the index of word endings', /^search_suffixes/],
  ['the answer columns', /^answers$|^fields$|^sqlite_autoindex_fields/],
  ['their indexes', /^answers_by_/],
  ['the rows’ indexes', /^submissions_by_/],
];

/** The copy of a large form's answer columns the summaries keep in a file beside the cache. */
const KEPT_LABEL = 'the answer columns kept beside it';

/**
 * The workspace's cache as its pages count it (what the file holds once its WAL is copied in, and
 * the file of kept answer columns beside it), its rows' JSON as the service sent them, and the
 * bytes of each structure.
 */
function cacheSizes(dataDir: string): { file: number; json: number; parts: string } {
  const [file] = workspaceCacheFiles(dataDir);
  if (file === undefined) throw new Error(`no workspace cache in ${dataDir}`);
  const db = new Database(file, { readonly: true });
  addCacheFunctions(db);
  try {
    const pages = db.pragma('page_count', { simple: true }) as number;
    const pageSize = db.pragma('page_size', { simple: true }) as number;
    const json = db
      .prepare<[], number>(
        'SELECT sum(length(CAST(submission_json(raw) AS BLOB))) FROM submissions',
      )
      .pluck()
      .get()!;
    const byName = db
      .prepare<[], { name: string; bytes: number }>(
        'SELECT name, sum(pgsize) AS bytes FROM dbstat GROUP BY name',
      )
      .all();
    const kept = fs.statSync(file + KEPT_COLUMNS, { throwIfNoEntry: false })?.size ?? 0;
    const total = pages * pageSize + kept;
    const shares = new Map<string, number>([[KEPT_LABEL, kept]]);
    for (const { name, bytes } of byName) {
      const label = STRUCTURES.find(([, names]) => names.test(name))?.[0] ?? 'the rest';
      shares.set(label, (shares.get(label) ?? 0) + bytes);
    }
    const parts = [...STRUCTURES.map(([label]) => label), KEPT_LABEL, 'the rest'].map(
      (label) => `${label} ${Math.round((100 * (shares.get(label) ?? 0)) / total)}%`,
    );
    return { file: total, json, parts: parts.join(', ') };
  } finally {
    db.close();
  }
}

/**
 * Bytes written copying into the cache file what its log still held when the sync was done: the
 * host leaves that to its next checkpoints, but it is part of what the sync costs the disk.
 */
function checkpointLeft(dataDir: string): number {
  const [file] = workspaceCacheFiles(dataDir);
  if (file === undefined) throw new Error(`no workspace cache in ${dataDir}`);
  const own = () => processUse(process.pid)?.written ?? 0;
  const db = new Database(file);
  try {
    const before = own();
    const [result] = db.pragma('wal_checkpoint(PASSIVE)') as {
      log: number;
      checkpointed: number;
    }[];
    if (result && result.checkpointed < result.log)
      throw new Error('the log could not be copied whole after the sync: a reader held it');
    return own() - before;
  } finally {
    db.close();
  }
}

function processUse(pid: number): ProcessUse | null {
  try {
    // The fields after the command's name, which may hold spaces: utime and stime are 14th and
    // 15th of the whole line, in clock ticks (100 a second on Linux).
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    const io = fs.readFileSync(`/proc/${pid}/io`, 'utf8');
    const wchar = /^wchar: (\d+)$/m.exec(io)?.[1];
    const peakKib = /^VmHWM:\s+(\d+) kB$/m.exec(
      fs.readFileSync(`/proc/${pid}/status`, 'utf8'),
    )?.[1];
    if (wchar === undefined || peakKib === undefined) return null;
    return {
      cpuSeconds: (Number(fields[11]) + Number(fields[12])) / 100,
      written: Number(wchar),
      peakMemory: Number(peakKib) * 1024,
    };
  } catch {
    return null;
  }
}
