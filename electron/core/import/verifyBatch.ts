import { MAX_PAGE_SIZE } from '../../shared/api/endpoints';
import { type Submission } from '../../shared/api/submission';
import { AppError } from '../../shared/errors';
import { type ApiClient } from '../api/types';
import { type ImportJournal, type UncertainBatch } from './importJournal';
import { answersOf, contentKey } from './rowFingerprint';

/** The service's afterDate/beforeDate bounds may be exclusive: look a little wider. */
const WINDOW_MARGIN_MS = 1000;
/** A batch's rows span milliseconds; more than this many pages in its window means something is off. */
const MAX_PAGES = 40;

export interface VerifyOutcome {
  /** Row index → the submission found for it on the server. */
  found: Map<number, string>;
  /** For people: what was checked and what happens next. */
  message: string;
  /** The submissions found, to put in the cache. */
  submissions: Submission[];
}

/**
 * Looks on the server for the rows of a batch whose answer never came (see rowFingerprint.ts for
 * why answers + submissionTime identify a row). Lists the form's submissions in the batch's time
 * window and matches them as a multiset: one server submission accounts for at most one row, and
 * never for one the journal already links elsewhere. Throws when the server cannot be asked; the
 * batch then stays uncertain and nothing is resent.
 */
export async function verifyBatch(
  api: Pick<ApiClient, 'listSubmissions'>,
  journal: ImportJournal,
  formId: string,
  questionIds: readonly string[],
  batch: UncertainBatch,
  signal?: AbortSignal,
): Promise<VerifyOutcome> {
  if (batch.rows.length === 0) return { found: new Map(), message: `Batch ${batch.batchNo} had no rows left to check.`, submissions: [] };
  const times = batch.rows.map((r) => Date.parse(r.payload.submissionTime!));
  const afterDate = new Date(Math.min(...times) - WINDOW_MARGIN_MS).toISOString();
  const beforeDate = new Date(Math.max(...times) + WINDOW_MARGIN_MS).toISOString();

  const candidates = new Map<string, Submission[]>();
  let offset = 0;
  for (let page = 0; ; page++) {
    if (page >= MAX_PAGES) {
      throw new AppError('REMOTE', 'Too many submissions share this batch\'s time window to check it safely.', { retryable: false });
    }
    const answer = await api.listSubmissions(
      formId,
      { afterDate, beforeDate, sort: 'asc', limit: MAX_PAGE_SIZE, offset },
      { priority: 'background', ...(signal ? { signal } : {}) },
    );
    for (const s of answer.responses) {
      const key = contentKey(questionIds, answersOf(s.questions), s.submissionTime);
      candidates.set(key, [...(candidates.get(key) ?? []), s]);
    }
    offset += answer.responses.length;
    if (answer.responses.length === 0 || offset >= answer.totalResponses) break;
  }

  const all = [...candidates.values()].flat().map((s) => s.submissionId);
  const linked = journal.linkedSubmissionIds(formId, all);
  const found = new Map<number, string>();
  const submissions: Submission[] = [];
  for (const row of batch.rows) {
    const pool = candidates.get(row.sentKey) ?? [];
    const index = pool.findIndex((s) => !linked.has(s.submissionId));
    if (index < 0) continue;
    const [match] = pool.splice(index, 1);
    found.set(row.rowIndex, match!.submissionId);
    submissions.push(match!);
  }
  const lines = `lines ${batch.rows[0]!.line}–${batch.rows.at(-1)!.line}`;
  const missing = batch.rows.length - found.size;
  const message =
    `Batch ${batch.batchNo} (${lines}) was sent but its answer was lost. Checked the server: ${found.size} of ${batch.rows.length} rows are there` +
    (missing === 0 ? '; nothing is sent again.' : `; the other ${missing} were not created and will be sent again.`);
  return { found, message, submissions };
}
