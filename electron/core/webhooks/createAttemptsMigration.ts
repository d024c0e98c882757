import { type Migration } from '../cache/migrate';

/**
 * `webhook_creates`: every webhook create, written before it is sent. A create whose answer never
 * came may have made a webhook nothing else knows of, so the table is durable like the registry.
 */
export const webhookCreateAttempts: Migration = {
  version: 33,
  name: 'webhook-create-attempts',
  durableTables: ['webhook_creates'],
  up(db) {
    db.exec(`
      CREATE TABLE webhook_creates (
        attempt_id TEXT PRIMARY KEY,
        form_id TEXT NOT NULL,
        url TEXT NOT NULL,
        workspace_id TEXT NOT NULL,
        sent_at TEXT NOT NULL,
        -- sending: out now; created: answered with its id; uncertain: no answer will come;
        -- exists: a delivery proved it, its id still unknown.
        state TEXT NOT NULL CHECK (state IN ('sending', 'created', 'uncertain', 'exists')),
        cause TEXT CHECK (cause IN ('answerLost', 'interrupted')),
        -- As the registry keeps it: the id as text, and whether the service gave an integer.
        webhook_id TEXT,
        id_is_number INTEGER CHECK (id_is_number IN (0, 1)),
        settled_at TEXT,
        delivered_at TEXT
      ) STRICT;
      CREATE INDEX webhook_creates_open ON webhook_creates (form_id, url) WHERE state <> 'created';
    `);
  },
};
