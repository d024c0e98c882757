import { type Migration } from '../cache/migrate';
import { webhookCreateAttempts } from './createAttemptsMigration';
import { webhookRegistryTables } from './registryMigration';

/** The webhooks' steps of the workspace file's schema: their registry and create attempts. */
export const webhookMigrations: readonly Migration[] = [
  webhookRegistryTables,
  webhookCreateAttempts,
];
