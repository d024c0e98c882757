import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { addCacheFunctions } from '../electron/core/cache/cacheFunctions';
import { cacheStores } from '../electron/core/cache/cacheStores';
import { APPEND_FROM_ROWS } from '../electron/core/cache/answerColumns';
import { KEPT_COLUMNS } from '../electron/core/cache/keptColumns';
import { type CacheDb } from '../electron/core/cache/openCache';
import { openCache } from '../electron/core/operations/workspaceCache';
import { SubmissionSummaries } from '../electron/core/cache/submissionSummary';
import { SubmissionFilter } from '../electron/shared/contract/submissions';
import {
  BENCH_FORM as FORM,
  inCachesDir,
  querySizes,
  singleFormApi,
  sizeLabel,
  unthrottledClient,
} from './benchApi';
import { fillCache } from './filledCache';
import { median, ms, p95, sample, sum } from './stats';
import type { BenchOptions, BenchRow } from './types';

/** Summaries read per case: enough that the slowest 5% are more than one outlier. */
const RUNS = 40;
/** First narrowed summaries, each reading the form's columns: one per filter change. */
const FIRST_RUNS = 5;
/** The longest a step of reading ahead may hold a summary asked meanwhile, at any size. */
const STEP_BUDGET = 100;
/** Rows added since a form's columns were kept that are appended to them, not kept anew. */
const ADDED_SINCE_KEPT = 5_000;
/** Rows edited since a form's columns were kept that are patched into them, not kept anew. */
const REWRITTEN_SINCE_KEPT = 250;
/** Rows a page of a sync stores. */
const PAGE_ROWS = 100;
/**
 * Pages a first sync stores between two appends to the copy, and the most stored after the last
 * append when the app opens.
 */
const PAGES_PER_APPEND = Math.ceil(APPEND_FROM_ROWS / PAGE_ROWS);
const PAGES_SINCE_APPEND = PAGES_PER_APPEND - 1;

/**
 * The Summary tab of a form: every question's figures for a view, read anew (nothing remembered
 * from a read before), for the whole form and after a filter changes. The reference is the floor
 * of any exact summary: one grouped walk of every answer of the form in its index, with no view
 * to check rows against.
 */
export async function runSummaryBench({
  quick,
  log = () => {},
  maxRows = Number.POSITIVE_INFINITY,
  caches,
}: Partial<BenchOptions> & { quick: boolean }): Promise<BenchRow[]> {
  const measure = async (dir: string) => {
    const rows: BenchRow[] = [];
    for (const size of querySizes(quick, maxRows))
      rows.push(...(await summaryLatency(size, dir, log)));
    return rows;
  };
  return inCachesDir('summary', caches, measure);
}

/**
 * `measure` on this benchmark's cache of `size` rows, in the full tier alone: the one kept in
 * `--caches` (filled first when missing), or one filled in a temporary directory. The benchmarks
 * that read a large form share it: filling it takes many minutes.
 */
export async function onSummaryCache(
  name: string,
  size: number,
  {
    quick,
    log = () => {},
    maxRows = Number.POSITIVE_INFINITY,
    caches,
  }: Partial<BenchOptions> & { quick: boolean },
  measure: (file: string, log: (line: string) => void) => Promise<BenchRow[]>,
): Promise<BenchRow[]> {
  if (quick || maxRows < size) return [];
  return inCachesDir(name, caches, async (dir) => {
    const file = path.join(dir, `summary-${sizeLabel(size)}.sqlite`);
    (await filledSummaryCache(file, size, log)).close();
    return measure(file, log);
  });
}

/**
 * A cache of the bench form's `count` rows at `file`: one an earlier run kept there (`--caches`)
 * is read as it was left, since filling 1M rows takes half an hour or more; otherwise it is
 * filled now, under another name until it is whole.
 */
export async function filledSummaryCache(
  file: string,
  count: number,
  log: (line: string) => void,
): Promise<CacheDb> {
  if (fs.existsSync(file)) {
    log(`reading the cache kept at ${file}`);
    return openCache(file);
  }
  const filling = `${file}.filling`;
  fs.rmSync(filling, { force: true });
  const api = await singleFormApi(count, 0);
  try {
    const db = openCache(filling);
    const stores = cacheStores(db);
    const client = unthrottledClient(api);
    // As a sync does: the form listed, its metadata (the options of its choices) kept.
    stores.forms.replaceListed(await client.listForms(), new Date().toISOString());
    stores.forms.setMetadata(FORM.id, await client.getFormMetadata(FORM.id));
    await fillCache(api, stores, count, log);
    db.close();
  } finally {
    await api.close();
  }
  fs.renameSync(filling, file);
  return openCache(file);
}

