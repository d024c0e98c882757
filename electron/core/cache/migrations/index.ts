import { type Migration } from '../migrate';
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
import { listedAnswers } from './v37ListedAnswers';
import { numberedAnswers } from './v38NumberedAnswers';
import { searchMerges } from './v39SearchMerges';
import { phoneEndingsTable } from './v40PhoneEndings';
import { searchHashSize } from './v41SearchHashSize';
import { answerFields } from './v42AnswerFields';
import { presentSortValues } from './v43PresentSortValues';
import { fileAnswerNames } from './v44FileAnswerNames';
import { searchSuffixes } from './v45SearchSuffixes';
import { searchGroups } from './v46SearchGroups';
import { searchWithoutPositions } from './v47SearchWithoutPositions';
import { packedSubmissions } from './v48PackedSubmissions';
import { suffixMerges } from './v49SuffixMerges';
import { widerMerges } from './v50WiderMerges';
import { rewriteLog } from './v51RewriteLog';
import { rowWords } from './v52RowWords';

/**
 * The cache's own steps of the workspace file's schema: submissions, forms, sync state, activity
 * and their indexes. Each feature that keeps tables in the file lists its own steps beside its
 * code; `operations/schema.ts` puts them all in one order.
 */
export const cacheMigrations: readonly Migration[] = [
  cacheTables,
  coveringQueryIndexes,
  submissionCounts,
  keepPreviews,
  formChanges,
  walkRequests,
  formRewrites,
  activityRespondent,
  answerCounts,
  fileChecks,
  assistantLogRead,
  phoneDigitsSearch,
  listedAnswers,
  numberedAnswers,
  searchMerges,
  phoneEndingsTable,
  searchHashSize,
  answerFields,
  presentSortValues,
  fileAnswerNames,
  searchSuffixes,
  searchGroups,
  searchWithoutPositions,
  packedSubmissions,
  suffixMerges,
  widerMerges,
  rewriteLog,
  rowWords,
];
