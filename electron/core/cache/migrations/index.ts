import { type Migration } from '../migrate';
import {
  importJournalPartialIndexes,
  importJournalServerTimes,
  importJournalTables,
} from '../../import/journalMigration';
import { webhookRegistryTables } from '../../webhooks/registryMigration';
import { cacheTables } from './v01CacheTables';

/**
 * Every schema step of the workspace file, in order. Version ranges by area: 1–9 cache and sync,
 * 10–19 import journal, 20–29 webhook registry. Append only: a shipped migration never changes.
 */
export const migrations: readonly Migration[] = [
  cacheTables,
  importJournalTables,
  importJournalServerTimes,
  importJournalPartialIndexes,
  webhookRegistryTables,
];
