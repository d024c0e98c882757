import { type Migration } from '../cache/migrate';
import { deleteJournalTables } from './deleteJournalMigration';

/** The submissions' steps of the workspace file's schema: the journal of deletes. */
export const submissionMigrations: readonly Migration[] = [deleteJournalTables];
