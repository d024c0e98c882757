import { type SubmissionFilter } from '../../shared/contract/submissions';
import { Memo } from './memo';
import { type QueryStatements } from './queryStatements';
import { setRowids } from './setRowids';
import { narrowingSets } from './viewConditions';

/** Searches and answer filters remembered at once: each holds one byte per rowid. */
export const NARROWED_KEPT = 4;
/** Marks a row that a set taken away ("is empty") holds, whatever the others say. */
const EXCLUDED = 255;
/** Matches at most this many are sorted from their rowids, not cut from the view's whole order. */
const FEW_MATCHES = 5_000;

/**
 * The rows that a filter's search and answer filters let through, read once from their own
 * indexes and remembered until the form changes.
 */
export class PassingRows {
  private readonly passes = new Memo<Uint8Array>(NARROWED_KEPT);

  constructor(private readonly reads: QueryStatements) {}

  /**
   * The rows that the filter's search and answer filters let through, one byte per rowid (1:
   * passes), or null when it has neither. Each is read once as a list of rowids from its own index
   * (full text, or answers), where reading the view's order through all of them would look each
   * row up in each.
   */
  of(filter: SubmissionFilter, version: string): Uint8Array | null {
    const sets = narrowingSets(filter);
    if (sets.length === 0) return null;
    // The full-text index holds every form: what it matched is kept for this form's version.
    const key = JSON.stringify([filter.formId, sets]);
    const known = this.passes.get(key, version);
    if (known) return known;
    const needed = sets.filter((set) => !set.except).length;
    // A search alone, the most common narrowing, marks its rows as passing at once.
    const alone = needed === 1 && sets.length === 1;
    // One snapshot for every read, so the sets agree with each other.
    const passing = this.reads.db.transaction(() => {
      const last = this.reads.largestRowid();
      // How many sets hold each row, or EXCLUDED.
      const held = new Uint8Array(last + 1);
      for (const set of sets) {
        const ids = setRowids((sql) => this.reads.statement(sql), set);
        const mark = set.except ? EXCLUDED : alone ? 1 : undefined;
        for (let i = 0; i < ids.length; i++) {
          const id = ids[i]!;
          if (id > last || held[id] === EXCLUDED) continue;
          held[id] = mark ?? held[id]! + 1;
        }
      }
      if (!alone) for (let id = 0; id <= last; id++) held[id] = held[id] === needed ? 1 : 0;
      return held;
    })();
    this.passes.set(key, version, passing);
    return passing;
  }
}

/** The rowids that pass, when they are few enough to sort from the rowids alone; else null. */
export function fewPassing(passing: Uint8Array): number[] | null {
  const ids: number[] = [];
  for (let id = 0; id < passing.length; id++) {
    if (passing[id] !== 1) continue;
    if (ids.length === FEW_MATCHES) return null;
    ids.push(id);
  }
  return ids;
}