async function summaryLatency(
  count: number,
  dir: string,
  log: (line: string) => void,
): Promise<BenchRow[]> {
  const label = sizeLabel(count);
  const file = path.join(dir, `summary-${label}.sqlite`);
  const db = await filledSummaryCache(file, count, log);
  try {
    const view = (extra: Partial<SubmissionFilter> = {}) =>
      SubmissionFilter.parse({ formId: FORM.id, ...extra });
    const times = db
      .prepare<[string], { first: string; last: string }>(
        `SELECT min(submission_time) AS first, max(submission_time) AS last FROM submissions WHERE form_id = ?`,
      )
      .get(FORM.id)!;
    const at = (share: number) =>
      new Date(
        Date.parse(times.first) + share * (Date.parse(times.last) - Date.parse(times.first)),
      ).toISOString();
    // What a person clicks through: a plan, a rating band, a date range, a word, the other status.
    const changes = [
      view({ answers: [{ key: 'pr04', op: 'choiceIs', value: 'Pro plan' }] }),
      view({ answers: [{ key: 'st05', op: 'numberRange', min: 4, max: 5 }] }),
      view({ afterDate: at(0.5), beforeDate: at(0.75) }),
      view({ search: 'support' }),
      view({ status: 'in_progress' }),
    ];
    // A summary read before is remembered until the form changes: each read here has a filter of
    // its own, one that leaves the same rows (a bound past the newest row, a millisecond apart).
    const summaries = new SubmissionSummaries(db);
    const past = Date.parse(times.last) + 86_400_000;
    const apart = (filter: SubmissionFilter, i: number): SubmissionFilter =>
      filter.beforeDate === undefined
        ? { ...filter, beforeDate: new Date(past + i).toISOString() }
        : { ...filter, afterDate: new Date(Date.parse(filter.afterDate!) - i - 1).toISOString() };
    const anew = (filter: SubmissionFilter, i: number) => summaries.summary(apart(filter, i));
    const whole = await sample(RUNS, (i) => anew(view(), i));
    // The first narrowed view of a form reads the form's answer columns (the summaries' thread
    // keeps them, adding rows a sync appends): measured apart, each time on a new reader. Asked
    // before they were read ahead, and with no copy kept beside the cache, it reads them itself;
    // after, it only counts.
    const first = await sample(FIRST_RUNS, (i) =>
      new SubmissionSummaries(db, { keepFromRows: Number.POSITIVE_INFINITY }).summary(
        apart(changes[i % changes.length]!, 2 * RUNS + i),
      ),
    );
    const steps: number[] = [];
    const ahead: number[] = [];
    const firstAhead: number[] = [];
    for (let i = 0; i < FIRST_RUNS; i++) {
      // Each reads the columns and keeps a copy of them anew.
      fs.rmSync(file + KEPT_COLUMNS, { force: true });
      const reader = new SubmissionSummaries(db);
      reader.summary(apart(view(), 4 * RUNS + i));
      const took = readAheadWhole(reader);
      steps.push(...took);
      ahead.push(sum(took));
      const asked = performance.now();
      reader.summary(apart(changes[i % changes.length]!, 5 * RUNS + i));
      firstAhead.push(performance.now() - asked);
    }
    // A reader of the cache just opened, as after the app starts: it loads the copy kept above,
    // for a narrowed view asked at once, or in the first steps of reading ahead after a summary
    // (its rows, then a question a step).
    const onReader = <T>(read: (summaries: SubmissionSummaries) => T): T => {
      const reader = new Database(file, { readonly: true });
      try {
        addCacheFunctions(reader);
        return read(new SubmissionSummaries(reader));
      } finally {
        reader.close();
      }
    };
    const opened = await sample(FIRST_RUNS, (i) =>
      onReader((summaries) => summaries.summary(apart(changes[i % changes.length]!, 6 * RUNS + i))),
    );
    const loading = Array.from({ length: FIRST_RUNS }, (_, i) =>
      onReader((summaries) => {
        summaries.summary(apart(view(), 7 * RUNS + i));
        return readAheadWhole(summaries);
      }),
    );
    const loads = loading.map(sum);
    const loadSteps = loading.flat();
    // The same, with rows a sync stored since the copy was kept, as many as it is appended before
    // it is made anew: added in a savepoint on this connection, undone after, as is the copy the
    // reader appends them to.
    const appending: number[] = [];
    const copy = keptAsItIs(file);
    db.exec('SAVEPOINT added');
    try {
      addedAgain(db, ADDED_SINCE_KEPT);
      const reader = new SubmissionSummaries(db);
      reader.summary(apart(view(), 8 * RUNS));
      appending.push(...readAheadWhole(reader));
    } finally {
      db.exec('ROLLBACK TO added; RELEASE added');
      copy.restore();
    }
    // A summary reader new to the form finds the copy kept above with rows a sync has edited since:
    // it patches them in. Edited in a savepoint on this connection, undone after.
    const patched: number[] = [];
    db.exec('SAVEPOINT rewritten');
    try {
      rewriteRows(db, REWRITTEN_SINCE_KEPT);
      for (let i = 0; i < FIRST_RUNS; i++) {
        const asked = performance.now();
        new SubmissionSummaries(db).summary(apart(changes[i % changes.length]!, 9 * RUNS + i));
        patched.push(performance.now() - asked);
      }
    } finally {
      db.exec('ROLLBACK TO rewritten; RELEASE rewritten');
    }
    // A reader holding the form's columns when a row of it is deleted (as support staff do) and
    // another edited (as a sync stores it): it patches them. In a savepoint, undone after.
    const held = new SubmissionSummaries(db);
    held.summary(apart(changes[0]!, 10 * RUNS));
    while (held.readAhead());
    const afterDelete: number[] = [];
    db.exec('SAVEPOINT deleted');
    try {
      const ids = db
        .prepare<[string], number>('SELECT id FROM submissions WHERE form_id = ? ORDER BY id')
        .pluck()
        .all(FORM.id);
      const remove = db.prepare<[number]>('DELETE FROM submissions WHERE id = ?');
      for (let i = 0; i < FIRST_RUNS; i++) {
        remove.run(ids[Math.floor(((i + 0.5) * ids.length) / (FIRST_RUNS + 1))]!);
        rewriteRows(db, 1);
        const asked = performance.now();
        held.summary(apart(changes[i % changes.length]!, 10 * RUNS + 1 + i));
        afterDelete.push(performance.now() - asked);
      }
    } finally {
      db.exec('ROLLBACK TO deleted; RELEASE deleted');
    }
    // A first sync still storing pages when the app opens: the summaries' reader appended the rows
    // of each thousand or so stored to the copy (`rowsStored`), and a reader just opened loads it
    // and codes the rows of the pages stored since the last append. In a savepoint, undone after,
    // as is the copy.
    const storing: number[] = [];
    const appends: number[] = [];
    const appendSteps: number[] = [];
    const kept = keptAsItIs(file);
    db.exec('SAVEPOINT storing');
    try {
      const keeper = new SubmissionSummaries(db);
      const stored = (pages: number) => {
        for (let page = 0; page < pages; page++) {
          addedAgain(db, PAGE_ROWS);
          if (!keeper.rowsStored(FORM.id)) continue;
          const took = readAheadWhole(keeper);
          appendSteps.push(...took);
          appends.push(sum(took));
        }
      };
      for (let i = 0; i < FIRST_RUNS; i++) {
        stored(PAGES_PER_APPEND);
        stored(PAGES_SINCE_APPEND);
        const asked = performance.now();
        new SubmissionSummaries(db).summary(apart(changes[i % changes.length]!, 11 * RUNS + i));
        storing.push(performance.now() - asked);
        stored(PAGES_PER_APPEND - PAGES_SINCE_APPEND);
      }
    } finally {
      db.exec('ROLLBACK TO storing; RELEASE storing');
      kept.restore();
    }
    anew(changes[0]!, 3 * RUNS);
    const changed = await sample(RUNS, (i) => anew(changes[i % changes.length]!, RUNS + i));
    const floorStatement = db.prepare(
      `SELECT field, value_text, count(*) FROM answers
         WHERE field IN (SELECT id FROM fields WHERE form_id = ?) GROUP BY field, value_text`,
    );
    const floor = await sample(10, () => floorStatement.all(FORM.id));
    const questions = summaries.summary(view()).questions.length;
    log(
      `whole: median ${ms(median(whole))}; first narrowed: median ${ms(median(first))}, read ahead ${ms(median(firstAhead))}, kept ${ms(median(opened))}, kept and patched ${ms(median(patched))}, held and patched after a delete ${ms(median(afterDelete))}, during a first sync ${ms(median(storing))}; appending to the copy as pages are stored: median ${ms(median(appends))}, longest step ${ms(Math.max(...appendSteps))}; reading ahead: median ${ms(median(ahead))}, longest step ${ms(Math.max(...steps))}, loading a kept copy ${ms(median(loads))} (longest step ${ms(Math.max(...loadSteps))}), with rows added since ${ms(sum(appending))} in ${appending.length} steps; after a filter change: median ${ms(median(changed))}; floor ${ms(median(floor))}`,
    );
    const budget = count >= 1_000_000 ? 1_000 : 150;
    const reference = `one grouped walk of every answer of the form, no view: median ${ms(median(floor))}`;
    return [
      {
        benchmark: `${label}: the whole summary of a form (${questions} questions, calculations and URL parameters), read anew`,
        measured: `median ${ms(median(whole))}, p95 ${ms(p95(whole))}`,
        reference,
        ratio: median(whole) / Math.max(median(floor), 0.001),
        target: `p95 ≤ ${budget} ms`,
        met: p95(whole) <= budget,
      },
      {
        benchmark: `${label}: reading a form's answer columns ahead after its summary is shown (between calls, a step at a time: the rows, then each question)`,
        measured: `all: median ${ms(median(ahead))}; longest step ${ms(Math.max(...steps))}; on a reader just opened, loading the columns kept: median ${ms(median(loads))} in ${loading[0]!.length} steps, the longest ${ms(Math.max(...loadSteps))}; with ${ADDED_SINCE_KEPT.toLocaleString('en')} rows added since they were kept, loading them, coding those rows and appending them to the copy: ${ms(sum(appending))} in ${appending.length} steps, the longest ${ms(Math.max(...appending))}; as a first sync stores pages, coding the rows of ${PAGES_PER_APPEND} and appending them to the copy: median ${ms(median(appends))}, the longest step ${ms(Math.max(...appendSteps))}`,
        reference,
        ratio: median(ahead) / Math.max(median(floor), 0.001),
        target: `longest step (a summary asked meanwhile waits for it) ≤ ${STEP_BUDGET} ms`,
        met: Math.max(...steps, ...loadSteps, ...appending, ...appendSteps) <= STEP_BUDGET,
      },
      {
        benchmark: `${label}: the first summary of a narrowed view, its form's answer columns read ahead`,
        measured: `median ${ms(median(firstAhead))}, slowest ${ms(Math.max(...firstAhead))}`,
        reference,
        ratio: median(firstAhead) / Math.max(median(floor), 0.001),
        target: `p95 ≤ ${budget} ms`,
        met: Math.max(...firstAhead) <= budget,
      },
      {
        benchmark: `${label}: the first summary of a narrowed view on a reader just opened, its form's columns kept beside the cache by an earlier read (as after the app starts)`,
        measured: `median ${ms(median(opened))}, slowest ${ms(Math.max(...opened))}`,
        reference,
        ratio: median(opened) / Math.max(median(floor), 0.001),
        target: `p95 ≤ ${budget} ms`,
        met: Math.max(...opened) <= budget,
      },
      {
        benchmark: `${label}: the first summary of a narrowed view on a summary reader new to the form, its columns kept beside the cache, ${REWRITTEN_SINCE_KEPT.toLocaleString('en')} rows edited since (as after a sync stored them)`,
        measured: `median ${ms(median(patched))}, slowest ${ms(Math.max(...patched))}`,
        reference,
        ratio: median(patched) / Math.max(median(floor), 0.001),
        target: `p95 ≤ ${budget} ms`,
        met: Math.max(...patched) <= budget,
      },
      {
        benchmark: `${label}: the summary of a narrowed view just after a row of its form was deleted and another edited, its columns held by the reader`,
        measured: `median ${ms(median(afterDelete))}, slowest ${ms(Math.max(...afterDelete))}`,
        reference,
        ratio: median(afterDelete) / Math.max(median(floor), 0.001),
        target: `p95 ≤ ${budget} ms`,
        met: Math.max(...afterDelete) <= budget,
      },
      {
        benchmark: `${label}: the first summary of a narrowed view on a reader just opened while a first sync stores pages, its form's columns kept as they were stored (the rows of ${PAGES_SINCE_APPEND} pages stored since the last append)`,
        measured: `median ${ms(median(storing))}, slowest ${ms(Math.max(...storing))}`,
        reference,
        ratio: median(storing) / Math.max(median(floor), 0.001),
        target: `p95 ≤ ${budget} ms`,
        met: Math.max(...storing) <= budget,
      },
      {
        benchmark: `${label}: the first summary of a narrowed view with no copy of its form's columns kept (its file removed, or of an older layout), never read ahead (it reads them)`,
        measured: `median ${ms(median(first))}, slowest ${ms(Math.max(...first))}`,
        reference,
        ratio: median(first) / Math.max(median(floor), 0.001),
        target: 'report it (a copy is kept as pages are stored: see the row above)',
      },
      {
        benchmark: `${label}: the summary after a filter change (a plan, a rating band, a date range, a word, the other status)`,
        measured: `median ${ms(median(changed))}, p95 ${ms(p95(changed))}`,
        reference,
        ratio: median(changed) / Math.max(median(floor), 0.001),
        target: `p95 ≤ ${budget} ms`,
        met: p95(changed) <= budget,
      },
    ];
  } finally {
    db.close();
  }
}

