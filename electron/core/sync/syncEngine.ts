import { SubmissionStatus } from '../../shared/api/endpoints';
import { type AppEvent } from '../../shared/contract/events';
import { type SyncMode } from '../../shared/contract/sync';
import { AppError, isAppError } from '../../shared/errors';
import { type ApiClient } from '../api/types';
import { type CacheStores } from '../cache/cacheStores';
import { storageError } from '../cache/storageError';
import { type Logger } from '../logging/log';
import { type ConnectionMonitor } from './connection';
import { type PageWriter } from '../session/pageWriter';
import { pageWriterOn } from './pageStore';
import { toSubmissionRow } from '../cache/submissionRow';
import { type SweptRow } from '../cache/submissionStore';
import {
  checkCancelled,
  incrementalPass,
  reconcilePass,
  type PageReport,
  type StreamOptions,
} from './streamSync';
import { windowPass } from './windowPass';

export interface SyncTuning {
  /** An incremental pull starts this long before the newest cached submission. */
  overlapMs: number;
  /** A form not walked in full for this long gets a reconcile pass even when counts agree. */
  reconcileEveryMs: number;
  now: () => Date;
}

export const DEFAULT_TUNING: SyncTuning = {
  overlapMs: 5 * 60_000,
  reconcileEveryMs: 6 * 60 * 60_000,
  now: () => new Date(),
};

export interface SyncTarget {
  workspaceId: string;
  api: ApiClient;
  stores: CacheStores;
  connection: ConnectionMonitor;
  emit: (event: AppEvent) => void;
  /** Where pages are stored; on this thread, through `stores`, when absent. */
  writer?: PageWriter;
  /**
   * Told as each form's sync begins, before its first request, and as it ends, before its `done`
   * event goes out (a status asked for on that event already counts the form as done).
   */
  onForm?: (formId: string, stage: 'begun' | 'finished') => void;
  /**
   * Each form's sync as it goes, at debug level: a sync that stops short of its end is found in
   * the log by the last step it reached.
   */
  log?: Pick<Logger, 'debug'>;
}

export interface FormSyncResult {
  formId: string;
  changed: number;
  removed: number;
  error: AppError | null;
}

const STATUSES = SubmissionStatus.options;
/** In-progress rows gone from their listing that are read back one by one, at most. */
const FOLLOW_LIMIT = 25;

/**
 * Keeps a workspace's cache true to the server, one form at a time: per status an incremental
 * pull, then a reconcile walk when one is due (asked for, a count that does not add up, a pass
 * left half-way, or none for a while). Runs at background priority; stops at the signal.
 */
export class SyncEngine {
  constructor(
    private readonly target: SyncTarget,
    private readonly tuning: SyncTuning = DEFAULT_TUNING,
  ) {}

  /** Syncs one form, or refreshes the form list and syncs every form. */
  async run(
    scope: { formId?: string; mode: SyncMode },
    signal: AbortSignal,
  ): Promise<FormSyncResult[]> {
    const formIds = scope.formId === undefined ? await this.refreshForms(signal) : [scope.formId];
    const results: FormSyncResult[] = [];
    for (const formId of formIds) {
      checkCancelled(signal);
      const result = await this.syncForm(formId, scope.mode, signal);
      results.push(result);
      // Without a connection (or a key) the other forms would fail the same way.
      if (result.error && this.target.connection.state !== 'online') break;
    }
    return results;
  }

  private async refreshForms(signal: AbortSignal): Promise<string[]> {
    const { api, stores, connection } = this.target;
    const forms = await connection.track(() => api.listForms({ priority: 'background', signal }));
    const writer = this.target.writer ?? pageWriterOn(stores);
    await writer.forms({ forms, at: this.tuning.now().toISOString() });
    this.changed(['forms']);
    return forms.map((f) => f.formId);
  }

