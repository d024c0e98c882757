import { type DeleteJobState, type DeleteJobSummary } from '../../shared/contract/bulkDelete';
import { AppError, isAppError } from '../../shared/errors';
import { cacheStores } from '../cache/cacheStores';
import { type WorkspaceSession } from '../session/context';
import { type Logger } from '../logging/log';
import { type ConnectionMonitor } from '../sync/connection';
import { type DeleteJournal, type DeleteRow } from './deleteJournal';
import { saysItemMissing, unconfirmed } from './deleteSubmission';

export interface BulkDeleteDeps {
  session: Pick<WorkspaceSession, 'api' | 'db' | 'signal' | 'workspace'>;
  connection: ConnectionMonitor;
  journal: DeleteJournal;
  log: Pick<Logger, 'error'>;
  /** Each change of a job's counts or state. */
  progress(job: DeleteJobSummary): void;
  /** After a row left the cache: the form's submissions and Activity changed. */
  cacheChanged(formId: string): void;
  /** A job ended (done or cancelled); an erasure removes its local copies here. */
  finished?(jobId: string): void;
  /** First pause while the service cannot be reached; it grows with each failed try. */
  retryDelayMs?: number;
}

type Stop = 'pause' | 'cancel';

const OFFLINE_CODES = ['NETWORK', 'TIMEOUT', 'OFFLINE'];
/** Least time between two progress events of a job. */
const PROGRESS_MS = 250;

/** What asking the service about one row came to. */
type Outcome = 'deleted' | 'gone' | { failed: string };

/**
 * Runs bulk deletes: one row at a time, through the key's scheduler at background priority, each
 * marked `sending` in the journal before its request and settled after. A row left `sending` by a
 * crash is read before anything is sent for it, so no row's delete reaches the service twice.
 * While the service cannot be reached the job waits and nothing is sent; pause and cancel take
 * effect between rows.
 */
export class BulkDeleteRunner {
  private readonly loops = new Map<
    string,
    { stop: Stop | null; wake: () => void; done: Promise<DeleteJobState> }
  >();

  constructor(private readonly deps: BulkDeleteDeps) {}

  isRunning(jobId: string): boolean {
    return this.loops.has(jobId);
  }

  /** Starts or resumes the job's loop; the same loop when it already runs. */
  run(jobId: string, stop: Stop | null = null): Promise<DeleteJobState> {
    const existing = this.loops.get(jobId);
    if (existing) {
      existing.stop = stop;
      existing.wake();
      return existing.done;
    }
    const { journal } = this.deps;
    journal.take(jobId);
    const loop = {
      stop,
      wake: () => {},
      done: Promise.resolve<DeleteJobState>('running'),
    };
    loop.done = this.loopJob(jobId, loop)
      .catch((error: unknown) => this.stopOnError(jobId, error))
      .finally(() => {
        this.loops.delete(jobId);
        try {
          journal.release(jobId);
        } catch {
          // A closed file: the claim expires by itself.
        }
      });
    this.loops.set(jobId, loop);
    return loop.done;
  }

  /** Asks the loop to stop after the row in flight; resolves with the state it stopped in. */
  async stop(jobId: string, stop: Stop): Promise<DeleteJobState | null> {
    const loop = this.loops.get(jobId);
    if (!loop) return null;
    loop.stop = stop;
    loop.wake();
    return loop.done;
  }

  /** Waits for every loop to end (a closed workspace ends them). */
  async idle(): Promise<void> {
    await Promise.all([...this.loops.values()].map((loop) => loop.done));
  }

