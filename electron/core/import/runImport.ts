import { MAX_CREATE_BATCH } from '../../shared/api/endpoints';
import { type Submission } from '../../shared/api/submission';
import { type AppEvent } from '../../shared/contract';
import { type ImportState } from '../../shared/contract/imports';
import { AppError } from '../../shared/errors';
import { type ApiClient } from '../api/types';
import { type Logger } from '../log';
import { type BatchRow, type ImportJournal } from './importJournal';
import { normaliseTime } from './rowFingerprint';
import { LEASE_MS, LeaseLost, type RunnerLease } from './runnerLease';
import { mappedQuestionIds } from './validateJob';
import { verifyBatch } from './verifyBatch';

export interface ImportDeps {
  api: Pick<ApiClient, 'createSubmissions' | 'listSubmissions'>;
  journal: ImportJournal;
  /** The journal's one-runner-per-job lease, on the same database. */
  lease: RunnerLease;
  /** Where a runner's failures are written with their cause. */
  log: Pick<Logger, 'error'>;
  /** Puts created submissions in the cache; runs inside the journal's transaction. */
  storeCreated(formId: string, submissions: readonly Submission[]): void;
  /** After the transaction: tell the renderer the form's submissions changed. */
  cacheChanged(formId: string): void;
  emit(event: Extract<AppEvent, { type: 'import.progress' }>): void;
  /** Wait before checking an uncertain batch, so a request the server is still handling lands first. */
  settleMs?: number;
  /** First pause after a rate limit or an unreachable server; doubles up to 30 s. */
  retryDelayMs?: number;
  now?: () => number;
}

type Stop = 'pause' | 'cancel';

/** How a failed create leaves its batch. */
type FailureKind = 'refused' | 'notSent' | 'unknown' | 'halt';

/**
 * A failed create is "unknown" unless the error proves the server did not create anything: a
 * rate-limit or validation answer, or a connection that never reached it. Unknown batches are
 * verified before anything more is sent; checking costs one list call, a duplicate costs trust.
 */
export function classifyFailure(error: unknown): FailureKind {
  if (!(error instanceof AppError) || error.outcomeUnknown) return 'unknown';
  switch (error.code) {
    case 'INVALID_INPUT':
      return 'refused';
    case 'RATE_LIMITED':
    case 'OFFLINE':
      return 'notSent';
    case 'NETWORK':
      return error.retryable ? 'notSent' : 'unknown';
    case 'UNAUTHORIZED':
    case 'NOT_FOUND':
      return 'halt';
    default:
      return 'unknown';
  }
}

/**
 * Runs imports: batches of at most ten rows, each written to the journal before it is sent and
 * settled after, through the key's scheduler at background priority so interactive calls go
 * first. One loop per job; pause and cancel take effect between batches (a batch in flight is
 * let finish, so stopping never makes an outcome uncertain).
 */
export class ImportRunner {
  private readonly loops = new Map<
    string,
    { stop: Stop | null; wake: () => void; done: Promise<ImportState> }
  >();

  constructor(private readonly deps: ImportDeps) {}

  isRunning(jobId: string): boolean {
    return this.loops.has(jobId);
  }

  /**
   * Starts (or resumes) the job's loop; a no-op when it already runs here. Throws, before anything
   * is sent, when another runner (another process on the same journal) holds the job's lease.
   */
  run(jobId: string): Promise<ImportState> {
    const existing = this.loops.get(jobId);
    if (existing) {
      existing.stop = null;
      return existing.done;
    }
    const { lease } = this.deps;
    lease.take(jobId);
    // Renewed between batches too; the timer covers long waits (a slow create, a back-off).
    const renewal = setInterval(() => {
      try {
        lease.renew(jobId);
      } catch {
        // The file is closing; the loop finds out at its next step.
      }
    }, LEASE_MS / 3);
    renewal.unref();
    const loop = {
      stop: null as Stop | null,
      wake: () => {},
      done: Promise.resolve<ImportState>('running'),
    };
    loop.done = this.loopJob(jobId, loop)
      .catch((error: unknown) => this.pauseOnError(jobId, error))
      .finally(() => {
        clearInterval(renewal);
        this.loops.delete(jobId);
        try {
          lease.release(jobId);
        } catch {
          // A closed file: the lease expires by itself.
        }
      });
    this.loops.set(jobId, loop);
    return loop.done;
  }

  /** Asks the loop to stop after the batch in flight; resolves with the state it stopped in. */
  async stop(jobId: string, stop: Stop): Promise<ImportState | null> {
    const loop = this.loops.get(jobId);
    if (!loop) return null;
    loop.stop = stop;
    loop.wake();
    return loop.done;
  }

  async stopAll(): Promise<void> {
    await Promise.all([...this.loops.keys()].map((id) => this.stop(id, 'pause')));
  }

  private async loopJob(
    jobId: string,
    loop: { stop: Stop | null; wake: () => void },
  ): Promise<ImportState> {
    const { journal, api } = this.deps;
    const job = journal.job(jobId);
    if (!job) throw new AppError('NOT_FOUND', 'This import no longer exists.');
    const questionIds = mappedQuestionIds(job);
    const progress = new ProgressMeter(this.deps.now ?? Date.now);
    const sleep = (ms: number) =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, ms);
        loop.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    const emit = (state: ImportState) => this.deps.emit(progress.event(journal, jobId, state));
    const base = this.deps.retryDelayMs ?? 1000;
    let delay = base;
    const backOff = async () => {
      await sleep(delay);
      delay = Math.min(delay * 2, 30_000);
    };

