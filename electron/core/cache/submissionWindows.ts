import type Database from 'better-sqlite3';
import { type SubmissionStatus } from '../../shared/api/endpoints';

/**
 * A span of submission times, `from` included and `to` left out (ISO times to the millisecond, as
 * the cache and the service keep them); an open end is absent.
 */
export interface TimeWindow {
  from?: string;
  to?: string;
}

// Canonical ISO times compare as text; these sort before and after every one of them.
const OPEN_FROM = '';
const OPEN_TO = '~';

/**
 * What the cache holds of a form's default listing (one status, no previews) within a window of
 * submission times: what the sync compares, window by window, with the service's counts.
 */
export class SubmissionWindows {
  private readonly countStatement;
  private readonly wholeStatement;
  private readonly newestStatement;
  private readonly firstStatement;
  private readonly nthTimeStatement;
  private readonly nextTimeStatement;
  private readonly idsStatement;

  constructor(db: Database.Database) {
    const where = `form_id = ? AND status = ? AND is_preview = 0 AND submission_time >= ? AND submission_time < ?`;
    this.countStatement = db.prepare<[string, string, string, string], { n: number }>(
      `SELECT count(*) AS n FROM submissions WHERE ${where}`,
    );
    this.wholeStatement = db.prepare<[string, string], { n: number }>(
      `SELECT n FROM submission_counts WHERE form_id = ? AND status = ? AND is_preview = 0`,
    );
    this.newestStatement = db.prepare<[string, string], { t: string | null }>(
      `SELECT max(submission_time) AS t FROM submissions WHERE form_id = ? AND status = ? AND is_preview = 0`,
    );
    this.firstStatement = db.prepare<[string, string, string, string], { id: string; t: string }>(
      `SELECT submission_id AS id, submission_time AS t FROM submissions WHERE ${where}
       ORDER BY submission_time, submission_id LIMIT 1`,
    );
    this.nthTimeStatement = db.prepare<[string, string, string, string, number], { t: string }>(
      `SELECT submission_time AS t FROM submissions WHERE ${where}
       ORDER BY submission_time, submission_id LIMIT 1 OFFSET ?`,
    );
    this.nextTimeStatement = db.prepare<
      [string, string, string, string, string],
      { t: string | null }
    >(`SELECT min(submission_time) AS t FROM submissions WHERE ${where} AND submission_time > ?`);
    this.idsStatement = db.prepare<[string, string, string, string], { id: string }>(
      `SELECT submission_id AS id FROM submissions WHERE ${where}`,
    );
  }

  /**
   * A window from the first row past the newest, as each incremental sync compares first, holds
   * the whole listing: its count is the one the triggers keep (`submission_counts`), where counting
   * the rows of a large form held the core's thread, and every call routed to it waited.
   */
  count(formId: string, status: SubmissionStatus, w: TimeWindow): number {
    if (w.from === undefined) {
      const newest = this.newestStatement.get(formId, status)?.t ?? null;
      if (newest === null || w.to === undefined || newest < w.to)
        return this.wholeStatement.get(formId, status)?.n ?? 0;
    }
    return this.countStatement.get(formId, status, ...bounds(w))?.n ?? 0;
  }

  /** The first row in the listing's order (time, then id), as a `limit=1` request answers it. */
  firstId(formId: string, status: SubmissionStatus, w: TimeWindow): string | null {
    return this.firstStatement.get(formId, status, ...bounds(w))?.id ?? null;
  }

  /**
   * A time that cuts the window's rows about in half, both halves holding at least one row: the
   * middle row's time, or, when the rows before it share the first row's time, the next time after
   * that. Null when every row has the same time (such a window cannot be cut by time). `n` is the
   * window's count, which the caller has counted already.
   */
  splitTime(formId: string, status: SubmissionStatus, w: TimeWindow, n: number): string | null {
    const [from, to] = bounds(w);
    const first = this.firstStatement.get(formId, status, from, to)?.t;
    if (first === undefined) return null;
    const middle = this.nthTimeStatement.get(formId, status, from, to, Math.floor(n / 2))?.t;
    if (middle !== undefined && middle > first) return middle;
    return this.nextTimeStatement.get(formId, status, from, to, first)?.t ?? null;
  }

  /** The ids of the window's rows. */
  ids(formId: string, status: SubmissionStatus, w: TimeWindow): string[] {
    return this.idsStatement.all(formId, status, ...bounds(w)).map((r) => r.id);
  }
}

function bounds(w: TimeWindow): [string, string] {
  return [w.from ?? OPEN_FROM, w.to ?? OPEN_TO];
}