  private async loopJob(
    jobId: string,
    loop: { stop: Stop | null; wake: () => void },
  ): Promise<DeleteJobState> {
    const { journal, session } = this.deps;
    const base = this.deps.retryDelayMs ?? 1000;
    let delay = base;
    const sleep = (ms: number) =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, ms);
        const abort = () => resolve();
        session.signal.addEventListener('abort', abort, { once: true });
        loop.wake = () => {
          clearTimeout(timer);
          session.signal.removeEventListener('abort', abort);
          resolve();
        };
      });
    const setState = (state: DeleteJobState, notice: string | null = null) => {
      journal.setState(jobId, state, notice);
      this.deps.progress(journal.summary(jobId));
    };

    setState('running');
    let reported = 0;
    for (;;) {
      if (session.signal.aborted) return 'interrupted';
      if (!journal.renew(jobId)) return 'interrupted';
      if (loop.stop === 'pause') {
        setState('paused');
        return 'paused';
      }
      const row = journal.nextRow(jobId);
      if (loop.stop === 'cancel' && row?.status === 'sending') {
        await this.settleCancelled(jobId, row);
        continue;
      }
      if (loop.stop === 'cancel' || !row) {
        if (loop.stop === 'cancel') journal.skipOpen(jobId);
        const state = loop.stop === 'cancel' ? 'cancelled' : 'done';
        this.recordJob(jobId, state);
        // Before the state says done, so a job reads done only once all of it is.
        this.deps.finished?.(jobId);
        setState(state);
        return state;
      }
      let outcome: Outcome;
      try {
        outcome = await this.settle(jobId, row);
      } catch (error) {
        if (session.signal.aborted || (isAppError(error) && error.code === 'CANCELLED'))
          return 'interrupted';
        if (isAppError(error) && OFFLINE_CODES.includes(error.code)) {
          // A request that surely never left is sent as new; one that may have is read first.
          if (!error.outcomeUnknown && row.status === 'pending')
            journal.setRow(jobId, row.rowNo, 'pending');
          setState(
            'waiting',
            'The service cannot be reached: nothing more is deleted until it can. The job goes on by itself.',
          );
        } else if (isAppError(error) && error.code === 'UNAUTHORIZED') {
          setState('paused', `${error.message} Resume the job once the key is set again.`);
          return 'paused';
        } else if (isAppError(error) && (error.retryable || error.code === 'RATE_LIMITED')) {
          setState('running', `The service answered: ${error.message} Trying again shortly.`);
        } else {
          throw error;
        }
        await sleep(delay);
        delay = Math.min(delay * 2, 30_000);
        continue;
      }
      delay = base;
      this.keep(jobId, row, outcome);
      // Counted at most a few times a second: a summary reads every row of the job.
      if (Date.now() - reported >= PROGRESS_MS) {
        reported = Date.now();
        this.deps.progress(journal.summary(jobId));
      }
      if (journal.job(jobId)?.state !== 'running') setState('running');
    }
  }

  /** Asks the service to delete one row (after a read, when an earlier ask may have reached it). */
  private async settle(jobId: string, row: DeleteRow): Promise<Outcome> {
    const { session, connection, journal } = this.deps;
    const options = { priority: 'background' as const, signal: session.signal };
    if (row.status === 'sending') {
      const read = await this.read(row);
      if (read !== 'there') return read;
    }
    journal.setRow(jobId, row.rowNo, 'sending');
    try {
      const result = await connection.track(() =>
        session.api.deleteSubmission(row.formId, row.submissionId, options),
      );
      if (!result.alreadyDeleted) return 'deleted';
    } catch (error) {
      if (!isAppError(error) || error.code !== 'NOT_FOUND') throw error;
      if (!saysItemMissing(error)) return { failed: unconfirmed().message };
    }
    const read = await this.read(row);
    return read === 'there'
      ? { failed: 'The service said this submission was not found, yet it still returns it.' }
      : read;
  }

  /** A cancelled job's row whose ask went unanswered: read, never asked again. */
  private async settleCancelled(jobId: string, row: DeleteRow): Promise<void> {
    let gone = false;
    try {
      gone = (await this.read(row)) === 'gone';
    } catch {
      // Unknown: a later sync finds whether it went.
    }
    if (gone) this.keep(jobId, row, 'gone');
    else this.deps.journal.setRow(jobId, row.rowNo, 'skipped', 'Cancelled before it was deleted.');
  }

  /**
   * A read of the row: gone only when the service itself says it is not found; a "not found"
   * that does not say so (a proxy's page) leaves the row where it is, failed.
   */
  private async read(row: DeleteRow): Promise<'gone' | 'there' | { failed: string }> {
    const { session, connection } = this.deps;
    try {
      await connection.track(() =>
        session.api.getSubmission(
          row.formId,
          row.submissionId,
          {},
          { priority: 'background', signal: session.signal },
        ),
      );
      return 'there';
    } catch (error) {
      if (isAppError(error) && error.code === 'NOT_FOUND')
        return saysItemMissing(error) ? 'gone' : { failed: unconfirmed().message };
      throw error;
    }
  }

  /** The service's answer, kept: the cached row goes, with its copy in Activity for a delete. */
  private keep(jobId: string, row: DeleteRow, outcome: Outcome): void {
    const { session, journal } = this.deps;
    const stores = cacheStores(session.db);
    const erasing = journal.job(jobId)?.kind === 'erase';
    // An erased row's bytes are overwritten as it goes, not left in the file's free pages.
    if (erasing) session.db.pragma('secure_delete = ON');
    session.db.transaction(() => {
      if (typeof outcome === 'object') {
        journal.setRow(jobId, row.rowNo, 'failed', outcome.failed);
        return;
      }
      const removed = stores.submissions.delete(row.formId, row.submissionId);
      if (!erasing) {
        stores.activity.record({
          at: new Date().toISOString(),
          workspaceId: session.workspace.id,
          kind: 'submission.deleted',
          formId: row.formId,
          submissionId: row.submissionId,
          summary:
            outcome === 'gone'
              ? `Submission ${row.submissionId} was already deleted on the server; removed from the cache (bulk delete).`
              : `Deleted submission ${row.submissionId} (bulk delete).`,
          snapshot: removed,
        });
      }
      journal.setRow(jobId, row.rowNo, outcome);
    })();
    if (erasing) session.db.pragma('secure_delete = OFF');
    this.deps.cacheChanged(row.formId);
  }

  /** One Activity entry for the whole job, as it ends. An erasure writes its own. */
  private recordJob(jobId: string, state: DeleteJobState): void {
    const { session, journal } = this.deps;
    const summary = journal.summary(jobId);
    if (summary.kind === 'erase') return;
    const stores = cacheStores(session.db);
    const forms = summary.formIds.map((id) => stores.forms.name(id) ?? id).join(', ');
    const done = summary.deleted + summary.alreadyGone;
    stores.activity.record({
      at: new Date().toISOString(),
      workspaceId: session.workspace.id,
      kind: 'submissions.bulkDeleted',
      formId: summary.formIds.length === 1 ? (summary.formIds[0] ?? null) : null,
      submissionId: null,
      summary:
        `Bulk delete ${state === 'cancelled' ? 'cancelled' : 'finished'}: ${done} of ${summary.total} submissions deleted on ${forms}` +
        (summary.failed > 0 ? `, ${summary.failed} could not be` : '') +
        '.',
      snapshot: undefined,
    });
  }

  private stopOnError(jobId: string, error: unknown): DeleteJobState {
    this.deps.log.error('A bulk delete stopped', error);
    try {
      const message =
        error instanceof AppError ? error.message : 'Something went wrong while deleting.';
      this.deps.journal.setState(jobId, 'paused', `${message} Resume to try again.`);
      this.deps.progress(this.deps.journal.summary(jobId));
      return 'paused';
    } catch {
      return 'interrupted';
    }
  }
}
