import { type Migration } from '../cache/migrate';
import { importDraftLaunch } from './draftLaunchMigration';
import {
  importJournalAssignedTimes,
  importJournalPartialIndexes,
  importJournalServerTimes,
  importJournalTables,
} from './journalMigration';
import { importRunnerLease } from './runnerLeaseMigration';

/** The import's steps of the workspace file's schema: its journal, runner lease and drafts. */
export const importMigrations: readonly Migration[] = [
  importJournalTables,
  importJournalServerTimes,
  importJournalPartialIndexes,
  importRunnerLease,
  importDraftLaunch,
  importJournalAssignedTimes,
];
