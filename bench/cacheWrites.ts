import fs from 'node:fs';
import path from 'node:path';
import { type Submission } from '../electron/shared/api/submission';
import { MAX_PAGE_SIZE } from '../electron/shared/api/endpoints';
import { cacheStores } from '../electron/core/cache/cacheStores';
import { connectCache, type CacheDb } from '../electron/core/cache/openCache';
import { openCache } from '../electron/core/operations/workspaceCache';
import { storePage } from '../electron/core/sync/pageStore';
import { PAGES_PER_STORE } from '../electron/core/sync/streamSync';
import { BENCH_FORM, inTempDir, singleFormApi, unthrottledClient } from './benchApi';
import { copyLogIntoFile } from './copyLogIntoFile';
import type { BenchOptions, BenchRow } from './types';

/** How a variant stores the pages: the app's way, or with one structure or setting changed. */
interface Variant {
  label: string;
  /** Run on the writer's connection before the first store. */
  setup?: string | ((db: CacheDb) => void);
  pagesPerStore?: number;
}

/**
 * The app's settings before stores grew: three pages a store, better-sqlite3's default page cache
 * (16 MB) and SQLite's default checkpoint interval.
 */
const BEFORE: Variant = {
  label: 'three pages a store, a 16 MB page cache, a checkpoint every 1,000 pages (before)',
  setup: 'PRAGMA cache_size = -16000; PRAGMA wal_autocheckpoint = 1000;',
  pagesPerStore: 3,
};

/** Each structure left out in turn: what the stores wrote less is what it costs. */
const WITHOUT: Variant[] = [
  { label: 'the answers’ text index (answers_by_text)', setup: 'DROP INDEX answers_by_text;' },
  { label: 'the answers’ number index (answers_by_num)', setup: 'DROP INDEX answers_by_num;' },
  {
    label: 'the trigram index (its text kept in a plain table)',
    setup: `DROP TABLE submission_search;
            CREATE TABLE submission_search (rowid INTEGER PRIMARY KEY, body TEXT);`,
  },
  {
    label: 'the index of word endings (search_suffixes)',
    setup: `DROP TABLE search_suffixes;
            CREATE TABLE search_suffixes (body TEXT);
            CREATE TRIGGER search_suffixes_kept_nowhere BEFORE INSERT ON search_suffixes
            BEGIN SELECT RAISE(IGNORE); END;`,
  },
  {
    label: 'the rows’ sort indexes (submissions_by_*)',
    setup: (db) => {
      const names = db
        .prepare<[], string>(
          `SELECT name FROM sqlite_schema WHERE type = 'index' AND name LIKE 'submissions_by_%'`,
        )
        .pluck()
        .all();
      for (const name of names) db.exec(`DROP INDEX ${name}`);
    },
  },
];

/**
 * Where a first sync's writes go. The bench form's rows are fetched once, then stored into new
 * caches as the page writer stores them at the service's pace (`PAGES_PER_STORE` pages a
 * transaction, on a connection set up as the writer's), then checkpointed whole: every byte the
 * cache will cost the disk. Once as the app stores them, once as it did before, and once with each
 * structure left out, whose share is what the stores wrote less without it. The bytes are this
 * process's own writes (`wchar`), nothing else running in it meanwhile.
 */
export async function runCacheWritesBench({ quick, log }: BenchOptions): Promise<BenchRow[]> {
  const count = quick ? 1_500 : 30_000;
  const pages = await fetchPages(count);
  const rows = pages.reduce((n, page) => n + page.length, 0);
  log(`${rows} rows in ${pages.length} pages, stored ${2 + WITHOUT.length} times`);
  return inTempDir('formdesk-bench-writes-', async (dir) => {
    const store = (variant: Variant, n: number) =>
      storeAll(path.join(dir, `${n}.sqlite`), pages, variant);
    const app = store({ label: 'as the app stores them' }, 0);
    const before = store(BEFORE, 1);
    const mb = (bytes: number) => `${Math.round(bytes / 2 ** 20).toLocaleString('en')} MB`;
    const size = `${rows.toLocaleString('en')} rows`;
    const result: BenchRow[] = [
      {
        benchmark: `a first sync's stores of ${size} at the service's pace, as the app makes them (${PAGES_PER_STORE} pages a store), checkpointed whole`,
        measured: `${mb(app.written)} written`,
        reference: `the cache: ${mb(app.size)}`,
        ratio: app.written / app.size,
        target: '≤ 3 × the cache',
        met: app.written <= 3 * app.size,
      },
      {
        benchmark: `the same stores with ${BEFORE.label}`,
        measured: `${mb(before.written)} written`,
        reference: `as the app makes them: ${mb(app.written)}`,
        ratio: before.written / app.written,
        target: 'report it',
      },
    ];
    WITHOUT.forEach((variant, i) => {
      const without = store(variant, i + 2);
      result.push({
        benchmark: `what one structure costs those stores: ${variant.label}`,
        measured: `${mb(app.written - without.written)} of the writes, ${mb(app.size - without.size)} of the cache`,
        reference: `every structure: ${mb(app.written)} written, cache ${mb(app.size)}`,
        ratio: (app.written - without.written) / app.written,
        target: 'report it',
      });
    });
    return result;
  });
}

async function fetchPages(count: number): Promise<Submission[][]> {
  const api = await singleFormApi(count, 0);
  try {
    const client = unthrottledClient(api);
    const pages: Submission[][] = [];
    for (let offset = 0; ; offset += MAX_PAGE_SIZE) {
      const { responses } = await client.listSubmissions(BENCH_FORM.id, {
        status: 'finished',
        sort: 'asc',
        limit: MAX_PAGE_SIZE,
        offset,
      });
      if (responses.length > 0) pages.push(responses);
      if (responses.length < MAX_PAGE_SIZE) return pages;
    }
  } finally {
    await api.close();
  }
}

/** Bytes this process wrote (Linux's /proc), files and their logs. */
function wchar(): number {
  const io = fs.readFileSync('/proc/self/io', 'utf8');
  return Number(/^wchar: (\d+)$/m.exec(io)![1]);
}

function storeAll(
  file: string,
  pages: readonly Submission[][],
  { setup, pagesPerStore = PAGES_PER_STORE }: Variant,
): { written: number; size: number } {
  openCache(file).close();
  const db = connectCache(file, { refetchable: true });
  try {
    if (typeof setup === 'string') db.exec(setup);
    else setup?.(db);
    const stores = cacheStores(db);
    const syncedAt = new Date().toISOString();
    const before = wchar();
    for (let i = 0; i < pages.length; i += pagesPerStore)
      stores.submissions.transaction(() => {
        for (const page of pages.slice(i, i + pagesPerStore))
          storePage(stores, BENCH_FORM.id, 'finished', page, syncedAt, {});
      });
    copyLogIntoFile(db);
    const written = wchar() - before;
    const size =
      (db.pragma('page_count', { simple: true }) as number) *
      (db.pragma('page_size', { simple: true }) as number);
    return { written, size };
  } finally {
    db.close();
    fs.rmSync(file, { force: true });
  }
}
