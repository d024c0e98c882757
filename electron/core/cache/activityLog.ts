import type Database from 'better-sqlite3';
import { type ActivityFilter, type ActivityKind } from '../../shared/contract/activity';
import { likeContaining } from './likeContaining';
import { respondentOf } from './respondent';

export interface ActivityEntry {
  id: number;
  at: string;
  workspaceId: string;
  kind: string;
  formId: string | null;
  submissionId: string | null;
  summary: string;
  /** Who a deleted submission came from, read from its snapshot; null when it does not say. */
  respondent: string | null;
  /** What was removed, whole (a deleted submission as the server last sent it). */
  snapshot: unknown;
}

export type NewActivityEntry = Omit<ActivityEntry, 'id' | 'kind' | 'respondent'> & {
  kind: ActivityKind;
};

interface Row {
  id: number;
  at: string;
  workspace_id: string;
  kind: string;
  form_id: string | null;
  submission_id: string | null;
  summary: string;
  respondent: string | null;
  snapshot_json: string | null;
}

type Param = string | number;

/** The local audit log: what was changed on the server from this machine, newest first. */
export class ActivityLog {
  private readonly insert;
  private readonly counted;

  constructor(private readonly db: Database.Database) {
    this.insert = db.prepare<
      [string, string, string, string | null, string | null, string, string | null, string | null],
      { id: number }
    >(
      `INSERT INTO activity_log (at, workspace_id, kind, form_id, submission_id, summary, respondent, snapshot_json)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
    );
    this.counted = db.prepare<[], { n: number }>(`SELECT count(*) AS n FROM activity_log`);
  }

  record(entry: NewActivityEntry): number {
    const row = this.insert.get(
      entry.at,
      entry.workspaceId,
      entry.kind,
      entry.formId,
      entry.submissionId,
      entry.summary,
      respondentOf(entry.snapshot),
      entry.snapshot === undefined ? null : JSON.stringify(entry.snapshot),
    );
    return row?.id ?? 0;
  }

  /** One entry by its id; null when there is none (an erasure removes the copies it covers). */
  entry(id: number): ActivityEntry | null {
    const row = this.db.prepare<[number], Row>(`SELECT * FROM activity_log WHERE id = ?`).get(id);
    return row ? fromRow(row) : null;
  }

  /** Newest first, the entries the filter matches; pass the last id seen as `beforeId` for more. */
  list(filter: ActivityFilter, limit: number, beforeId = Number.MAX_SAFE_INTEGER): ActivityEntry[] {
    const where = whereOf(filter);
    return this.db
      .prepare<Param[], Row>(
        `SELECT * FROM activity_log WHERE id < ? AND ${where.sql} ORDER BY id DESC LIMIT ?`,
      )
      .all(beforeId, ...where.params, limit)
      .map(fromRow);
  }

  /** How many entries the filter matches, and how many the log holds. */
  count(filter: ActivityFilter): { total: number; unnarrowed: number } {
    const where = whereOf(filter);
    const total = this.db
      .prepare<Param[], { n: number }>(`SELECT count(*) AS n FROM activity_log WHERE ${where.sql}`)
      .get(...where.params);
    return { total: total?.n ?? 0, unnarrowed: this.counted.get()?.n ?? 0 };
  }

  /** Oldest first, every entry the filter matches. */
  *all(filter: ActivityFilter = {}): Generator<ActivityEntry> {
    const where = whereOf(filter);
    const rows = this.db
      .prepare<Param[], Row>(`SELECT * FROM activity_log WHERE ${where.sql} ORDER BY id`)
      .iterate(...where.params);
    for (const row of rows) yield fromRow(row);
  }
}

/**
 * The conditions of a filter, every value bound. A log holds what one machine changed (thousands
 * of entries, not millions), so a search is a LIKE over its few text columns, not an index.
 */
function whereOf(filter: ActivityFilter): { sql: string; params: Param[] } {
  const clauses: string[] = [];
  const params: Param[] = [];
  if (filter.search) {
    const contains = `LIKE ? ESCAPE '\\'`;
    clauses.push(
      `(summary ${contains} OR respondent ${contains} OR submission_id ${contains}
        OR form_id IN (SELECT form_id FROM forms WHERE name ${contains}))`,
    );
    params.push(...Array<string>(4).fill(likeContaining(filter.search)));
  }
  if (filter.kinds && filter.kinds.length > 0) {
    clauses.push(`kind IN (${filter.kinds.map(() => '?').join(', ')})`);
    params.push(...filter.kinds);
  }
  if (filter.formId !== undefined) {
    clauses.push('form_id = ?');
    params.push(filter.formId);
  }
  if (filter.afterDate !== undefined) {
    clauses.push('at >= ?');
    params.push(new Date(filter.afterDate).toISOString());
  }
  if (filter.beforeDate !== undefined) {
    clauses.push('at < ?');
    params.push(new Date(filter.beforeDate).toISOString());
  }
  return { sql: clauses.length > 0 ? clauses.join(' AND ') : 'TRUE', params };
}

function fromRow(row: Row): ActivityEntry {
  return {
    id: row.id,
    at: row.at,
    workspaceId: row.workspace_id,
    kind: row.kind,
    formId: row.form_id,
    submissionId: row.submission_id,
    summary: row.summary,
    respondent: row.respondent,
    snapshot: row.snapshot_json === null ? null : (JSON.parse(row.snapshot_json) as unknown),
  };
}
