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

/** The sync bookkeeping per (form, status), written in the same transaction as each page. */
export class SyncStateStore {
  private readonly getStatement;
  private readonly ensure;
  private readonly listStatement;
  private readonly nextPass;

  constructor(private readonly db: Database.Database) {
    this.getStatement = db.prepare<[string, string], Row>(`SELECT * FROM sync_state WHERE form_id = ? AND status = ?`);
    this.ensure = db.prepare(`INSERT INTO sync_state (form_id, status) VALUES (?, ?) ON CONFLICT DO NOTHING`);
    this.listStatement = db.prepare<[string], Row>(`SELECT * FROM sync_state WHERE form_id = ? ORDER BY status`);
    // Pass ids grow across every form and status, so a row's `seen_pass` compares with any pass.
    this.nextPass = db.prepare<[], { p: number }>(`SELECT coalesce(max(pass_id), 0) + 1 AS p FROM sync_state`);
  }

  get(formId: string, status: SubmissionStatus): SyncState {
    this.ensure.run(formId, status);
    const row = this.getStatement.get(formId, status);
    if (!row) throw new Error('sync_state row missing after insert');
    return fromRow(row);
  }

  list(formId: string): SyncState[] {
    return this.listStatement.all(formId).map(fromRow);
  }

  newPassId(): number {
    return this.nextPass.get()?.p ?? 1;
  }

  update(formId: string, status: SubmissionStatus, changes: Partial<Omit<SyncState, 'formId' | 'status'>>): void {
    this.ensure.run(formId, status);
    const sets: string[] = [];
    const params: (string | number | null)[] = [];
    for (const [key, value] of Object.entries(changes) as [keyof typeof COLUMN, SyncState[keyof typeof COLUMN]][]) {
      // Column names come from the fixed map, never from the caller.
      sets.push(`${COLUMN[key]} = ?`);
      params.push(typeof value === 'boolean' ? Number(value) : value);
    }
    if (sets.length === 0) return;
    this.db.prepare(`UPDATE sync_state SET ${sets.join(', ')} WHERE form_id = ? AND status = ?`).run(...params, formId, status);
  }
}

const COLUMN = {
  phase: 'phase',
  afterDate: 'after_date',
  nextOffset: 'next_offset',
  passId: 'pass_id',
  passTotal: 'pass_total',
  passDisturbed: 'pass_disturbed',
  reconcileDue: 'reconcile_due',
  lastSyncedAt: 'last_synced_at',
  lastReconciledAt: 'last_reconciled_at',
  lastAttemptAt: 'last_attempt_at',
  lastError: 'last_error',
} as const satisfies Record<keyof Omit<SyncState, 'formId' | 'status'>, string>;

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
    reconcileDue: row.reconcile_due === 1,
    lastSyncedAt: row.last_synced_at,
    lastReconciledAt: row.last_reconciled_at,
    lastAttemptAt: row.last_attempt_at,
    lastError: row.last_error,
  };
}
