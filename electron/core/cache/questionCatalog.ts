import type Database from 'better-sqlite3';
import { type FormMetadata } from '../../shared/api/form';
import { type Submission } from '../../shared/api/submission';
import { calculationKey, urlParameterKey } from './submissionRow';

export type FieldKind = 'question' | 'calculation' | 'urlParameter';

export interface CatalogEntry {
  /** The key answers are filtered and sorted by: a question id, or `calculation:<id>`… */
  id: string;
  name: string;
  type: string;
  kind: FieldKind;
  fromMetadata: boolean;
  firstSeenAt: string | null;
  lastSeenAt: string | null;
}

interface Seen {
  name: string;
  type: string;
  first: string;
  last: string;
}

/**
 * What the cache knows of a form's questions. The service's interface has no form schema, so the
 * catalogue is learnt from submissions (with the span of submission times a question appears in),
 * and taken from `GET /forms/{formId}` when a server offers it: its names, types and order win.
 */
export class QuestionCatalog {
  private readonly learn;
  private readonly adopt;
  private readonly nextPosition;
  private readonly listStatement;

  constructor(db: Database.Database) {
    this.learn = db.prepare(
      `INSERT INTO questions (form_id, question_id, name, type, position, first_seen_at, last_seen_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (form_id, question_id) DO UPDATE SET
         name = CASE WHEN from_metadata = 1 THEN name ELSE excluded.name END,
         type = CASE WHEN from_metadata = 1 THEN type ELSE excluded.type END,
         first_seen_at = min(coalesce(first_seen_at, excluded.first_seen_at), excluded.first_seen_at),
         last_seen_at = max(coalesce(last_seen_at, excluded.last_seen_at), excluded.last_seen_at)`,
    );
    this.adopt = db.prepare(
      `INSERT INTO questions (form_id, question_id, name, type, position, from_metadata) VALUES (?, ?, ?, ?, ?, 1)
       ON CONFLICT (form_id, question_id) DO UPDATE SET
         name = excluded.name, type = excluded.type, position = excluded.position, from_metadata = 1`,
    );
    this.nextPosition = db.prepare<[string], { p: number }>(
      `SELECT coalesce(max(position) + 1, 0) AS p FROM questions WHERE form_id = ?`,
    );
    this.listStatement = db.prepare<
      [string],
      {
        question_id: string;
        name: string;
        type: string;
        from_metadata: number;
        first_seen_at: string | null;
        last_seen_at: string | null;
      }
    >(
      `SELECT question_id, name, type, from_metadata, first_seen_at, last_seen_at FROM questions
       WHERE form_id = ? ORDER BY position, question_id`,
    );
  }

  learnFrom(formId: string, submissions: readonly Submission[]): void {
    const seen = new Map<string, Seen>();
    const note = (id: string, name: string, type: string, at: string) => {
      const entry = seen.get(id);
      if (!entry) seen.set(id, { name, type, first: at, last: at });
      else {
        if (at < entry.first) entry.first = at;
        if (at > entry.last) entry.last = at;
      }
    };
    for (const s of submissions) {
      for (const q of s.questions) note(q.id, q.name, q.type, s.submissionTime);
      for (const c of s.calculations ?? [])
        note(calculationKey(c.id), c.name, `Calculation:${c.type}`, s.submissionTime);
      for (const p of s.urlParameters ?? [])
        note(urlParameterKey(p.id), p.name, 'UrlParameter', s.submissionTime);
    }
    let position = this.nextPosition.get(formId)?.p ?? 0;
    for (const [id, q] of seen)
      this.learn.run(formId, id, q.name, q.type, position++, q.first, q.last);
  }

  adoptMetadata(formId: string, metadata: FormMetadata): void {
    metadata.questions.forEach((q, i) => this.adopt.run(formId, q.id, q.name, q.type, i));
  }

  list(formId: string): CatalogEntry[] {
    return this.listStatement.all(formId).map((r) => ({
      id: r.question_id,
      name: r.name,
      type: r.type,
      kind: kindOf(r.question_id),
      fromMetadata: r.from_metadata === 1,
      firstSeenAt: r.first_seen_at,
      lastSeenAt: r.last_seen_at,
    }));
  }
}

function kindOf(key: string): FieldKind {
  if (key.startsWith('calculation:')) return 'calculation';
  if (key.startsWith('urlParameter:')) return 'urlParameter';
  return 'question';
}
