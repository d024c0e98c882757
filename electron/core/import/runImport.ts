import { MAX_CREATE_BATCH } from '../../shared/api/endpoints';
import { DEFAULT_TIMEOUTS } from '../api/http';
import { type Submission } from '../../shared/api/submission';
import { type AppEvent } from '../../shared/contract';
import { type ImportState } from '../../shared/contract/imports';
import { AppError } from '../../shared/errors';
import { type ApiClient } from '../api/types';
import { type Logger } from '../logging/log';
import {
  type BatchRow,
  type ImportJournal,
  type JobRecord,
  type UncertainBatch,
} from './importJournal';
import { normaliseTime } from './rowFingerprint';
import { LEASE_MS, LeaseLost, type RunnerLease } from './runnerLease';
import { mappedQuestionIds } from './validateJob';
import { lookForBatch } from './verifyBatch';
import { plural } from './contentMatch';
import { classifyFailure } from './createFailure';
import { ProgressMeter } from './importProgress';

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
  /** The job ended with rows whose creation could not be confirmed: Activity keeps them. */
  rowsToCheck?(jobId: string, rowIndexes: readonly number[]): void;
  /** Wait before the first look for an uncertain batch's rows, so a quick commit is found at once. */
  settleMs?: number;
  /**
   * How long after a request ended without an answer its rows may still be committed by the
   * service (a gateway answers 5xx while its backend goes on): missing rows are resent only after.
   */
  verifyWindowMs?: number;
  /** First pause after a rate limit or an unreachable server; doubles up to `MAX_RETRY_DELAY_MS`. */
  retryDelayMs?: number;
  now?: () => number;
}

type Stop = 'pause' | 'cancel';

/** A job's loop as its runner sees it: a stop asked for, and a way to cut its wait short. */
interface Loop {
  stop: Stop | null;
  wake: () => void;
}

/** What one run of a job keeps between its steps. */
interface JobRun {
  jobId: string;
  job: JobRecord;
  questionIds: readonly string[];
  loop: Loop;
  now: () => number;
  sleep: (ms: number) => Promise<void>;
  emit: (state: ImportState) => void;
  /** Waits before trying again, each wait doubling the last. */
  backOff: () => Promise<void>;
  /** The service answered: the next wait starts short again. */
  answered: () => void;
  settleMs: number;
  windowMs: number;
}

/** Longer than any create may take: the client's own limit for a write, and a minute more. */
export const VERIFY_WINDOW_MS = DEFAULT_TIMEOUTS.writeHeadersMs + 60_000;

/** Batches whose outcome is open at once before sending waits for their looks. */
const MAX_OPEN_BATCHES = 3;
/** The longest pause between tries while the service refuses or cannot be reached. */
const MAX_RETRY_DELAY_MS = 30_000;

/**
 * Runs imports: batches of at most ten rows, each written to the journal before it is sent and
 * settled after, through the key's scheduler at background priority so interactive calls go
 * first. One loop per job; pause and cancel take effect between batches (a batch in flight is
 * let finish, so stopping never makes an outcome uncertain).
 */
export class ImportRunner {
  private readonly loops = new Map<string, Loop & { done: Promise<ImportState> }>();

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

  private async loopJob(jobId: string, loop: Loop): Promise<ImportState> {
    const { journal, lease } = this.deps;
    const run = this.startRun(jobId, loop);
    journal.setState(jobId, 'running');
    run.emit('running');
    for (;;) {
      if (!lease.renew(jobId)) throw new LeaseLost();
      const open = journal.uncertainBatches(jobId);
      const at = run.now();
      const waiting = new Waiting(journal, at, run.settleMs, run.windowMs);
      const due = open.filter((batch) => waiting.dueAt(batch) <= at);
      if (due.length > 0) {
        const ended = await this.lookAtDue(run, due, waiting);
        if (ended) return ended;
        continue;
      }
      if (loop.stop !== null) return this.finishStopped(jobId, loop.stop, run.emit);

      const inWindow = open.filter((batch) => !waiting.windowOver(batch)).length;
      const rows = inWindow < MAX_OPEN_BATCHES ? journal.nextBatch(jobId, MAX_CREATE_BATCH) : [];
      const ended =
        rows.length === 0
          ? await this.waitOrFinish(run, open, waiting)
          : await this.sendBatch(run, rows);
      if (ended) return ended;
    }
  }

