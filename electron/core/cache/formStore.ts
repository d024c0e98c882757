import type Database from 'better-sqlite3';
import { FormMetadata, type FormSummary } from '../../shared/api/form';

export interface CachedForm {
  formId: string;
  name: string;
  listedAt: string;
  counts: { finished: number; in_progress: number; preview: number };
}

export interface DayCount {
  day: string;
  count: number;
}

/** The forms the server last listed, with what the cache holds of each. */
export class FormStore {
  private readonly upsert;
  private readonly listStatement;
  private readonly lastListedStatement;
  private readonly countsStatement;
  private readonly perDayStatement;
  private readonly finishedSinceStatement;
  private readonly metadataStatement;
  private readonly metadataRead;
  private readonly keepPreviewsRead;
  private readonly keepPreviewsStatement;

  constructor(private readonly db: Database.Database) {
    this.upsert = db.prepare(
      `INSERT INTO forms (form_id, name, position, listed_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (form_id) DO UPDATE SET name = excluded.name, position = excluded.position, listed_at = excluded.listed_at`,
    );
    this.listStatement = db.prepare<[], { form_id: string; name: string; listed_at: string }>(
      `SELECT form_id, name, listed_at FROM forms ORDER BY position, name`,
    );
    this.lastListedStatement = db.prepare<[], { at: string | null }>(
      `SELECT max(listed_at) AS at FROM forms`,
    );
    this.countsStatement = db.prepare<
      [string],
      { status: 'finished' | 'in_progress'; is_preview: number; n: number }
    >(`SELECT status, is_preview, n FROM submission_counts WHERE form_id = ?`);
    this.perDayStatement = db.prepare<[string, string], DayCount>(
      `SELECT substr(submission_time, 1, 10) AS day, count(*) AS count FROM submissions
       WHERE form_id = ? AND submission_time >= ? AND is_preview = 0 GROUP BY day ORDER BY day`,
    );
    this.finishedSinceStatement = db.prepare<[string, string], { n: number }>(
      `SELECT count(*) AS n FROM submissions
       WHERE form_id = ? AND status = 'finished' AND is_preview = 0 AND submission_time > ?`,
    );
    this.metadataStatement = db.prepare(`UPDATE forms SET metadata_json = ? WHERE form_id = ?`);
    this.metadataRead = db.prepare<[string], { metadata_json: string | null }>(
      `SELECT metadata_json FROM forms WHERE form_id = ?`,
    );
    this.keepPreviewsRead = db.prepare<[string], { keep_previews: number }>(
      `SELECT keep_previews FROM forms WHERE form_id = ?`,
    );
    this.keepPreviewsStatement = db.prepare(
      `UPDATE forms SET keep_previews = 1 WHERE form_id = ? AND keep_previews = 0`,
    );
  }

  /**
   * Takes the server's list as the truth: a form it no longer lists is gone there, and its cached
   * rows go with it (nothing of a form's data exists only here).
   */
  replaceListed(forms: readonly FormSummary[], at: string): { removed: string[] } {
    return this.db
      .transaction(() => {
        forms.forEach((f, i) => this.upsert.run(f.formId, f.name, i, at));
        const keep = new Set(forms.map((f) => f.formId));
        const removed = this.listStatement
          .all()
          .filter((f) => !keep.has(f.form_id))
          .map((f) => f.form_id);
        for (const formId of removed) {
          for (const table of ['submissions', 'questions', 'sync_state', 'forms'] as const) {
            this.db.prepare(`DELETE FROM ${table} WHERE form_id = ?`).run(formId);
          }
        }
        return { removed };
      })
      .immediate();
  }

  list(): CachedForm[] {
    return this.listStatement.all().map((f) => ({
      formId: f.form_id,
      name: f.name,
      listedAt: f.listed_at,
      counts: this.counts(f.form_id),
    }));
  }

  /** When the server's list was last taken in (ISO time), or null before the first listing. */
  lastListedAt(): string | null {
    return this.lastListedStatement.get()?.at ?? null;
  }

  has(formId: string): boolean {
    return this.metadataRead.get(formId) !== undefined;
  }

  name(formId: string): string | null {
    return this.listStatement.all().find((f) => f.form_id === formId)?.name ?? null;
  }

  counts(formId: string): CachedForm['counts'] {
    const counts = { finished: 0, in_progress: 0, preview: 0 };
    for (const row of this.countsStatement.all(formId)) {
      if (row.is_preview === 1) counts.preview += row.n;
      else counts[row.status] += row.n;
    }
    return counts;
  }

  /** Finished submissions, previews aside, after an instant (the table's "Last N days"). */
  finishedSince(formId: string, since: string): number {
    return this.finishedSinceStatement.get(formId, since)?.n ?? 0;
  }

  /** Submissions per UTC day over the last `days` days, zero days included, oldest first. */
  perDay(formId: string, now: Date, days: number): DayCount[] {
    const start = new Date(
      Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - (days - 1)),
    );
    const found = new Map(
      this.perDayStatement.all(formId, start.toISOString()).map((r) => [r.day, r.count]),
    );
    return Array.from({ length: days }, (_, i) => {
      const day = new Date(start.getTime() + i * 86_400_000).toISOString().slice(0, 10);
      return { day, count: found.get(day) ?? 0 };
    });
  }

  /** `null`: the server was asked and does not offer form metadata (it is beyond the interface). */
  setMetadata(formId: string, metadata: FormMetadata | null): void {
    this.metadataStatement.run(JSON.stringify(metadata), formId);
  }

  /** The form's metadata as the server last gave it; null when it was not asked or offers none. */
  metadata(formId: string): FormMetadata | null {
    const json = this.metadataRead.get(formId)?.metadata_json;
    if (!json) return null;
    const parsed = FormMetadata.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : null;
  }

  /** Whether the server was ever asked for this form's metadata. */
  metadataAsked(formId: string): boolean {
    const row = this.metadataRead.get(formId);
    return row !== undefined && row.metadata_json !== null;
  }

  /** Whether the sync fetches this form's preview responses (the service lists them only when asked). */
  keepsPreviews(formId: string): boolean {
    return this.keepPreviewsRead.get(formId)?.keep_previews === 1;
  }

  /** From now on the form's previews are fetched; true when they were not before (a listed form only). */
  keepPreviews(formId: string): boolean {
    return this.keepPreviewsStatement.run(formId).changes === 1;
  }
}
