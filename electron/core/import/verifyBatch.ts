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

export interface VerifyOutcome {
  /** Row index → the submission found for it on the server. */
  found: Map<number, string>;
  /** For people: what was checked and what happens next. */
  message: string;
  /** The submissions found, to put in the cache. */
  submissions: Submission[];
}

type Lister = Pick<ApiClient, 'listSubmissions'>;
type Answers = ReadonlyArray<{ id: string; value?: unknown }>;

/**
 * Looks on the server for the rows of a batch whose answer never came (see rowFingerprint.ts for
 * why answers + submissionTime identify a row). Lists the form's submissions in the batch's time
 * window and matches them as a multiset: one server submission accounts for at most one row, and
 * never for one the journal already links elsewhere.
 *
 * A server that does not keep the times sent (`timesKept` false, or not yet known) stores the
 * row at its own clock: rows not found by time are then looked for by their answers among the
 * submissions created since the batch was journaled — it cannot have been created before.
 *
 * Throws when the server cannot be asked; the batch then stays uncertain and nothing is resent.
 */
export async function verifyBatch(
  api: Lister,
  journal: ImportJournal,
  formId: string,
  questionIds: readonly string[],
  batch: UncertainBatch,
  timesKept: boolean | null = true,
  now: () => number = Date.now,
): Promise<VerifyOutcome> {
  const found = new Map<number, string>();
  const submissions: Submission[] = [];
  if (batch.rows.length === 0)
    return { found, message: `Batch ${batch.batchNo} had no rows left to check.`, submissions };

  const keyOf = (questions: Answers, time: string | null) =>
    contentKey(questionIds, answersOf(questions), time);
  const claim = async (rows: readonly BatchRow[], from: number, to: number, withTime: boolean) => {
    const pool = await listWindow(api, formId, from, to, (s) =>
      keyOf(s.questions, withTime ? s.submissionTime : null),
    );
    const linked = journal.linkedSubmissionIds(
      formId,
      [...pool.values()].flat().map((s) => s.submissionId),
    );
    for (const row of rows) {
      const candidates =
        pool.get(keyOf(row.payload.questions, withTime ? row.payload.submissionTime! : null)) ?? [];
      const index = candidates.findIndex(
        (s) => !linked.has(s.submissionId) && !submissions.includes(s),
      );
      if (index < 0) continue;
      const [match] = candidates.splice(index, 1);
      found.set(row.rowIndex, match!.submissionId);
      submissions.push(match!);
    }
  };
  const times = batch.rows.map((r) => Date.parse(r.payload.submissionTime!));
  if (timesKept !== false) await claim(batch.rows, Math.min(...times), Math.max(...times), true);
  const rest = batch.rows.filter((r) => !found.has(r.rowIndex));
  if (timesKept !== true && rest.length > 0)
    await claim(rest, Date.parse(batch.journaledAt), now(), false);

  const lines = `lines ${batch.rows[0]!.line}–${batch.rows.at(-1)!.line}`;
  const missing = batch.rows.length - found.size;
  const message =
    `Batch ${batch.batchNo} (${lines}) was sent but its answer was lost. Checked the server: ${found.size} of ${batch.rows.length} rows are there` +
    (missing === 0
      ? '; nothing is sent again.'
      : `; the other ${missing} were not created and will be sent again.`);
  return { found, message, submissions };
}

/** The form's submissions between two instants (widened by a margin), grouped by `key`. */
async function listWindow(
  api: Lister,
  formId: string,
  from: number,
  to: number,
  key: (s: Submission) => string,
): Promise<Map<string, Submission[]>> {
  const afterDate = new Date(from - WINDOW_MARGIN_MS).toISOString();
  const beforeDate = new Date(to + WINDOW_MARGIN_MS).toISOString();
  const grouped = new Map<string, Submission[]>();
  let offset = 0;
  for (let page = 0; ; page++) {
    if (page >= MAX_PAGES) {
      throw new AppError(
        'REMOTE',
        "Too many submissions share this batch's time window to check it safely.",
      );
    }
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
