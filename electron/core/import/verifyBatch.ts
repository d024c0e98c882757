import { MAX_PAGE_SIZE } from '../../shared/api/endpoints';
import { type Submission } from '../../shared/api/submission';
import { AppError } from '../../shared/errors';
import { type ApiClient } from '../api/types';
import { type BatchRow, type ImportJournal, type UncertainBatch } from './importJournal';
import { answersOf, contentKey } from './rowFingerprint';

/** The service's afterDate/beforeDate bounds may be exclusive: look a little wider. */
const WINDOW_MARGIN_MS = 1000;
/** A batch's rows span milliseconds; more than this many pages in its window means something is off. */
const MAX_PAGES = 40;
/** How far the service's clock may run behind ours when it stamps a submission with its own time. */
const CLOCK_SKEW_MS = 5 * 60_000;

export interface LookOutcome {
  /** Row index → the submission found for it on the server. */
  found: Map<number, string>;
  /** The rows not found. */
  missing: BatchRow[];
  /**
   * Missing rows whose answers a submission stamped since the batch was journaled also has (with
   * another time): with `proveAbsence`, the rows whose absence cannot be proven without a marker.
   */
  lookAlike: Set<number>;
  /** The submissions found, to put in the cache. */
  submissions: Submission[];
}

type Lister = Pick<ApiClient, 'listSubmissions'>;

/**
 * Looks on the server for the rows of a batch whose answer never came. A submission is a row's
 * only when it carries the row's marker: the exact `submissionTime` the row was sent with (to the
 * millisecond, a time no respondent's submission is given, see rowFingerprint.ts) together with
 * the row's mapped answers. Answers alone never decide: a respondent may submit the same ones.
 * Matches are counted as a multiset: one server submission accounts for at most one row, and
 * never for one the journal already links elsewhere.
 *
 * With `proveAbsence` (where it is not known that the service keeps the times sent), missing rows
 * are also looked for by their answers among every submission stamped since the batch was
 * journaled: a row none of them resembles was not created under any clock, and may be sent again;
 * one that some resembles is a look-alike, never claimed and never proven absent.
 *
 * Throws when the server cannot be asked; the batch then stays uncertain and nothing is resent.
 */
export async function lookForBatch(
  api: Lister,
  journal: ImportJournal,
  formId: string,
  questionIds: readonly string[],
  batch: UncertainBatch,
  { proveAbsence = false, now = Date.now() }: { proveAbsence?: boolean; now?: number } = {},
): Promise<LookOutcome> {
  const found = new Map<number, string>();
  const submissions: Submission[] = [];
  const lookAlike = new Set<number>();
  if (batch.rows.length === 0) return { found, missing: [], lookAlike, submissions };

  const times = batch.rows.map((r) => Date.parse(r.payload.submissionTime!));
  const pool = await listWindow(api, formId, Math.min(...times), Math.max(...times), (s) =>
    contentKey(questionIds, answersOf(s.questions), s.submissionTime),
  );
  if (!pool) {
    throw new AppError(
      'REMOTE',
      "Too many submissions share this batch's time window to check it safely.",
    );
  }
  const linked = journal.linkedSubmissionIds(
    formId,
    [...pool.values()].flat().map((s) => s.submissionId),
  );
  for (const row of batch.rows) {
    const candidates = pool.get(row.sentKey) ?? [];
    const index = candidates.findIndex(
      (s) => !linked.has(s.submissionId) && !submissions.includes(s),
    );
    if (index < 0) continue;
    const [match] = candidates.splice(index, 1);
    found.set(row.rowIndex, match!.submissionId);
    submissions.push(match!);
  }
  const missing = batch.rows.filter((r) => !found.has(r.rowIndex));
  if (proveAbsence && missing.length > 0) {
    const answersOnly = (questions: ReadonlyArray<{ id: string; value?: unknown }>) =>
      contentKey(questionIds, answersOf(questions), null);
    const since = await listWindow(
      api,
      formId,
      Date.parse(batch.journaledAt) - CLOCK_SKEW_MS,
      now + CLOCK_SKEW_MS,
      (s) => answersOnly(s.questions),
    );
    // Too many to read: none of the missing rows is proven absent.
    for (const row of missing) {
      const alike = since ? (since.get(answersOnly(row.payload.questions)) ?? []) : null;
      if (!alike || alike.some((s) => !submissions.includes(s))) lookAlike.add(row.rowIndex);
    }
  }
  return { found, missing, lookAlike, submissions };
}

/**
 * The form's submissions between two instants (widened by a margin), grouped by `key`; null when
 * there are more than a look may read.
 */
async function listWindow(
  api: Lister,
  formId: string,
  from: number,
  to: number,
  key: (s: Submission) => string,
): Promise<Map<string, Submission[]> | null> {
  const afterDate = new Date(from - WINDOW_MARGIN_MS).toISOString();
  const beforeDate = new Date(to + WINDOW_MARGIN_MS).toISOString();
  const grouped = new Map<string, Submission[]>();
  let offset = 0;
  for (let page = 0; ; page++) {
    if (page >= MAX_PAGES) return null;
    const answer = await api.listSubmissions(
      formId,
      { afterDate, beforeDate, sort: 'asc', limit: MAX_PAGE_SIZE, offset },
      { priority: 'background' },
    );
    for (const s of answer.responses) grouped.set(key(s), [...(grouped.get(key(s)) ?? []), s]);
    offset += answer.responses.length;
    if (answer.responses.length === 0 || offset >= answer.totalResponses) return grouped;
  }
}
