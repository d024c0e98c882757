import type Database from 'better-sqlite3';

export interface ActivityEntry {
  id: number;
  at: string;
  workspaceId: string;
  kind: string;
  formId: string | null;
  submissionId: string | null;
  summary: string;
  /** What was removed, whole (a deleted submission as the server last sent it). */
  snapshot: unknown;
}

interface Row {
  id: number;
  at: string;
  workspace_id: string;
  kind: string;
  form_id: string | null;
  submission_id: string | null;
  summary: string;
  snapshot_json: string | null;
}

/** The local audit log: what was changed on the server from this machine, newest first. */
export class ActivityLog {
  private readonly insert;
  private readonly page;
  private readonly everything;

  constructor(db: Database.Database) {
    this.insert = db.prepare<[string, string, string, string | null, string | null, string, string | null], { id: number }>(
      `INSERT INTO activity_log (at, workspace_id, kind, form_id, submission_id, summary, snapshot_json)
       VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id`,
    );
    this.page = db.prepare<[number, number], Row>(
      `SELECT * FROM activity_log WHERE id < ? ORDER BY id DESC LIMIT ?`,
    );
    this.everything = db.prepare<[], Row>(`SELECT * FROM activity_log ORDER BY id`);
  }

  record(entry: Omit<ActivityEntry, 'id'>): number {
    const row = this.insert.get(
      entry.at,
      entry.workspaceId,
      entry.kind,
      entry.formId,
      entry.submissionId,
      entry.summary,
      entry.snapshot === undefined ? null : JSON.stringify(entry.snapshot),
    );
    return row?.id ?? 0;
  }

  /** Newest first; pass the last id seen as `beforeId` for the next page. */
  list(limit: number, beforeId = Number.MAX_SAFE_INTEGER): ActivityEntry[] {
    return this.page.all(beforeId, limit).map(fromRow);
  }

  *all(): Generator<ActivityEntry> {
    for (const row of this.everything.iterate()) yield fromRow(row);
  }
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
    snapshot: row.snapshot_json === null ? null : (JSON.parse(row.snapshot_json) as unknown),
  };
}
