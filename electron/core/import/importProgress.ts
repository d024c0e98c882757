import { MAX_CREATE_BATCH } from '../../shared/api/endpoints';
import { type AppEvent } from '../../shared/contract';
import { type ImportState } from '../../shared/contract/imports';
import { type ImportJournal } from './importJournal';

/** Rows per second over the last half minute, and the time left at that pace. */
export class ProgressMeter {
  private samples: Array<{ at: number; done: number }> = [];

  constructor(private readonly now: () => number) {}

  event(
    journal: ImportJournal,
    jobId: string,
    state: ImportState,
  ): Extract<AppEvent, { type: 'import.progress' }> {
    const s = journal.summary(jobId)!;
    const done = s.created + s.failed + s.skipped + s.unconfirmed + s.left;
    const total = s.rowsTotal - s.excluded - s.invalid;
    const at = this.now();
    this.samples.push({ at, done });
    this.samples = this.samples.filter((p) => at - p.at <= 30_000);
    const first = this.samples[0]!;
    const rate =
      at > first.at && done > first.done ? ((done - first.done) * 1000) / (at - first.at) : null;
    const remaining = Math.max(0, total - done);
    const settled = journal.settledBatches(jobId);
    return {
      type: 'import.progress',
      jobId,
      state,
      rowsDone: done,
      rowsTotal: total,
      // Without a measured pace yet, the floor: ten rows per request at five requests a second.
      etaMs:
        remaining === 0
          ? 0
          : rate
            ? Math.round((remaining / rate) * 1000)
            : Math.ceil(remaining / MAX_CREATE_BATCH) * 200,
      batchesDone: settled,
      batchesTotal: settled + Math.ceil((s.pending + s.unknown) / MAX_CREATE_BATCH),
      rowsPerSecond: rate,
      created: s.created,
      failed: s.failed,
      notice: s.notice,
    };
  }
}
