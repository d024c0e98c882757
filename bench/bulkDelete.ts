import { type DeleteJobSummary, type Handlers } from '../electron/shared/contract';
import { dispatch } from '../electron/core/operations/dispatch';
import { bulkDeleteHandlers } from '../electron/core/submissions/bulkDeleteHandlers';
import { syncServiceFor } from '../electron/core/sync/syncService';
import { createTestContext } from '../electron/core/operations/testing/testContext';
import { BENCH_FORM as FORM, SERVICE_RATE, inTempDir, singleFormApi } from './benchApi';
import type { BenchOptions, BenchRow } from './types';

/**
 * A bulk delete as support staff start it from the table: a job of `count` rows of one form,
 * journaled and sent one row a request at the service's 5 requests a second, timed from the
 * click to its last row. The floor is the requests at the service's rate; nothing else shares the
 * key meanwhile.
 */
export async function runBulkDeleteBench({
  quick,
  log = () => {},
}: Partial<BenchOptions> & { quick: boolean }): Promise<BenchRow[]> {
  const count = quick ? 50 : 1_000;
  return inTempDir('bulk-delete', (dir) => bulkDelete(dir, count, log));
}

async function bulkDelete(
  dir: string,
  count: number,
  log: (line: string) => void,
): Promise<BenchRow[]> {
  // A few generated rows are previews, which are not offered: make enough of the others.
  const api = await singleFormApi(Math.ceil(count * 1.1), SERVICE_RATE);
  const testbed = createTestContext({
    baseUrl: api.baseUrl,
    apiKey: api.apiKey,
    dataDir: dir,
    rateLimit: {},
  });
  try {
    const sync = syncServiceFor(testbed.ctx, { intervalMs: 0 });
    const handlers = bulkDeleteHandlers(testbed.ctx) as Handlers;
    testbed.open();
    await sync.idle();
    const call = async <T>(op: string, input: unknown): Promise<T> => {
      const result = await dispatch(handlers, op, input);
      if (!result.ok) throw new Error(`${op}: ${result.error.message}`);
      return result.data as T;
    };
    const ids = api.admin
      .submissionsOf(FORM.id, { includePreview: false })
      .slice(0, count)
      .map((s) => s.submissionId);
    if (ids.length < count) throw new Error(`only ${ids.length} submissions to delete`);
    log(`deleting ${count} submissions at ${SERVICE_RATE} requests/s`);
    api.admin.clearRequests();
    const started = performance.now();
    const job = await call<DeleteJobSummary>('submissions.deleteMany', {
      formId: FORM.id,
      submissionIds: ids,
    });
    const ended = await new Promise<DeleteJobSummary>((resolve) => {
      const look = async () => {
        const { jobs } = await call<{ jobs: DeleteJobSummary[] }>('deleteJobs.list', {});
        const now = jobs.find((j) => j.jobId === job.jobId);
        if (now && now.state !== 'running' && now.state !== 'waiting') resolve(now);
        else setTimeout(() => void look(), 50);
      };
      void look();
    });
    const elapsed = (performance.now() - started) / 1000;
    const requests = api.admin.requests();
    const sent = requests.filter((r) => r.method === 'DELETE' && r.status === 200).length;
    const rejected = requests.filter((r) => r.status === 429).length;
    const floor = count / SERVICE_RATE;
    log(
      `${ended.state}: ${ended.deleted} deleted, ${ended.alreadyGone} already gone, ${ended.failed} failed, ${sent} requests answered 200, ${rejected} answered 429, in ${elapsed.toFixed(1)} s`,
    );
    const once = ended.deleted === count && sent === count;
    return [
      {
        benchmark: `bulk delete of ${count.toLocaleString('en')} submissions (a request a row)`,
        measured: `${elapsed.toFixed(1)} s`,
        reference: `floor ${floor.toFixed(1)} s at ${SERVICE_RATE} req/s`,
        ratio: elapsed / floor,
        target: '≤ 1.05 × floor; every row deleted once',
        met: elapsed / floor <= 1.05 && once,
      },
    ];
  } finally {
    testbed.close();
    await api.close();
  }
}
