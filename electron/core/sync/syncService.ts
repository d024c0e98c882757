import { randomUUID } from 'node:crypto';
import { type SyncMode, type SyncStatus } from '../../shared/contract/sync';
import { AppError } from '../../shared/errors';
import { cacheStores } from '../cache/cacheStores';
import { type AppContext, type WorkspaceSession } from '../session/context';
import { ConnectionMonitor } from './connection';
import { DEFAULT_TUNING, SyncEngine, type FormSyncResult, type SyncTuning } from './syncEngine';
import { formSyncStatus } from './syncStatus';

export interface SyncServiceOptions extends Partial<SyncTuning> {
  /** Background incremental sync of every form this often while a workspace is open; 0 = never. */
  intervalMs?: number;
  /** A form not synced for this long shows as stale. */
  staleAfterMs?: number;
}

interface Job {
  id: string;
  formId: string | null;
  mode: SyncMode;
  startedAt: string;
  controller: AbortController;
  done: Promise<FormSyncResult[]>;
  /** Forms this job has begun: what is new on them since may already be behind it. */
  begun: Set<string>;
  /**
   * Forms this job has finished with. A job over every form ends a while after its last form's
   * `done` event; a status asked for on that event must already call the form synced.
   */
  finished: Set<string>;
}

interface Attached {
  session: WorkspaceSession;
  engine: SyncEngine;
  connection: ConnectionMonitor;
  timer: NodeJS.Timeout | null;
  job: Job | null;
  /** Asked for while a job ran and not covered by it: runs when that job ends. */
  queued: SyncScope | null;
}

type SyncScope = { formId?: string; mode: SyncMode };

/**
 * Whether a running job already does what `scope` asks: it takes in the forms asked for and has not
 * begun any of them yet. A form it has begun or finished may have changed since it was read, so
 * "sync this form now" then runs again after the job.
 */
function covers(job: Job, scope: SyncScope): boolean {
  const forms =
    scope.formId === undefined
      ? job.formId === null && job.begun.size === 0
      : (job.formId === null || job.formId === scope.formId) && !job.begun.has(scope.formId);
  return forms && (job.mode === 'full' || scope.mode === 'incremental');
}

/** One scope that does what both ask. */
function merged(a: SyncScope | null, b: SyncScope): SyncScope {
  if (!a) return b;
  const mode: SyncMode = a.mode === 'full' || b.mode === 'full' ? 'full' : 'incremental';
  return a.formId !== undefined && a.formId === b.formId ? { formId: a.formId, mode } : { mode };
}

/**
 * Sync for the open workspace: starts when a workspace opens, repeats on an interval, runs on
 * demand, one job at a time, cancellable, and stops with the session. Also the home of the
 * session's connection state, which every operation that calls the server keeps up to date.
 */
export class SyncService {
  private attached: Attached | null = null;
  private readonly tuning: SyncTuning;
  private readonly intervalMs: number;
  private readonly staleAfterMs: number;

  constructor(
    private readonly ctx: AppContext,
    options: SyncServiceOptions = {},
  ) {
    this.tuning = { ...DEFAULT_TUNING, ...options };
    this.intervalMs = options.intervalMs ?? 5 * 60_000;
    this.staleAfterMs = options.staleAfterMs ?? 30 * 60_000;
    ctx.onSessionOpened((session) => this.attach(session));
  }

  /** The connection state of the open session (created on first use). */
  connection(): ConnectionMonitor {
    return this.current().connection;
  }