    journal.setState(jobId, 'running');
    emit('running');
    for (;;) {
      if (!this.deps.lease.renew(jobId)) throw new LeaseLost();
      const uncertain = journal.uncertainBatches(jobId);
      if (uncertain.length > 0) {
        journal.setState(jobId, 'verifying');
        emit('verifying');
        if (loop.stop === null) await sleep(this.deps.settleMs ?? 2000);
        let checked = true;
        for (const batch of uncertain) {
          try {
            const outcome = await verifyBatch(
              api,
              journal,
              job.formId,
              questionIds,
              batch,
              journal.timesKept(jobId),
            );
            journal.resolveVerified(jobId, batch.batchNo, outcome.found, outcome.message, () =>
              this.deps.storeCreated(job.formId, outcome.submissions),
            );
            journal.setNotice(jobId, outcome.message);
            if (outcome.found.size > 0) this.deps.cacheChanged(job.formId);
          } catch (error) {
            checked = false;
            const reason =
              error instanceof AppError ? error.message : 'the server could not be asked';
            journal.setNotice(
              jobId,
              `Could not yet check batch ${batch.batchNo} on the server (${reason}); nothing is resent until it is checked.`,
            );
            break;
          }
        }
        if (!checked) {
          if (loop.stop !== null) return this.finishStopped(jobId, loop.stop, emit);
          emit('verifying');
          await backOff();
          continue;
        }
        journal.setState(jobId, 'running');
        emit('running');
        continue;
      }
      if (loop.stop !== null) return this.finishStopped(jobId, loop.stop, emit);

      const rows = journal.nextBatch(jobId, MAX_CREATE_BATCH);
      if (rows.length === 0) {
        journal.setState(jobId, 'done');
        emit('done');
        return 'done';
      }
      const batchNo = journal.journalBatch(jobId, rows);
      let created: Submission[];
      try {
        created = await api.createSubmissions(
          job.formId,
          rows.map((r) => r.payload),
          { priority: 'background' },
        );
      } catch (error) {
        const message = error instanceof AppError ? error.message : 'The request failed.';
        switch (classifyFailure(error)) {
          case 'refused':
            journal.recordRefused(jobId, batchNo, message);
            break;
          case 'notSent':
            journal.recordNotSent(jobId, batchNo, message);
            emit('running');
            await backOff();
            break;
          case 'unknown':
            journal.recordUnknown(jobId, batchNo, message);
            break;
          case 'halt':
            journal.recordNotSent(jobId, batchNo, message);
            journal.setState(jobId, 'paused', `Paused: ${message}`);
            emit('paused');
            return 'paused';
        }
        emit('running');
        continue;
      }
      // Past this point the server has answered: a failure to record it (the cache file) leaves
      // the batch journaled as sending, and it is verified on resume rather than resent.
      if (created.length !== rows.length) {
        journal.recordUnknown(
          jobId,
          batchNo,
          `The server answered with ${created.length} submissions for ${rows.length} rows.`,
        );
        continue;
      }
      journal.recordCreated(jobId, batchNo, linkCreated(rows, created), () => {
        journal.noteTimesKept(jobId, timesKept(rows, created));
        this.deps.storeCreated(job.formId, created);
      });
      this.deps.cacheChanged(job.formId);
      delay = base;
      emit('running');
    }
  }

  /**
   * Something outside the journal's control failed (the cache file, a bug): the job stops where
   * its journal says it is, paused with the reason, and resumes from there.
   */
  private pauseOnError(jobId: string, error: unknown): ImportState {
    this.deps.log.error(`import ${jobId} stopped`, error);
    // The runner that holds the lease now owns the job's state.
    if (error instanceof LeaseLost) return 'paused';
    const reason = error instanceof AppError ? error.message : 'an unexpected error stopped it';
    try {
      this.deps.journal.setState(
        jobId,
        'paused',
        `Paused: ${reason}. Resume to continue where it stopped.`,
      );
    } catch {
      // The journal itself is unreachable; its last committed state stands.
    }
    return 'paused';
  }

  private finishStopped(
    jobId: string,
    stop: Stop,
    emit: (state: ImportState) => void,
  ): ImportState {
    if (stop === 'cancel') {
      this.deps.journal.cancelPending(jobId);
      emit('cancelled');
      return 'cancelled';
    }
    this.deps.journal.setState(jobId, 'paused');
    emit('paused');
    return 'paused';
  }
}

/** The service answers in the order it was sent: row i of the batch is submission i. */
function linkCreated(rows: readonly BatchRow[], created: readonly Submission[]) {
  return rows.map((row, i) => ({ rowIndex: row.rowIndex, submissionId: created[i]!.submissionId }));
}

function timesKept(rows: readonly BatchRow[], created: readonly Submission[]): boolean {
  return rows.every(
    (row, i) =>
      normaliseTime(row.payload.submissionTime ?? '') === normaliseTime(created[i]!.submissionTime),
  );
}

/** Rows per second over the last half minute, and the time left at that pace. */
class ProgressMeter {
  private samples: Array<{ at: number; done: number }> = [];

  constructor(private readonly now: () => number) {}

  event(
    journal: ImportJournal,
    jobId: string,
    state: ImportState,
  ): Extract<AppEvent, { type: 'import.progress' }> {
    const s = journal.summary(jobId)!;
    const done = s.created + s.failed + s.skipped;
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
