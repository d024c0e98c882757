import { MAX_CREATE_BATCH } from '../../shared/api/endpoints';
import { type CreateSubmission } from '../../shared/api/submission';
import { type ImportJournal } from './importJournal';
import { assignedTimesFrom, plannedRows } from './plannedRows';
import { shownRequests, type ShownRequests } from './requestRows';
import { type KnownSubmissions, validateJob } from './validateJob';

/** Batches whose bodies the dry run shows in full. */
const SHOWN_BATCHES = 3;

export interface DryRun {
  rowsToSend: number;
  skippedAlreadyImported: number;
  requests: number;
  /** At the service's 5 requests a second, if nothing else shares the key. */
  expectedDurationMs: number;
  firstBatches: Array<{ rows: number[]; body: { submissions: CreateSubmission[] } }>;
  /** Whether the service keeps the times sent, which mark each row as the import's own. */
  serviceKeepsTimes: boolean | null;
  /** The first batches' rows as people read them. */
  shown: ShownRequests;
}

export interface DryRunOptions {
  /** The form's question titles by id, to show rows by what each question asks. */
  names?: ReadonlyMap<string, string>;
  requestsPerSecond?: number;
  now?: number;
}

/**
 * What starting would send, without sending: the request bodies of the first batches, the number
 * of requests and the time they take at the rate limit. Rows without a time from the file show
 * the time they would get if the import started now (times are fixed when it starts).
 */
export function dryRun(
  journal: ImportJournal,
  jobId: string,
  known: KnownSubmissions,
  { names = new Map(), requestsPerSecond = 5, now = Date.now() }: DryRunOptions = {},
): DryRun {
  validateJob(journal, jobId, known);
  const job = journal.job(jobId)!;
  const toSend: Array<{ line: number; submission: CreateSubmission }> = [];
  let skipped = 0;
  const timesFrom = assignedTimesFrom(journal.rowCount(jobId), now);
  for (const planned of plannedRows(journal, job, timesFrom)) {
    if (planned.importedAs === undefined)
      toSend.push({ line: planned.row.line, submission: planned.submission });
    else skipped++;
  }
  const requests = Math.ceil(toSend.length / MAX_CREATE_BATCH);
  const firstBatches = [];
  for (let b = 0; b < Math.min(requests, SHOWN_BATCHES); b++) {
    const batch = toSend.slice(b * MAX_CREATE_BATCH, (b + 1) * MAX_CREATE_BATCH);
    firstBatches.push({
      rows: batch.map((r) => r.line),
      body: { submissions: batch.map((r) => r.submission) },
    });
  }
  return {
    rowsToSend: toSend.length,
    skippedAlreadyImported: skipped,
    requests,
    expectedDurationMs: Math.round((requests / requestsPerSecond) * 1000),
    firstBatches,
    serviceKeepsTimes: journal.serviceKeepsTimes(),
    shown: shownRequests(firstBatches, job.mappings, names),
  };
}