  /**
   * Runs a sync now, or reports the running job: when that job already covers the request it is
   * the answer; otherwise the request is queued (merged with any other) to run right after it.
   */
  start(scope: SyncScope): {
    started: boolean;
    queued: boolean;
    job: ReturnType<SyncService['describe']>;
  } {
    const attached = this.current();
    if (attached.job) {
      const queued = !covers(attached.job, scope);
      if (queued) attached.queued = merged(attached.queued, scope);
      return { started: false, queued, job: this.describe(attached.job) };
    }
    const controller = new AbortController();
    const signal = AbortSignal.any([controller.signal, attached.session.signal]);
    const job: Job = {
      id: randomUUID(),
      formId: scope.formId ?? null,
      mode: scope.mode,
      startedAt: this.tuning.now().toISOString(),
      controller,
      done: Promise.resolve([]),
      begun: new Set(),
      finished: new Set(),
    };
    job.done = attached.engine
      .run(scope, signal)
      .catch((error: unknown) => {
        // Failures are recorded per form and in the connection state; a job never rejects.
        attached.connection.failed(error);
        return [];
      })
      .finally(() => {
        if (attached.job !== job) return;
        attached.job = null;
        const next = attached.queued;
        attached.queued = null;
        if (next && this.attached === attached && !signal.aborted) this.start(next);
      });
    attached.job = job;
    return { started: true, queued: false, job: this.describe(job) };
  }

  /** Stops the running job and drops what was queued behind it. */
  cancel(): boolean {
    const attached = this.attached;
    if (!attached?.job) return false;
    attached.queued = null;
    attached.job.controller.abort();
    return true;
  }

  /** Resolves when no job runs or waits (queued ones included); for callers that must wait. */
  async idle(): Promise<void> {
    while (this.attached?.job) await this.attached.job.done;
  }

  status(formId?: string): SyncStatus {
    const attached = this.current();
    const stores = cacheStores(attached.session.db);
    const now = this.tuning.now();
    const connection = attached.connection.snapshot();
    const running = attached.job;
    const forms = stores.forms
      .list()
      .filter((f) => formId === undefined || f.formId === formId)
      .map((form) =>
        formSyncStatus(form, stores.syncState.list(form.formId), {
          syncing:
            running !== null &&
            (running.formId === null || running.formId === form.formId) &&
            !running.finished.has(form.formId),
          online: connection.state === 'online' || connection.state === 'unknown',
          now,
          staleAfterMs: this.staleAfterMs,
        }),
      );
    return { connection, running: running ? this.describe(running) : null, forms };
  }

  private describe(job: Job) {
    return { jobId: job.id, formId: job.formId, mode: job.mode, startedAt: job.startedAt };
  }

  private current(): Attached {
    const session = this.ctx.session();
    // A session opened before this service existed is taken up (and synced) on first use.
    if (this.attached?.session !== session) this.attach(session);
    if (!this.attached) throw new AppError('INTERNAL', 'Sync could not attach to the workspace.');
    return this.attached;
  }

  private attach(session: WorkspaceSession): void {
    if (this.attached?.session === session) return;
    this.detach();
    const connection = new ConnectionMonitor((state) => {
      if (state !== 'unknown')
        this.ctx.emit({ type: 'connection.changed', workspaceId: session.workspace.id, state });
    }, this.tuning.now);
    const engine = new SyncEngine(
      {
        workspaceId: session.workspace.id,
        api: session.api,
        stores: cacheStores(session.db),
        ...(session.pages ? { writer: session.pages } : {}),
        connection,
        emit: (event) => this.ctx.emit(event),
        onForm: (formId, stage) => attached.job?.[stage].add(formId),
        log: this.ctx.log,
      },
      this.tuning,
    );
    const attached: Attached = {
      session,
      engine,
      connection,
      timer: null,
      job: null,
      queued: null,
    };
    this.attached = attached;
    if (this.intervalMs > 0) {
      attached.timer = setInterval(() => {
        if (this.attached === attached && !attached.job) this.start({ mode: 'incremental' });
      }, this.intervalMs);
      attached.timer.unref();
    }
    session.signal.addEventListener('abort', () => this.detachIf(attached), { once: true });
    this.start({ mode: 'incremental' });
  }

  private detachIf(attached: Attached): void {
    if (this.attached === attached) this.detach();
  }

  private detach(): void {
    const attached = this.attached;
    if (!attached) return;
    if (attached.timer) clearInterval(attached.timer);
    attached.job?.controller.abort();
    this.attached = null;
  }
}

const services = new WeakMap<AppContext, SyncService>();

/** The one sync service of an application context. */
export function syncServiceFor(ctx: AppContext, options?: SyncServiceOptions): SyncService {
  let service = services.get(ctx);
  if (!service) {
    service = new SyncService(ctx, options);
    services.set(ctx, service);
  }
  return service;
}
