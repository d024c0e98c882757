import { randomUUID } from 'node:crypto';
import type Database from 'better-sqlite3';
import { AppError } from '../../shared/errors';
import { pidIsAlive } from '../files/processAlive';

/** How long a lease outlives its last renewal: a runner that died frees its jobs after this. */
export const LEASE_MS = 30_000;

export interface LeaseColumns {
  lease_runner: string | null;
  lease_pid: number | null;
  lease_until: number | null;
}

/**
 * A lease binds until it expires or its process is gone: a process killed mid-import is
 * started again and resumes at once, not after the lease runs out.
 */
export function leaseIsLive(lease: LeaseColumns, now: number): boolean {
  return (
    lease.lease_runner !== null &&
    (lease.lease_until ?? 0) > now &&
    (lease.lease_pid === null || pidIsAlive(lease.lease_pid))
  );
}

/** This runner's lease was taken by another: it must stop without writing the job's state. */
export class LeaseLost extends AppError {
  constructor() {
    super(
      'CONFLICT',
      'Another Formdesk process took over this import; this one stopped running it.',
    );
  }
}

/**
 * One runner per import job, whichever process or connection asks: the lease is taken and renewed
 * in the job's own row, in immediate transactions, so two runners on one journal cannot both hold it.
 */
export class RunnerLease {
  readonly runnerId = randomUUID();

  constructor(
    private readonly db: Database.Database,
    private readonly now: () => number = Date.now,
    private readonly leaseMs = LEASE_MS,
  ) {}

  /** Takes the job's lease, or throws a CONFLICT naming the process that holds it. */
  take(jobId: string): void {
    this.db
      .transaction(() => {
        const held = this.db
          .prepare<[string], LeaseColumns>(
            `SELECT lease_runner, lease_pid, lease_until FROM import_jobs WHERE job_id = ?`,
          )
          .get(jobId);
        if (!held) throw new AppError('NOT_FOUND', 'This import no longer exists.');
        if (held.lease_runner !== this.runnerId && leaseIsLive(held, this.now())) {
          throw new AppError(
            'CONFLICT',
            `This import is being run by another Formdesk process (process ${held.lease_pid}); ` +
              'follow it there, or resume it here once that one has stopped.',
          );
        }
        this.db
          .prepare(
            `UPDATE import_jobs SET lease_runner = ?, lease_pid = ?, lease_until = ? WHERE job_id = ?`,
          )
          .run(this.runnerId, process.pid, this.now() + this.leaseMs, jobId);
      })
      .immediate();
  }

  /** Extends the lease; false when another runner holds it now. */
  renew(jobId: string): boolean {
    return (
      this.db
        .prepare(`UPDATE import_jobs SET lease_until = ? WHERE job_id = ? AND lease_runner = ?`)
        .run(this.now() + this.leaseMs, jobId, this.runnerId).changes > 0
    );
  }

  release(jobId: string): void {
    this.db
      .prepare(
        `UPDATE import_jobs SET lease_runner = NULL, lease_pid = NULL, lease_until = NULL WHERE job_id = ? AND lease_runner = ?`,
      )
      .run(jobId, this.runnerId);
  }

  /**
   * Frees the leases this process holds. Only for a core started again after its thread stopped:
   * in a process only the core's thread runs imports, so the runners that held them are gone,
   * though the process that took them is alive.
   */
  releaseThisProcess(): void {
    this.db
      .prepare(
        `UPDATE import_jobs SET lease_runner = NULL, lease_pid = NULL, lease_until = NULL WHERE lease_pid = ?`,
      )
      .run(process.pid);
  }
}