  async syncForm(formId: string, mode: SyncMode, signal: AbortSignal): Promise<FormSyncResult> {
    const { stores, connection } = this.target;
    const progress = new ProgressMeter(this.tuning.now);
    const result: FormSyncResult = { formId, changed: 0, removed: 0, error: null };
    const options: StreamOptions = {
      api: this.target.api,
      stores,
      writer: this.target.writer ?? pageWriterOn(stores),
      signal,
      now: this.tuning.now,
      overlapMs: this.tuning.overlapMs,
      onPage: (page: PageReport) => {
        this.target.log?.debug(
          `sync of form ${formId}: ${page.pass} page of ${page.rows} ${page.status} rows stored, ${page.remaining} left`,
        );
        connection.answered();
        this.progress(formId, page.pass, progress.page(page), false);
        if (page.changed > 0) this.changed(['submissions'], formId);
      },
    };
    // Before the first request: from here on, what changes on this form may be behind this run.
    this.target.onForm?.(formId, 'begun');
    this.target.log?.debug(`sync of form ${formId} begun (${mode})`);
    // Statuses whose pull covered only the newest rows and no walk followed: their counts are
    // compared window by window, in-progress first, as a response that left that listing is
    // followed to the finished one before the finished one is counted.
    const counted: SubmissionStatus[] = [];
    try {
      await this.learnMetadata(formId, mode, signal);
      for (const status of STATUSES) {
        // A walk cut half-way resumes first: starting a pull would lose its place.
        if (stores.syncState.get(formId, status).phase === 'reconcile') {
          await this.walk(formId, status, options, result);
        }
        const before = stores.syncState.get(formId, status);
        const firstPull = before.lastSyncedAt === null;
        // A first pull that starts now opens the walk after it: every row it stores is seen by that
        // walk, which then writes only what the pull cannot see (previews, edits made meanwhile).
        // A row deleted in the moments between the two stays until the next walk.
        const opensWalk = firstPull && before.phase === 'idle';
        if (opensWalk)
          stores.syncState.update(formId, status, { passId: stores.syncState.newPassId() });
        const pulled = await incrementalPass(formId, status, options);
        result.changed += pulled.changed;
        if (firstPull && mode === 'incremental' && !pulled.reconcileDue)
          await this.settleFirstPull(formId, status, signal);
        const state = stores.syncState.get(formId, status);
        if (mode === 'full' || pulled.reconcileDue || this.reconcileStale(state.lastReconciledAt)) {
          await this.walk(formId, status, options, result, opensWalk);
        } else if (state.afterDate !== null) counted.unshift(status);
      }
      for (const status of counted) await this.compareWindows(formId, status, options, result);
      this.target.log?.debug(`sync of form ${formId} done`);
      this.progress(formId, 'done', progress.totals(), true);
    } catch (error) {
      const failure = isAppError(error)
        ? error
        : (storageError(error) ??
          new AppError('INTERNAL', 'Sync stopped on an unexpected error.', { cause: error }));
      this.target.log?.debug(`sync of form ${formId} stopped: ${failure.code}`);
      connection.failed(failure);
      result.error = failure;
      const at = this.tuning.now().toISOString();
      const cancelled = failure.code === 'CANCELLED';
      // A cancelled sync is not a failure of the form: its pass resumes next time, no error shown.
      for (const status of STATUSES) {
        stores.syncState.update(
          formId,
          status,
          cancelled ? { lastAttemptAt: at } : { lastAttemptAt: at, lastError: failure.message },
        );
      }
      this.progress(
        formId,
        cancelled ? 'cancelled' : 'stopped',
        progress.totals(),
        true,
        cancelled ? undefined : failure.message,
      );
      if (cancelled) throw failure;
    } finally {
      if (result.changed + result.removed > 0) this.changed(['submissions', 'questions'], formId);
    }
    return result;
  }

  /** Asks once per form (and on a full sync) for the form's questions, where the server offers them. */
  private async learnMetadata(formId: string, mode: SyncMode, signal: AbortSignal): Promise<void> {
    const { api, stores, connection } = this.target;
    if (!stores.forms.has(formId) || (mode === 'incremental' && stores.forms.metadataAsked(formId)))
      return;
    const metadata = await connection.track(() =>
      api.getFormMetadata(formId, { priority: 'background', signal }),
    );
    stores.db.transaction(() => {
      stores.forms.setMetadata(formId, metadata);
      if (metadata) stores.questions.adoptMetadata(formId, metadata);
    })();
  }

  private async walk(
    formId: string,
    status: SubmissionStatus,
    options: StreamOptions,
    into: FormSyncResult,
    continuePass = false,
  ): Promise<void> {
    // Read as the walk starts: previews asked for while the form's pull ran are listed already.
    const previews = this.target.stores.forms.keepsPreviews(formId);
    const walked = await reconcilePass(formId, status, options, { continuePass, previews });
    into.changed += walked.changed;
    into.removed += walked.vanished.length;
    if (status === 'in_progress' && walked.vanished.length > 0)
      await this.followFinished(formId, walked.vanished, options.signal);
  }

