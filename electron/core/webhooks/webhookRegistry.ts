import type Database from 'better-sqlite3';
import { type WebhookId } from '../../shared/api/endpoints';
import { type WebhookRecord } from '../../shared/contract/webhooks';
import { AppError } from '../../shared/errors';

/** A registry row; whether it points at the test receiver is decided by whoever lists it. */
export type StoredWebhook = Omit<WebhookRecord, 'receiver'>;

interface Row {
  webhook_id: string;
  id_is_number: number;
  form_id: string;
  url: string;
  origin: 'created' | 'adopted';
  workspace_id: string;
  created_at: string;
  unknown_to_service_at: string | null;
}

const COLUMNS =
  'webhook_id, id_is_number, form_id, url, origin, workspace_id, created_at, unknown_to_service_at';

/** Every webhook this workspace knows, kept in its cache file (see `registryMigration.ts`). */
export class WebhookRegistry {
  constructor(private readonly db: Database.Database) {}

  /** Newest first; one form's, or all of them. */
  list(formId?: string): StoredWebhook[] {
    const rows =
      formId === undefined
        ? this.db
            .prepare(`SELECT ${COLUMNS} FROM webhooks ORDER BY created_at DESC, webhook_id`)
            .all()
        : this.db
            .prepare(
              `SELECT ${COLUMNS} FROM webhooks WHERE form_id = ? ORDER BY created_at DESC, webhook_id`,
            )
            .all(formId);
    return (rows as Row[]).map(fromRow);
  }

  get(id: WebhookId): StoredWebhook | null {
    const row = this.db
      .prepare(`SELECT ${COLUMNS} FROM webhooks WHERE webhook_id = ?`)
      .get(String(id));
    return row === undefined ? null : fromRow(row as Row);
  }

  /** Webhooks that already deliver this form to this url (the service does not dedupe). */
  findTarget(formId: string, url: string): StoredWebhook[] {
    return this.list(formId).filter((w) => w.url === url);
  }

  add(webhook: Omit<StoredWebhook, 'unknownToServiceAt'>): StoredWebhook {
    const existing = this.get(webhook.id);
    if (existing !== null) {
      throw new AppError(
        'CONFLICT',
        `Webhook ${existing.id} is already in the registry (form ${existing.formId}).`,
      );
    }
    this.db
      .prepare(
        `INSERT INTO webhooks (${COLUMNS}) VALUES (@webhook_id, @id_is_number, @form_id, @url, @origin, @workspace_id, @created_at, NULL)`,
      )
      .run({
        webhook_id: String(webhook.id),
        id_is_number: typeof webhook.id === 'number' ? 1 : 0,
        form_id: webhook.formId,
        url: webhook.url,
        origin: webhook.origin,
        workspace_id: webhook.workspaceId,
        created_at: webhook.createdAt,
      });
    return { ...webhook, unknownToServiceAt: null };
  }

  markUnknownToService(id: WebhookId, at: string): void {
    this.db
      .prepare('UPDATE webhooks SET unknown_to_service_at = ? WHERE webhook_id = ?')
      .run(at, String(id));
  }

  /** Runs `work` in one transaction of the registry's file, with what else it writes there. */
  transaction<T>(work: () => T): T {
    return this.db.transaction(work)();
  }

  remove(id: WebhookId): boolean {
    return this.db.prepare('DELETE FROM webhooks WHERE webhook_id = ?').run(String(id)).changes > 0;
  }
}

function fromRow(row: Row): StoredWebhook {
  return {
    id: row.id_is_number === 1 ? Number(row.webhook_id) : row.webhook_id,
    formId: row.form_id,
    url: row.url,
    createdAt: row.created_at,
    origin: row.origin,
    workspaceId: row.workspace_id,
    unknownToServiceAt: row.unknown_to_service_at,
  };
}
