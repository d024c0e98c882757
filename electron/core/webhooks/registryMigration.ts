import { type Migration } from '../cache/migrate';

/**
 * The webhook registry. The service cannot list webhooks, so a lost id is a webhook that can never
 * be removed: the table is durable (copied over when a damaged cache is rebuilt).
 */
export const webhookRegistryTables: Migration = {
  version: 20,
  name: 'webhook-registry',
  durableTables: ['webhooks'],
  up(db) {
    db.exec(`
      CREATE TABLE webhooks (
        -- The id as text; id_is_number says whether the service gave an integer, so it is sent
        -- back exactly as received.
        webhook_id TEXT PRIMARY KEY,
        id_is_number INTEGER NOT NULL CHECK (id_is_number IN (0, 1)),
        form_id TEXT NOT NULL,
        url TEXT NOT NULL,
        origin TEXT NOT NULL CHECK (origin IN ('created', 'adopted')),
        workspace_id TEXT NOT NULL,
        created_at TEXT NOT NULL,
        unknown_to_service_at TEXT
      ) STRICT;
      CREATE INDEX webhooks_by_form ON webhooks (form_id, created_at);
    `);
  },
};
