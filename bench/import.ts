import { startLocalApi } from '../electron/local-api';
import { MAX_CREATE_BATCH } from '../electron/shared/api/endpoints';
import {
  DEMO_FORM,
  PEOPLE_MAPPINGS,
  openTestbed,
  peopleCsv,
} from '../electron/core/operations/testing/importTestbed';
import { readCsv } from '../electron/core/import/readCsv';
import { createValidatedJob, knownSubmissions } from '../electron/core/import/validateJob';
import { SERVICE_RATE } from './benchApi';
import { seconds } from './stats';
import type { BenchOptions, BenchRow } from './types';

/**
 * The import against its physical floor: 10k rows are 1,000 creates, 200 s at the service's
 * 5 requests a second; and reading + validating 100k rows locally. Reports, never asserts.
 */
export async function runImportBench({
  quick,
  log = () => {},
}: Partial<BenchOptions> & { quick: boolean }): Promise<BenchRow[]> {
  const importRows = quick ? 200 : 10_000;
  const readRows = quick ? 5_000 : 100_000;
  return [await importThroughput(importRows, log), ...readAndValidate(readRows, log)];
}

async function importThroughput(rows: number, log: (line: string) => void): Promise<BenchRow> {
  const api = await startLocalApi({ rateLimit: SERVICE_RATE, submissionsPerForm: 10 });
  const bed = openTestbed({ baseUrl: api.baseUrl, apiKey: api.apiKey, rate: SERVICE_RATE });
  try {
    bed.prepare('bench', peopleCsv(rows, 'bench'));
    log(`importing ${rows} rows at ${SERVICE_RATE} requests/s`);
    const started = performance.now();
    const state = await bed.runner.run('bench');
    const elapsed = (performance.now() - started) / 1000;
    const summary = bed.journal.summary('bench')!;
    const floor = Math.ceil(rows / MAX_CREATE_BATCH) / SERVICE_RATE;
    const rejected = api.admin.requests().filter((r) => r.status === 429).length;
    log(`${state}: ${summary.created} created, ${rejected} answered 429`);
    return {
      benchmark: `import ${rows.toLocaleString('en')} rows (batches of 10)`,
      measured: `${elapsed.toFixed(1)} s`,
      reference: `floor ${floor.toFixed(1)} s at ${SERVICE_RATE} req/s`,
      ratio: elapsed / floor,
      target: '≤ 1.15 × floor; every row created once',
      met: elapsed / floor <= 1.15 && summary.created === rows,
    };
  } finally {
    bed.close();
    await api.close();
  }
}

function readAndValidate(rows: number, log: (line: string) => void): BenchRow[] {
  const bytes = peopleCsv(rows, 'read');
  const bed = openTestbed({ baseUrl: 'http://127.0.0.1:9/v1/api', apiKey: 'bench_key' });
  try {
    // In the app this code has run before the big file comes: time it warm, as people meet it.
    const warmUp = readCsv(peopleCsv(2_000, 'warm'));
    const draft = { formId: DEMO_FORM, columns: warmUp.columns, mappings: PEOPLE_MAPPINGS };
    createValidatedJob(
      bed.journal,
      { ...draft, jobId: 'warm', fileName: 'warm.csv' },
      warmUp.rows,
      knownSubmissions([]),
    );
    const readStarted = performance.now();
    const table = readCsv(bytes);
    const readMs = performance.now() - readStarted;
    const validateStarted = performance.now();
    const result = createValidatedJob(
      bed.journal,
      {
        jobId: 'read',
        formId: DEMO_FORM,
        fileName: 'read.csv',
        columns: table.columns,
        mappings: PEOPLE_MAPPINGS,
      },
      table.rows,
      knownSubmissions([]),
    );
    const validateMs = performance.now() - validateStarted;
    log(
      `${table.rows.length} rows read in ${readMs.toFixed(0)} ms, ${result.validRows} valid after ${validateMs.toFixed(0)} ms`,
    );
    const label = rows.toLocaleString('en');
    return [
      {
        benchmark: `read ${label} CSV rows (${(bytes.length / 2 ** 20).toFixed(1)} MiB)`,
        measured: seconds(readMs),
        reference: '—',
        target: 'report',
        met: undefined,
      },
      {
        benchmark: `validate ${label} rows into the journal`,
        measured: `${seconds(validateMs)} (read + validate ${seconds(readMs + validateMs)})`,
        reference: '—',
        target: 'read + validate ≤ 1.5 s',
        met: (readMs + validateMs) / 1000 <= 1.5,
      },
    ];
  } finally {
    bed.close();
  }
}
