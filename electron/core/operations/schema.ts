import { type Migration } from '../cache/migrate';
import { cacheMigrations } from '../cache/migrations';
import { importMigrations } from '../import/migrations';
import { submissionMigrations } from '../submissions/migrations';
import { webhookMigrations } from '../webhooks/migrations';

/**
 * Every schema step of the workspace file, in order: the cache's own and each feature's. Append
 * only: a shipped migration never changes. Steps up to 20 were numbered by area (1–9 cache and
 * sync, 10–19 import journal, 20–29 webhook registry); a file records only the newest version it
 * has, so a step added since takes the next number after the last, whatever its area.
 */
export const migrations: readonly Migration[] = [
  ...cacheMigrations,
  ...importMigrations,
  ...webhookMigrations,
  ...submissionMigrations,
].sort((a, b) => a.version - b.version);
