import type Database from 'better-sqlite3';
import { countsValues } from './answerKinds';
import { type AnswerValue } from './submissionRow';
import { asciiFold } from './summaryFigures';

interface Count {
  status: string;
  isPreview: number;
  fieldKey: string;
  /** The answer's text ('' without one), as the first row of the page that gave it wrote it. */
  text: string;
  n: number;
  sample: number;
}

/**
 * The answers a page of writes adds, counted here before they reach `answer_counts` and
 * `answer_totals`: one write per distinct answer of the page (a rating's few values, each
 * question's total) rather than one per answer of each row. Answers count alike when SQLite's
 * NOCASE would group them, as the answers index does. Files and one-per-person answers (an
 * e-mail address) count in the totals alone (`countsValues`).
 */
export class AnswerCounter {
  private readonly counts = new Map<string, Count>();
  private readonly totals = new Map<string, Omit<Count, 'text' | 'sample'>>();
  private readonly addCount;
  private readonly addTotal;

  constructor(db: Database.Database) {
    this.addCount = db.prepare<[string, string, number, string, string, number, number]>(
      `INSERT INTO answer_counts (form_id, status, is_preview, field_key, value_text, n, sample)
       VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO UPDATE SET n = n + excluded.n`,
    );
    this.addTotal = db.prepare<[string, string, number, string, number]>(
      `INSERT INTO answer_totals (form_id, status, is_preview, field_key, n)
       VALUES (?, ?, ?, ?, ?) ON CONFLICT DO UPDATE SET n = n + excluded.n`,
    );
  }

  /** A row's answers, just written under its status and preview flag. */
  add(rowid: number, status: string, isPreview: boolean, answers: readonly AnswerValue[]): void {
    const flag = Number(isPreview);
    for (const { fieldKey, type, text } of answers) {
      addOne(this.totals, [status, flag, fieldKey].join('\0'), () => ({
        status,
        isPreview: flag,
        fieldKey,
        n: 1,
      }));
      if (!countsValues(type)) continue;
      const value = text ?? '';
      addOne(this.counts, [status, flag, fieldKey, asciiFold(value)].join('\0'), () => ({
        status,
        isPreview: flag,
        fieldKey,
        text: value,
        n: 1,
        sample: rowid,
      }));
    }
  }

  /** Writes what was added since the last call, in the caller's transaction. */
  flush(formId: string): void {
    for (const count of this.counts.values())
      this.addCount.run(
        formId,
        count.status,
        count.isPreview,
        count.fieldKey,
        count.text,
        count.n,
        count.sample,
      );
    for (const total of this.totals.values())
      this.addTotal.run(formId, total.status, total.isPreview, total.fieldKey, total.n);
    this.clear();
  }

  /** Forgets what was added: the writes it counted were rolled back. */
  clear(): void {
    this.counts.clear();
    this.totals.clear();
  }
}

/** One more for `key`: its entry made by `make` the first time, else counted up. */
function addOne<T extends { n: number }>(map: Map<string, T>, key: string, make: () => T) {
  const entry = map.get(key);
  if (entry) entry.n++;
  else map.set(key, make());
}
