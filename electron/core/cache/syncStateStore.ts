import type Database from 'better-sqlite3';
import { type SubmissionStatus } from '../../shared/api/endpoints';

export type SyncPhase = 'idle' | 'incremental' | 'reconcile';

/** Where the sync of one form and status stands; a pass under way resumes from `nextOffset`. */
export interface SyncState {
  formId: string;
  status: SubmissionStatus;
  phase: SyncPhase;
  afterDate: string | null;
  nextOffset: number;
  passId: number;
  passTotal: number | null;
  passDisturbed: boolean;
  /** A walk of the listing was asked for and not yet answered by one (`askWalk`). */
  reconcileDue: boolean;
  lastSyncedAt: string | null;
  lastReconciledAt: string | null;
  lastAttemptAt: string | null;
  lastError: string | null;
}

interface Row {
  form_id: string;
  status: SubmissionStatus;
  phase: SyncPhase;
  after_date: string | null;
  next_offset: number;
  pass_id: number;
  pass_total: number | null;
  pass_disturbed: number;
  reconcile_due: number;
  last_synced_at: string | null;
  last_reconciled_at: string | null;
  last_attempt_at: string | null;
  last_error: string | null;
}

type Changes = Partial<Omit<SyncState, 'formId' | 'status' | 'reconcileDue'>>;

/** The sync bookkeeping per (form, status), written in the same transaction as each page. */
export class SyncStateStore {
  private readonly getStatement;
  private readonly ensure;
  private readonly listStatement;
  private readonly nextPass;
  private readonly ask;
  private readonly hold;
  private readonly answer;
  /** The statement writing each set of columns `update` has been given, prepared once. */
  private readonly writes = new Map<string, Database.Statement>();

  constructor(private readonly db: Database.Database) {
    this.getStatement = db.prepare<[string, string], Row>(
      `SELECT * FROM sync_state WHERE form_id = ? AND status = ?`,
    );
    this.ensure = db.prepare(
      `INSERT INTO sync_state (form_id, status) VALUES (?, ?) ON CONFLICT DO NOTHING`,
    );
    this.listStatement = db.prepare<[string], Row>(
      `SELECT * FROM sync_state WHERE form_id = ? ORDER BY status`,
    );
    // Pass ids grow across every form and status, so a row's `seen_pass` compares with any pass.
    this.nextPass = db.prepare<[], { p: number }>(
      `SELECT coalesce(max(pass_id), 0) + 1 AS p FROM sync_state`,
    );
    // Requests for a walk are counted, so that a walk clears only those made before it opened.
    const where = `WHERE form_id = ? AND status = ?`;
    this.ask = db.prepare(
      `INSERT INTO sync_state (form_id, status, reconcile_due) VALUES (?, ?, 1)
       ON CONFLICT (form_id, status) DO UPDATE SET reconcile_due = reconcile_due + 1`,
    );
    this.hold = db.prepare(`UPDATE sync_state SET pass_due = reconcile_due ${where}`);
    this.answer = db.prepare(
      `UPDATE sync_state SET reconcile_due = max(0, reconcile_due - pass_due), pass_due = 0 ${where}`,
    );
  }

  get(formId: string, status: SubmissionStatus): SyncState {
    // Read before written: a write, even one that inserts nothing, waits for the file's write lock.
    let row = this.getStatement.get(formId, status);
    if (!row) {
      this.ensure.run(formId, status);
      row = this.getStatement.get(formId, status);
    }
    if (!row) throw new Error('sync_state row missing after insert');
    return fromRow(row);
  }

  list(formId: string): SyncState[] {
    return this.listStatement.all(formId).map(fromRow);
  }

  newPassId(): number {
    return this.nextPass.get()?.p ?? 1;
  }

  /** Asks for a walk of the listing: the next sync of the form makes one. */
  askWalk(formId: string, status: SubmissionStatus): void {
    this.ask.run(formId, status);
  }

  /** A walk opens: it answers the requests made so far, and only those. */
  walkOpened(formId: string, status: SubmissionStatus): void {
    this.hold.run(formId, status);
  }

  /** A walk went through the whole listing: the requests it held are answered. */
  walkAnswered(formId: string, status: SubmissionStatus): void {
    this.answer.run(formId, status);
  }

  /**
   * One statement, which adds the row when the form and status have none: outside a transaction
   * (a sync's state between pages) each write waits its turn at the file's lock (`WriteTurns`).
   */
  update(formId: string, status: SubmissionStatus, changes: Changes): void {
    const entries = Object.entries(changes) as [keyof Changes, SyncState[keyof Changes]][];
    if (entries.length === 0) {
      this.ensure.run(formId, status);
      return;
    }
    // Column names come from the fixed map, never from the caller.
    const columns = entries.map(([key]) => COLUMN[key]);
    const values = entries.map(([, value]) => (typeof value === 'boolean' ? Number(value) : value));
    this.write(columns).run(formId, status, ...values);
  }

  private write(columns: readonly string[]): Database.Statement {
    const key = columns.join(', ');
    let statement = this.writes.get(key);
    if (!statement) {
      statement = this.db.prepare(
        `INSERT INTO sync_state (form_id, status, ${key}) VALUES (?, ?${', ?'.repeat(columns.length)})
         ON CONFLICT (form_id, status) DO UPDATE SET ${columns.map((c) => `${c} = excluded.${c}`).join(', ')}`,
      );
      this.writes.set(key, statement);
    }
    return statement;
  }
}

const COLUMN = {
  phase: 'phase',
  afterDate: 'after_date',
  nextOffset: 'next_offset',
  passId: 'pass_id',
  passTotal: 'pass_total',
  passDisturbed: 'pass_disturbed',
  lastSyncedAt: 'last_synced_at',
  lastReconciledAt: 'last_reconciled_at',
  lastAttemptAt: 'last_attempt_at',
  lastError: 'last_error',
} as const satisfies Record<keyof Changes, string>;

function fromRow(row: Row): SyncState {
  return {
    formId: row.form_id,
    status: row.status,
    phase: row.phase,
    afterDate: row.after_date,
    nextOffset: row.next_offset,
    passId: row.pass_id,
    passTotal: row.pass_total,
    passDisturbed: row.pass_disturbed === 1,
    reconcileDue: row.reconcile_due > 0,
    lastSyncedAt: row.last_synced_at,
    lastReconciledAt: row.last_reconciled_at,
    lastAttemptAt: row.last_attempt_at,
    lastError: row.last_error,
  };
}
