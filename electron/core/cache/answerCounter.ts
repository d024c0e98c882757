import type Database from 'better-sqlite3';
import { countsValues } from './answerKinds';
import { type AnswerValue } from './submissionRow';
import { asciiFold } from './summaryFigures';

interface Count {
  /** The answer's text ('' without one), as the first row that gave it since the last flush wrote it. */
  text: string;
  n: number;
  sample: number;
}

/** What rows of one form, status and preview flag added: per question, its total and its answers' counts. */
interface Group {
  formId: string;
  status: string;
  isPreview: number;
  totals: Map<string, number>;
  /** Per question, per answer folded as NOCASE folds it. */
  counts: Map<string, Map<string, Count>>;
}

/**
 * The answers a store adds, counted here before they reach `answer_counts` and `answer_totals`:
 * one write per distinct answer of what is flushed together (a rating's few values, each
 * question's total) rather than one per answer of each row. Answers count alike when SQLite's
 * NOCASE would group them, as the answers index does. Files and one-per-person answers (an
 * e-mail address) count in the totals alone (`countsValues`).
 *
 * Rows are grouped by form, status and flag once each, and their answers by question in maps of
 * their own: keyed by one joined string per answer, counting took a noticeable share of a sync's
 * store.
 */
export class AnswerCounter {
  private readonly groups = new Map<string, Group>();
  /** The rows whose answers `groups` holds. */
  private readonly counted = new Set<number>();
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

  /** A row's answers, just written under its form, status and preview flag. */
  add(
    formId: string,
    rowid: number,
    status: string,
    isPreview: boolean,
    answers: readonly AnswerValue[],
  ): void {
    const group = this.groupOf(formId, status, Number(isPreview));
    this.counted.add(rowid);
    for (const { fieldKey, type, text } of answers) {
      group.totals.set(fieldKey, (group.totals.get(fieldKey) ?? 0) + 1);
      if (!countsValues(type)) continue;
      const value = text ?? '';
      let byValue = group.counts.get(fieldKey);
      if (!byValue) group.counts.set(fieldKey, (byValue = new Map()));
      const folded = asciiFold(value);
      const count = byValue.get(folded);
      if (count) count.n++;
      else byValue.set(folded, { text: value, n: 1, sample: rowid });
    }
  }

  /** Writes what was added since the last call, in the caller's transaction. */
  flush(): void {
    for (const { formId, status, isPreview, totals, counts } of this.groups.values()) {
      for (const [fieldKey, byValue] of counts)
        for (const { text, n, sample } of byValue.values())
          this.addCount.run(formId, status, isPreview, fieldKey, text, n, sample);
      for (const [fieldKey, n] of totals) this.addTotal.run(formId, status, isPreview, fieldKey, n);
    }
    this.clear();
  }

  /**
   * Writes what was added now if it counted `rowid`'s answers: a change to that row takes its
   * counts back by triggers, which must find them written.
   */
  flushIfCounted(rowid: number): void {
    if (this.counted.has(rowid)) this.flush();
  }

  /** Forgets what was added: the writes it counted were rolled back. */
  clear(): void {
    this.groups.clear();
    this.counted.clear();
  }

  private groupOf(formId: string, status: string, isPreview: number): Group {
    const key = `${formId}\0${status}\0${isPreview}`;
    let group = this.groups.get(key);
    if (!group)
      this.groups.set(
        key,
        (group = { formId, status, isPreview, totals: new Map(), counts: new Map() }),
      );
    return group;
  }
}