  private async compareWindows(
    formId: string,
    status: SubmissionStatus,
    options: StreamOptions,
    into: FormSyncResult,
  ): Promise<void> {
    const compared = await windowPass(formId, status, options);
    into.changed += compared.changed;
    into.removed += compared.vanished.length;
    if (status === 'in_progress' && compared.vanished.length > 0)
      await this.followFinished(formId, compared.vanished, options.signal);
  }

  /**
   * A response that leaves the in-progress listing was usually finished, and may keep its start
   * time: older than anything an incremental pull of finished rows asks for. Each one is read back
   * (a 404 means it was deleted); beyond a handful, a walk of the finished listing is cheaper.
   */
  private async followFinished(
    formId: string,
    rows: readonly SweptRow[],
    signal: AbortSignal,
  ): Promise<void> {
    const { api, stores, connection } = this.target;
    if (rows.length > FOLLOW_LIMIT) {
      stores.syncState.askWalk(formId, 'finished');
      return;
    }
    for (const row of rows) {
      checkCancelled(signal);
      try {
        const found = await connection.track(() =>
          api.getSubmission(formId, row.submissionId, {}, { priority: 'background', signal }),
        );
        const syncedAt = this.tuning.now().toISOString();
        stores.submissions.transaction(() =>
          stores.submissions.upsert(
            formId,
            [toSubmissionRow(found, 'finished', row.isPreview)],
            syncedAt,
          ),
        );
      } catch (error) {
        if (!isAppError(error) || error.code !== 'NOT_FOUND') throw error;
      }
    }
  }

  /**
   * A first pull into an empty cache, its count confirmed, leaves nothing to sweep or refresh: it
   * stands for the walk of the preview-free listing, as long again as the pull. Only previews are
   * left to find, when the form keeps them: one request with previews counted tells whether the
   * server holds any, and the walk runs only then.
   */
  private async settleFirstPull(
    formId: string,
    status: SubmissionStatus,
    signal: AbortSignal,
  ): Promise<void> {
    const { api, stores, connection } = this.target;
    if (stores.forms.keepsPreviews(formId)) {
      const probe = await connection.track(() =>
        api.listSubmissions(
          formId,
          { status, includePreview: true, limit: 1 },
          { priority: 'background', signal },
        ),
      );
      if (probe.totalResponses !== stores.submissions.count(formId, status)) return;
    }
    stores.syncState.update(formId, status, { lastReconciledAt: this.tuning.now().toISOString() });
  }

  private reconcileStale(lastReconciledAt: string | null): boolean {
    if (lastReconciledAt === null) return true;
    return (
      this.tuning.now().getTime() - Date.parse(lastReconciledAt) >= this.tuning.reconcileEveryMs
    );
  }

  private progress(
    formId: string,
    phase: string,
    p: Progress,
    done: boolean,
    error?: string,
  ): void {
    if (done) this.target.onForm?.(formId, 'finished');
    this.target.emit({
      type: 'sync.progress',
      workspaceId: this.target.workspaceId,
      formId,
      phase,
      pagesDone: p.pages,
      rowsDone: p.rows,
      totalExpected: p.expected,
      etaMs: done ? 0 : p.etaMs,
      done,
      ...(error === undefined ? {} : { error }),
    });
  }

  private changed(tables: string[], formId?: string): void {
    this.target.emit({
      type: 'cache.changed',
      workspaceId: this.target.workspaceId,
      tables,
      ...(formId === undefined ? {} : { formId }),
    });
  }
}

interface Progress {
  pages: number;
  rows: number;
  expected: number | null;
  etaMs: number | null;
}

/** Pages and rows so far, and an ETA from the listing's remaining rows at the pace seen so far. */
class ProgressMeter {
  private pages = 0;
  private rows = 0;
  private readonly started: number;
  private remaining = 0;

  constructor(private readonly now: () => Date) {
    this.started = now().getTime();
  }

  page(page: PageReport): Progress {
    this.pages++;
    this.rows += page.rows;
    this.remaining = page.remaining;
    const perRow = (this.now().getTime() - this.started) / Math.max(1, this.rows);
    return {
      pages: this.pages,
      rows: this.rows,
      expected: this.rows + page.remaining,
      etaMs: Math.round(perRow * page.remaining),
    };
  }

  totals(): Progress {
    return {
      pages: this.pages,
      rows: this.rows,
      expected: this.rows + this.remaining,
      etaMs: null,
    };
  }
}
