import { type Migration } from '../migrate';
import {
  importJournalAssignedTimes,
  importJournalPartialIndexes,
  importJournalServerTimes,
  importJournalTables,
} from '../../import/journalMigration';
import { importDraftLaunch } from '../../import/draftLaunchMigration';
import { importRunnerLease } from '../../import/runnerLeaseMigration';
import { deleteJournalTables } from '../../submissions/deleteJournalMigration';
import { webhookCreateAttempts } from '../../webhooks/createAttemptsMigration';
import { webhookRegistryTables } from '../../webhooks/registryMigration';
import { cacheTables } from './v01CacheTables';
import { coveringQueryIndexes } from './v21CoveringQueryIndexes';
import { submissionCounts } from './v22SubmissionCounts';
import { keepPreviews } from './v23KeepPreviews';
import { formChanges } from './v24FormChanges';
import { walkRequests } from './v25WalkRequests';
import { formRewrites } from './v27FormRewrites';
import { activityRespondent } from './v28ActivityRespondent';
import { answerCounts } from './v29AnswerCounts';
import { fileChecks } from './v30FileChecks';
import { assistantLogRead } from './v34AssistantLogRead';
import { phoneDigitsSearch } from './v36PhoneDigitsSearch';

/**
 * Every schema step of the workspace file, in order. Append only: a shipped migration never
 * changes. Steps up to 20 were numbered by area (1–9 cache and sync, 10–19 import journal, 20–29
 * webhook registry); a file records only the newest version it has, so a step added since takes
 * the next number after the last, whatever its area.
 */
export const migrations: readonly Migration[] = [
  cacheTables,
  importJournalTables,
  importJournalServerTimes,
  importJournalPartialIndexes,
  webhookRegistryTables,
  coveringQueryIndexes,
  submissionCounts,
  keepPreviews,
  formChanges,
  walkRequests,
  importRunnerLease,
  formRewrites,
  activityRespondent,
  answerCounts,
  fileChecks,
  importDraftLaunch,
  importJournalAssignedTimes,
  webhookCreateAttempts,
  assistantLogRead,
  deleteJournalTables,
  phoneDigitsSearch,
];
