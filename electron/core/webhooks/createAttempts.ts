import { randomUUID } from 'node:crypto';
import type Database from 'better-sqlite3';
import { type WebhookId } from '../../shared/api/endpoints';
import { type UncertainWebhook } from '../../shared/contract/webhooks';

/** An attempt not yet completed with its id; whether it points at the test receiver is decided by whoever lists it. */
export type OpenAttempt = Omit<UncertainWebhook, 'receiver'>;

interface Row {
  attempt_id: string;
  form_id: string;
  url: string;
  workspace_id: string;
  sent_at: string;
  state: 'sending' | 'uncertain' | 'exists';
  cause: 'answerLost' | 'interrupted' | null;
  settled_at: string | null;
  delivered_at: string | null;
}

const COLUMNS =
  'attempt_id, form_id, url, workspace_id, sent_at, state, cause, settled_at, delivered_at';

/**
 * The creates this process has out now. A row left `sending` by anyone else was left by a core
 * that stopped mid-call (one core holds a workspace file at a time), so no answer will come to it.
 */
const HELD_HERE = new Set<string>();

/**
 * Webhook creates recorded before they are sent (see `createAttemptsMigration.ts`), so a create
 * whose answer never came is still known: as a webhook that may exist at the service.
 */
export class CreateAttempts {
  constructor(
    private readonly db: Database.Database,
    private readonly held: Set<string> = HELD_HERE,
  ) {}

  begin(input: { formId: string; url: string; workspaceId: string; sentAt: string }): OpenAttempt {
    const attempt: OpenAttempt = {
      attemptId: randomUUID(),
      ...input,
      state: 'sending',
      cause: null,
      settledAt: null,
      deliveredAt: null,
    };
    this.db
      .prepare(
        `INSERT INTO webhook_creates (attempt_id, form_id, url, workspace_id, sent_at, state)
         VALUES (?, ?, ?, ?, ?, 'sending')`,
      )
      .run(attempt.attemptId, attempt.formId, attempt.url, attempt.workspaceId, attempt.sentAt);
    this.held.add(attempt.attemptId);
    return attempt;
  }

  /** The call is over, however it ended: what is still `sending` now reads as interrupted. */
  release(attemptId: string): void {
    this.held.delete(attemptId);
  }

  /** The service answered the id (or the person typed it): the attempt is a registry webhook now. */
  complete(attemptId: string, id: WebhookId): void {
    this.db
      .prepare(
        `UPDATE webhook_creates SET state = 'created', webhook_id = ?, id_is_number = ?
         WHERE attempt_id = ?`,
      )
      .run(String(id), typeof id === 'number' ? 1 : 0, attemptId);
  }

  /** The service refused it: nothing was made, so nothing is kept. */
  discard(attemptId: string): void {
    this.db.prepare('DELETE FROM webhook_creates WHERE attempt_id = ?').run(attemptId);
  }

  answerLost(attemptId: string, at: string): OpenAttempt {
    this.db
      .prepare(
        `UPDATE webhook_creates SET state = 'uncertain', cause = 'answerLost', settled_at = ?
         WHERE attempt_id = ? AND state = 'sending'`,
      )
      .run(at, attemptId);
    return this.get(attemptId)!;
  }

  /** Rows left `sending` by a core that stopped become uncertain; answers the ones it turned. */
  settleInterrupted(at: string): OpenAttempt[] {
    const orphans = this.rows(`WHERE state = 'sending'`).filter((a) => !this.held.has(a.attemptId));
    const mark = this.db.prepare(
      `UPDATE webhook_creates SET state = 'uncertain', cause = 'interrupted', settled_at = ?
       WHERE attempt_id = ? AND state = 'sending'`,
    );
    for (const orphan of orphans) mark.run(at, orphan.attemptId);
    return orphans.map((o) => ({ ...o, state: 'uncertain', cause: 'interrupted', settledAt: at }));
  }

  /** Attempts without an id, newest first; one form's, or all of them. */
  open(formId?: string): OpenAttempt[] {
    return formId === undefined
      ? this.rows(`WHERE state <> 'created'`)
      : this.rows(`WHERE state <> 'created' AND form_id = ?`, formId);
  }

  /** Attempts that may deliver this form to this url: a new create there could be a second. */
  findTarget(formId: string, url: string): OpenAttempt[] {
    return this.open(formId).filter((a) => a.url === url);
  }

  get(attemptId: string): OpenAttempt | null {
    return this.rows(`WHERE state <> 'created' AND attempt_id = ?`, attemptId)[0] ?? null;
  }

  markExists(attemptId: string, at: string): void {
    this.db
      .prepare(
        `UPDATE webhook_creates SET state = 'exists', delivered_at = ?
         WHERE attempt_id = ? AND state = 'uncertain'`,
      )
      .run(at, attemptId);
  }

  forget(attemptId: string): boolean {
    return (
      this.db
        .prepare(`DELETE FROM webhook_creates WHERE attempt_id = ? AND state <> 'created'`)
        .run(attemptId).changes > 0
    );
  }

  private rows(where: string, ...params: string[]): OpenAttempt[] {
    const rows = this.db
      .prepare(`SELECT ${COLUMNS} FROM webhook_creates ${where} ORDER BY sent_at DESC, attempt_id`)
      .all(...params) as Row[];
    return rows.map((row) => ({
      attemptId: row.attempt_id,
      formId: row.form_id,
      url: row.url,
      workspaceId: row.workspace_id,
      sentAt: row.sent_at,
      state: row.state,
      cause: row.cause,
      settledAt: row.settled_at,
      deliveredAt: row.delivered_at,
    }));
  }
}
