import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type ColumnMapping } from '../../../shared/contract/imports';
import { createApiClient } from '../../api/client';
import { RateScheduler } from '../../api/rateScheduler';
import { type CacheDb } from '../../cache/openCache';
import { openCache } from '../workspaceCache';
import { createLogger } from '../../logging/log';
import { importCache, type ImportCache } from '../../import/cacheAccess';
import { freezeJob } from '../../import/freezeJob';
import { ImportJournal } from '../../import/importJournal';
import { readCsv } from '../../import/readCsv';
import { ImportRunner, VERIFY_WINDOW_MS } from '../../import/runImport';
import { RunnerLease } from '../../import/runnerLease';
import { recordRowsToCheck } from '../../import/rowsToCheck';
import { ActivityLog } from '../../cache/activityLog';

// Wiring for the import's integration tests and its benchmark: a real cache file in a temp dir,
// a real API client against a server on loopback, and the runner between them.

/** The demo's "Customer feedback" form and three of its questions. */
export const DEMO_FORM = 'cFb7q2LxWm';
export const PEOPLE_MAPPINGS: ColumnMapping[] = [
  { column: 0, target: { kind: 'question', id: 'nm01', type: 'ShortAnswer' } },
  { column: 1, target: { kind: 'question', id: 'em02', type: 'EmailInput' } },
  { column: 2, target: { kind: 'question', id: 'st05', type: 'StarRating' } },
];

/**
 * How long a resumed import may take to end when its process died mid-import: a batch journaled
 * but not yet sent then is not on the server, and it is sent again only once its verify window
 * has passed, as a create still under way could yet commit.
 */
export const RESUMED_IMPORT_WAIT_MS = VERIFY_WINDOW_MS + 60_000;

/** A CSV of `count` distinct people, "Person <tag>-<i>", as bytes. */
export function peopleCsv(count: number, tag: string): Uint8Array {
  const lines = ['Full name,Email,Rating'];
  for (let i = 0; i < count; i++)
    lines.push(`Person ${tag}-${i},p${i}@${tag}.example,${(i % 5) + 1}`);
  return new TextEncoder().encode(`${lines.join('\r\n')}\r\n`);
}

export interface Testbed {
  cacheFile: string;
  db: CacheDb;
  journal: ImportJournal;
  cache: ImportCache;
  runner: ImportRunner;
  /** Reads the file into a new job, validates it and freezes its bodies. */
  prepare(jobId: string, bytes: Uint8Array, mappings?: ColumnMapping[]): void;
  close(): void;
}

export interface TestbedOptions {
  baseUrl: string;
  apiKey: string;
  /** Requests per second the client allows itself (the service's 5 by default). */
  rate?: number;
  cacheFile?: string;
  /** How long an uncertain batch's rows may still be committed (the runner's `verifyWindowMs`). */
  verifyWindowMs?: number;
  /** The client's limit for a create's answer (`writeHeadersMs`). */
  writeTimeoutMs?: number;
}

export function openTestbed(options: TestbedOptions): Testbed {
  // A temp dir only for a file of its own: a test that names its file keeps it where it chose.
  const cacheFile =
    options.cacheFile ??
    path.join(mkdtempSync(path.join(tmpdir(), 'formdesk-import-')), 'workspace.sqlite');
  const db = openCache(cacheFile);
  const journal = new ImportJournal(db);
  const cache = importCache(db);
  const api = createApiClient({
    baseUrl: options.baseUrl,
    apiKey: options.apiKey,
    // Its own scheduler: tests must not share a bucket through the per-key registry.
    scheduler: new RateScheduler({ limit: options.rate ?? 5 }),
    retry: { baseDelayMs: 20, maxDelayMs: 200 },
    timeouts: { headersMs: 5_000, bodyMs: 5_000, writeHeadersMs: options.writeTimeoutMs ?? 5_000 },
  });
  const runner = new ImportRunner({
    api,
    journal,
    lease: new RunnerLease(db),
    log: createLogger({ write: () => {} }),
    storeCreated: (formId, submissions) => cache.storeCreated(formId, submissions),
    cacheChanged: () => {},
    emit: () => {},
    rowsToCheck: (jobId, rowIndexes) =>
      recordRowsToCheck(new ActivityLog(db), journal, 'testbed', jobId, rowIndexes),
    settleMs: 50,
    verifyWindowMs: options.verifyWindowMs ?? 300,
    retryDelayMs: 50,
  });
  return {
    cacheFile,
    db,
    journal,
    cache,
    runner,
    prepare(jobId, bytes, mappings = PEOPLE_MAPPINGS) {
      const table = readCsv(bytes);
      journal.createJob(
        { jobId, formId: DEMO_FORM, fileName: `${jobId}.csv`, columns: table.columns, mappings },
        table.rows,
      );
      freezeJob(journal, jobId, cache.known(DEMO_FORM));
    },
    close() {
      db.close();
      if (!options.cacheFile) rmSync(path.dirname(cacheFile), { recursive: true, force: true });
    },
  };
}
