import { type LocalForm } from '../shared/api/localApi';
import { type Submission } from '../shared/api/submission';
import { applyDerived } from './derived';
import { generateSubmission, type RowEdit } from './generatedSubmission';
import {
  FLAG_DELETED,
  FLAG_IN_PROGRESS,
  FLAG_PREVIEW,
  generateColumns,
  type RowColumns,
} from './rowColumns';
import { submissionMatcher } from './searchText';
import { GeneratedIds } from './submissionIds';

/** A submission stored whole: created through the API, by a respondent, or loaded from a file. */
export interface StoredRow {
  submission: Submission;
  time: number;
  inProgress: boolean;
  preview: boolean;
}

export interface RowFilter {
  status: 'finished' | 'in_progress';
  includePreview: boolean;
  /** Exclusive bounds on submissionTime, ms since the epoch. */
  after?: number;
  before?: number;
  /** Text to find, in any case. */
  search?: string;
}

export interface RowPage {
  total: number;
  page(offset: number, limit: number, sort: 'asc' | 'desc'): Submission[];
}

const MATCH_CACHE_SIZE = 16;

/**
 * The submissions of one form: generated rows (compact columns, rebuilt on demand, overlaid with
 * deletes and edits) merged with stored rows, in (submissionTime, submissionId) order so paging
 * is stable. The matching rows of a filter are cached until the form changes: a full scan of a
 * million rows pages through one cached list instead of re-filtering for every page.
 */
export class FormRecords {
  private readonly columns: RowColumns;
  private readonly ids: GeneratedIds;
  private readonly edits = new Map<number, RowEdit>();
  /** Sorted by (time, submissionId). */
  private stored: StoredRow[] = [];
  private readonly storedById = new Map<string, StoredRow>();
  private version = 0;
  private readonly matchCache = new Map<string, { version: number; rows: Uint32Array }>();

  constructor(
    readonly form: LocalForm,
    private readonly formSeed: number,
    generatedCount: number,
  ) {
    this.columns = generateColumns(formSeed, generatedCount);
    this.ids = new GeneratedIds(formSeed);
  }

  get generatedCount(): number {
    return this.columns.count;
  }

  find(submissionId: string): Submission | undefined {
    const stored = this.storedById.get(submissionId);
    if (stored) return stored.submission;
    const index = this.liveIndexOf(submissionId);
    return index === undefined ? undefined : this.generated(index);
  }

  add(row: StoredRow): void {
    const at = this.insertionPoint(row.time, row.submission.submissionId);
    this.stored.splice(at, 0, row);
    this.storedById.set(row.submission.submissionId, row);
    this.version++;
  }

  /** False when no such live submission exists. */
  remove(submissionId: string): boolean {
    const stored = this.storedById.get(submissionId);
    if (stored) {
      this.stored.splice(this.stored.indexOf(stored), 1);
      this.storedById.delete(submissionId);
    } else {
      const index = this.liveIndexOf(submissionId);
      if (index === undefined) return false;
      this.columns.flags[index] = (this.columns.flags[index] ?? 0) | FLAG_DELETED;
      this.edits.delete(index);
    }
    this.version++;
    return true;
  }

  /** Changes one answer and lastUpdatedAt; undefined when no such live submission exists. */
  edit(
    submissionId: string,
    questionId: string,
    value: unknown,
    lastUpdatedAt: string,
  ): Submission | undefined {
    const stored = this.storedById.get(submissionId);
    if (stored) {
      const questions = stored.submission.questions.map((q) =>
        q.id === questionId ? { ...q, value } : q,
      );
      stored.submission = applyDerived(this.form, {
        ...stored.submission,
        questions,
        lastUpdatedAt,
      });
      this.version++;
      return stored.submission;
    }
    const index = this.liveIndexOf(submissionId);
    if (index === undefined) return undefined;
    const previous = this.edits.get(index);
    this.edits.set(index, {
      lastUpdatedAt,
      answers: { ...previous?.answers, [questionId]: value },
    });
    this.version++;
    return this.generated(index);
  }

  query(filter: RowFilter): RowPage {
    const rows = this.matchingRows(filter);
    return {
      total: rows.length,
      page: (offset, limit, sort) => {
        const out: Submission[] = [];
        for (let k = offset; k < Math.min(offset + limit, rows.length); k++) {
          const row = rows[sort === 'asc' ? k : rows.length - 1 - k];
          if (row !== undefined) out.push(this.rowAt(row));
        }
        return out;
      },
    };
  }

  /** Every live submission, any status, in time order (tests and the admin surface). */
  all(): Submission[] {
    const finished = this.query({ status: 'finished', includePreview: true });
    const unfinished = this.query({ status: 'in_progress', includePreview: true });
    return [
      ...finished.page(0, finished.total, 'asc'),
      ...unfinished.page(0, unfinished.total, 'asc'),
    ].sort((a, b) =>
      compareRows(
        Date.parse(a.submissionTime),
        a.submissionId,
        Date.parse(b.submissionTime),
        b.submissionId,
      ),
    );
  }