  /** What one run of a job keeps between its steps: its clock, its pauses, its events. */
  private startRun(jobId: string, loop: Loop): JobRun {
    const { journal } = this.deps;
    const job = journal.job(jobId);
    if (!job) throw new AppError('NOT_FOUND', 'This import no longer exists.');
    const now = this.deps.now ?? Date.now;
    const progress = new ProgressMeter(now);
    const sleep = (ms: number) =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, ms);
        loop.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    const base = this.deps.retryDelayMs ?? 1000;
    let delay = base;
    return {
      jobId,
      job,
      questionIds: mappedQuestionIds(job),
      loop,
      now,
      sleep,
      emit: (state) => this.deps.emit(progress.event(journal, jobId, state)),
      backOff: async () => {
        await sleep(delay);
        delay = Math.min(delay * 2, MAX_RETRY_DELAY_MS);
      },
      answered: () => (delay = base),
      settleMs: this.deps.settleMs ?? 2000,
      windowMs: this.deps.verifyWindowMs ?? VERIFY_WINDOW_MS,
    };
  }

  /**
   * Looks for each batch whose look is due. A service that cannot be asked is waited for, saying
   * which batch it must check first: nothing of it is sent again until it is checked.
   */
  private async lookAtDue(
    run: JobRun,
    due: readonly UncertainBatch[],
    waiting: Waiting,
  ): Promise<ImportState | null> {
    const { journal } = this.deps;
    let looking = due[0]!;
    try {
      for (const batch of due) {
        looking = batch;
        await this.lookAndSettle(run.jobId, run.job.formId, run.questionIds, batch, waiting);
      }
    } catch (error) {
      const reason = error instanceof AppError ? error.message : 'the server could not be asked';
      journal.setNotice(
        run.jobId,
        `Could not yet check batch ${looking.batchNo} on the server (${reason}); nothing of it is sent again until it is checked.`,
      );
      if (run.loop.stop !== null) return this.finishStopped(run.jobId, run.loop.stop, run.emit);
      run.emit(journal.job(run.jobId)!.state);
      await run.backOff();
    }
    return null;
  }

  /**
   * Nothing left to send: waits for the next batch whose look is due, or, with none open, ends the
   * job, done or with rows for the person to check.
   */
  private async waitOrFinish(
    run: JobRun,
    open: readonly UncertainBatch[],
    waiting: Waiting,
  ): Promise<ImportState | null> {
    const { journal } = this.deps;
    if (open.length > 0) {
      journal.setState(run.jobId, 'verifying');
      run.emit('verifying');
      await run.sleep(Math.max(0, Math.min(...open.map((b) => waiting.dueAt(b))) - run.now()));
      return null;
    }
    const toCheck = journal.unconfirmedRows(run.jobId);
    const state = toCheck.length > 0 ? 'doneToCheck' : 'done';
    journal.setState(run.jobId, state);
    if (toCheck.length > 0) this.deps.rowsToCheck?.(run.jobId, toCheck);
    run.emit(state);
    return state;
  }

  /**
   * Journals a batch, then sends it. An answer is recorded with the rows it created; a failure is
   * recorded by what it says of the batch (refused, never sent, or unknown until looked for).
   */
  private async sendBatch(run: JobRun, rows: BatchRow[]): Promise<ImportState | null> {
    const { journal, api } = this.deps;
    const { jobId, job } = run;
    if (journal.job(jobId)!.state !== 'running') journal.setState(jobId, 'running');
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
          run.emit('running');
          await run.backOff();
          break;
        case 'unknown':
          journal.recordUnknown(jobId, batchNo, message);
          break;
        case 'halt':
          journal.recordNotSent(jobId, batchNo, message);
          journal.setState(jobId, 'paused', `Paused: ${message}`);
          run.emit('paused');
          return 'paused';
      }
      run.emit('running');
      return null;
    }
    // Past this point the server has answered: a failure to record it (the cache file) leaves
    // the batch journaled as sending, and it is verified on resume rather than resent.
    if (created.length !== rows.length) {
      journal.recordUnknown(
        jobId,
        batchNo,
        `The server answered with ${created.length} submissions for ${rows.length} rows.`,
      );
      return null;
    }
    journal.recordCreated(jobId, batchNo, linkCreated(rows, created), () => {
      journal.noteTimesKept(jobId, timesKept(rows, created));
      this.deps.storeCreated(job.formId, created);
    });
    this.deps.cacheChanged(job.formId);
    run.answered();
    run.emit('running');
    return null;
  }

  /**
   * Records a look: rows found by their marker are created. Until the batch's window has passed,
   * the others are looked for again; after it, each is sent again if its absence is proven (by the
   * marker, where the service keeps the times sent, or because no submission since has its
   * answers) and is otherwise left to the person, never guessed.
   */
  private async lookAndSettle(
    jobId: string,
    formId: string,
    questionIds: readonly string[],
    batch: UncertainBatch,
    waiting: Waiting,
  ): Promise<void> {
    const { journal } = this.deps;
    const final = waiting.windowOver(batch);
    const outcome = await lookForBatch(this.deps.api, journal, formId, questionIds, batch, {
      proveAbsence: final && waiting.keeps !== true,
      now: waiting.at,
    });
    // A row found by its exact time shows the service keeps the times sent.
    if (outcome.found.size > 0) journal.noteTimesKept(jobId, true);
    const missing = outcome.missing.length;
    const unconfirmed = outcome.lookAlike.size;
    const lines = `lines ${batch.rows[0]?.line ?? 0}–${batch.rows.at(-1)?.line ?? 0}`;
    const found = `${outcome.found.size} of ${batch.rows.length} rows are on the service`;
    const minutes = Math.max(1, Math.round(waiting.windowMs / 60_000));
    const message =
      missing === 0
        ? `Batch ${batch.batchNo} (${lines}) got no answer; all its rows are on the service, so nothing of it is sent again.`
        : !final
          ? `Batch ${batch.batchNo} (${lines}) got no answer; ${found}. The service may still be saving the others: they are looked for again ${plural(minutes, 'minute')} after the request ended, before anything is sent again.`
          : unconfirmed === 0
            ? `Batch ${batch.batchNo} (${lines}) got no answer; ${found}. The others were still not there once the service had had time to save them, so they are sent again.`
            : `Batch ${batch.batchNo} (${lines}) got no answer; ${found}. ${plural(unconfirmed, 'row')} could not be confirmed: a submission with the same answers arrived meanwhile, and ${waiting.keeps === false ? 'this service does not keep the times Formdesk sends' : 'it is not yet known whether this service keeps the times Formdesk sends'}, so it cannot be told from a respondent's. Check ${unconfirmed === 1 ? 'it' : 'them'} in the report.`;
    journal.resolveVerified(
      jobId,
      batch.batchNo,
      outcome.found,
      missing > 0 && !final ? 'wait' : { unconfirmed: outcome.lookAlike },
      message,
      () => this.deps.storeCreated(formId, outcome.submissions),
    );
    journal.setNotice(jobId, message);
    if (outcome.found.size > 0) this.deps.cacheChanged(formId);
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

/**
 * When each uncertain batch is looked at: shortly after its request ended, so a quick commit is
 * found at once, and again once its window has passed, when what is still missing is settled.
 */
class Waiting {
  /** Whether the service keeps the times sent, as the workspace's imports have seen it. */
  readonly keeps: boolean | null;

  constructor(
    journal: ImportJournal,
    readonly at: number,
    private readonly settleMs: number,
    readonly windowMs: number,
  ) {
    this.keeps = journal.serviceKeepsTimes();
  }

  windowOver(batch: UncertainBatch): boolean {
    return this.at - Date.parse(batch.since) >= this.windowMs;
  }

  dueAt(batch: UncertainBatch): number {
    return Date.parse(batch.since) + (batch.state === 'looked' ? this.windowMs : this.settleMs);
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