/** Runs a reader's steps of reading ahead until none is left; how long each took. */
function readAheadWhole(reader: SubmissionSummaries): number[] {
  const steps: number[] = [];
  let more = true;
  while (more) {
    const step = performance.now();
    more = reader.readAhead();
    steps.push(performance.now() - step);
  }
  return steps;
}

/**
 * The copy of the form's columns kept beside the cache at `file`, as it is now, to restore once a
 * case that appended to it is undone; none where a form too small to be kept has no file.
 */
function keptAsItIs(file: string): { restore: () => void } {
  const kept = file + KEPT_COLUMNS;
  const copy = fs.existsSync(kept) ? fs.readFileSync(kept) : null;
  return {
    restore: () => (copy ? fs.writeFileSync(kept, copy) : fs.rmSync(kept, { force: true })),
  };
}

/**
 * `count` of the form's rows, spread over it, edited as a sync stores a row changed upstream: each
 * given another row's answers.
 */
function rewriteRows(db: CacheDb, count: number): void {
  const ids = db
    .prepare<[string], number>('SELECT id FROM submissions WHERE form_id = ? ORDER BY id')
    .pluck()
    .all(FORM.id);
  const touch = db.prepare<[number]>('UPDATE submissions SET raw = raw WHERE id = ?');
  const clear = db.prepare<[number]>('DELETE FROM answers WHERE submission_rowid = ?');
  const copy = db.prepare<[number, number]>(
    `INSERT INTO answers (submission_rowid, field, value_text, value_num, value_json)
     SELECT ?, field, value_text, value_num, value_json FROM answers WHERE submission_rowid = ?`,
  );
  for (let i = 0; i < count; i++) {
    const id = ids[Math.floor(((i + 0.5) * ids.length) / count)]!;
    const other = ids[(i * 7_919) % ids.length]!;
    touch.run(id);
    clear.run(id);
    copy.run(id, other);
  }
}

/** The form's `count` newest rows stored again under new ids, with their answers, as a sync adds. */
function addedAgain(db: CacheDb, count: number): void {
  const copies = db
    .prepare<[string, number], number>(
      'SELECT id FROM submissions WHERE form_id = ? ORDER BY id DESC LIMIT ?',
    )
    .pluck()
    .all(FORM.id, count)
    .reverse();
  const row = db.prepare<[number]>(
    `INSERT INTO submissions (form_id, submission_id, status, is_preview, submission_time,
       last_updated_at, quiz_score, login_email, payment_amount, raw, synced_at, seen_pass)
     SELECT form_id, submission_id || '-again', status, is_preview, submission_time,
       last_updated_at, quiz_score, login_email, payment_amount, raw, synced_at, seen_pass
     FROM submissions WHERE id = ?`,
  );
  const answers = db.prepare<[number, number]>(
    `INSERT INTO answers (submission_rowid, field, value_text, value_num, value_json)
     SELECT ?, field, value_text, value_num, value_json FROM answers WHERE submission_rowid = ?`,
  );
  for (const id of copies) answers.run(row.run(id).lastInsertRowid as number, id);
}