  /**
   * Rows matching a filter in ascending order. A row number below the generated count is a
   * generated row; above it, a stored row (offset by the count) as of this version.
   */
  private matchingRows(filter: RowFilter): Uint32Array {
    const key = JSON.stringify([
      filter.status,
      filter.includePreview,
      filter.after,
      filter.before,
      filter.search,
    ]);
    const cached = this.matchCache.get(key);
    if (cached?.version === this.version) return cached.rows;

    const wantInProgress = filter.status === 'in_progress';
    const matches = filter.search ? submissionMatcher(filter.search) : undefined;
    const { times, flags, count } = this.columns;
    const generated: number[] = [];
    const from = filter.after === undefined ? 0 : upperBound(times, filter.after);
    const to = filter.before === undefined ? count : lowerBound(times, filter.before);
    for (let i = from; i < to; i++) {
      const f = flags[i] ?? 0;
      if (f & FLAG_DELETED) continue;
      if (Boolean(f & FLAG_IN_PROGRESS) !== wantInProgress) continue;
      if (!filter.includePreview && f & FLAG_PREVIEW) continue;
      if (matches && !matches(this.generated(i))) continue;
      generated.push(i);
    }
    const stored: number[] = [];
    this.stored.forEach((row, j) => {
      if (row.inProgress !== wantInProgress) return;
      if (!filter.includePreview && row.preview) return;
      if (filter.after !== undefined && row.time <= filter.after) return;
      if (filter.before !== undefined && row.time >= filter.before) return;
      if (matches && !matches(row.submission)) return;
      stored.push(count + j);
    });

    const rows = this.merge(generated, stored);
    if (this.matchCache.size >= MATCH_CACHE_SIZE) {
      const oldest = this.matchCache.keys().next().value;
      if (oldest !== undefined) this.matchCache.delete(oldest);
    }
    this.matchCache.set(key, { version: this.version, rows });
    return rows;
  }

  private merge(generated: number[], stored: number[]): Uint32Array {
    const rows = new Uint32Array(generated.length + stored.length);
    let g = 0;
    let s = 0;
    for (let k = 0; k < rows.length; k++) {
      const gi = generated[g];
      const si = stored[s];
      const takeGenerated =
        si === undefined ||
        (gi !== undefined && compareRows(...this.sortKey(gi), ...this.sortKey(si)) <= 0);
      rows[k] = takeGenerated ? (gi as number) : si;
      if (takeGenerated) g++;
      else s++;
    }
    return rows;
  }

  private sortKey(row: number): [number, string] {
    if (row < this.columns.count) return [this.columns.times[row] ?? 0, this.ids.idOf(row)];
    const stored = this.stored[row - this.columns.count];
    if (!stored) throw new Error(`no stored row ${row}`);
    return [stored.time, stored.submission.submissionId];
  }

  private rowAt(row: number): Submission {
    if (row < this.columns.count) return this.generated(row);
    const stored = this.stored[row - this.columns.count];
    if (!stored) throw new Error(`no stored row ${row}`);
    return stored.submission;
  }

  private generated(index: number): Submission {
    const facts = {
      id: this.ids.idOf(index),
      time: this.columns.times[index] ?? 0,
      inProgress: Boolean((this.columns.flags[index] ?? 0) & FLAG_IN_PROGRESS),
    };
    return generateSubmission(this.form, this.formSeed, index, facts, this.edits.get(index));
  }

  private liveIndexOf(submissionId: string): number | undefined {
    const index = this.ids.indexOf(submissionId);
    if (index === undefined || index >= this.columns.count) return undefined;
    return (this.columns.flags[index] ?? 0) & FLAG_DELETED ? undefined : index;
  }

  private insertionPoint(time: number, id: string): number {
    let lo = 0;
    let hi = this.stored.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const row = this.stored[mid] as StoredRow;
      if (compareRows(row.time, row.submission.submissionId, time, id) <= 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}

/** Order of the list endpoint: submissionTime, ties broken by submissionId. */
function compareRows(timeA: number, idA: string, timeB: number, idB: string): number {
  if (timeA !== timeB) return timeA - timeB;
  return idA < idB ? -1 : idA > idB ? 1 : 0;
}

/** First index whose time is > value. */
function upperBound(times: Float64Array, value: number): number {
  let lo = 0;
  let hi = times.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((times[mid] ?? 0) <= value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** First index whose time is >= value. */
function lowerBound(times: Float64Array, value: number): number {
  let lo = 0;
  let hi = times.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((times[mid] ?? 0) < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
