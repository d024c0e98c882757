import { setImmediate as nextTurn } from 'node:timers/promises';
import { type LocalForm } from '../shared/api/localApi';
import { type Submission } from '../shared/api/submission';
import { applyDerived } from './derived';
import { generateSubmission, type RowEdit } from './generatedSubmission';
import { MergedRows } from './mergedRows';
import {
  FLAG_DELETED,
  FLAG_IN_PROGRESS,
  FLAG_PREVIEW,
  generateColumns,
  type RowColumns,
} from './rowColumns';
import { submissionMatcher } from './searchText';
import { ServiceError } from './serviceError';
import { GeneratedIds } from './submissionIds';

/** A submission stored whole: created through the API, by a respondent, or loaded from a file. */
export interface StoredRow {
  submission: Submission;
  time: number;
  inProgress: boolean;
  preview: boolean;
}

export interface RowFilter {
  /** `any` is the admin surface's: every live row. */
  status: 'finished' | 'in_progress' | 'any';
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
/** A text search over many rebuilt rows gives other requests a turn this often. */
const SEARCH_SLICE_MS = 20;

/**
 * The submissions of one form: generated rows (compact columns, rebuilt on demand, overlaid with
 * deletes and edits) merged with stored rows, in (submissionTime, submissionId) order so paging
 * is stable.
 *
 * The generated rows matching a filter are cached until a generated row is deleted or edited;
 * new submissions only touch the (small) stored list. So paging through a million rows, or
 * through the results of a slow text search, scans once even while respondents keep arriving.
 */
export class FormRecords {
  private readonly columns: RowColumns;
  private readonly ids: GeneratedIds;
  private readonly edits = new Map<number, RowEdit>();
  /** Sorted by (time, submissionId). */
  private stored: StoredRow[] = [];
  private readonly storedById = new Map<string, StoredRow>();
  /** Bumped by every delete or edit of a generated row. */
  private generatedVersion = 0;
  private readonly matchCache = new Map<string, { version: number; rows: Uint32Array }>();
  private readonly searches = new Map<string, Promise<Uint32Array>>();
  private stopped = false;

  constructor(
    readonly form: LocalForm,
    private readonly formSeed: number,
    generatedCount: number,
    generatedUntil?: number,
  ) {
    this.columns = generateColumns(formSeed, generatedCount, generatedUntil);
    this.ids = new GeneratedIds(formSeed);
  }

  find(submissionId: string): Submission | undefined {
    const stored = this.storedById.get(submissionId);
    if (stored) return stored.submission;
    const index = this.liveIndexOf(submissionId);
    return index === undefined ? undefined : this.generated(index);
  }

  add(row: StoredRow): void {
    let lo = 0;
    let hi = this.stored.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (compareStored(this.stored[mid] as StoredRow, row) < 0) lo = mid + 1;
      else hi = mid;
    }
    this.stored.splice(lo, 0, row);
    this.storedById.set(row.submission.submissionId, row);
  }

  /** False when no such live submission exists. */
  remove(submissionId: string): boolean {
    const stored = this.storedById.get(submissionId);
    if (stored) {
      this.stored.splice(this.stored.indexOf(stored), 1);
      this.storedById.delete(submissionId);
      return true;
    }
    const index = this.liveIndexOf(submissionId);
    if (index === undefined) return false;
    this.columns.flags[index] = (this.columns.flags[index] ?? 0) | FLAG_DELETED;
    this.edits.delete(index);
    this.generatedVersion++;
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
      return stored.submission;
    }
    const index = this.liveIndexOf(submissionId);
    if (index === undefined) return undefined;
    const previous = this.edits.get(index);
    this.edits.set(index, {
      lastUpdatedAt,
      answers: { ...previous?.answers, [questionId]: value },
    });
    this.generatedVersion++;
    return this.generated(index);
  }

  /** Ends running searches at their next pause. */
  stop(): void {
    this.stopped = true;
  }

  /** Whether a live submission is unfinished; undefined when there is no such submission. */
  isInProgress(submissionId: string): boolean | undefined {
    const stored = this.storedById.get(submissionId);
    if (stored) return stored.inProgress;
    const index = this.liveIndexOf(submissionId);
    return index === undefined
      ? undefined
      : Boolean((this.columns.flags[index] ?? 0) & FLAG_IN_PROGRESS);
  }

  /**
   * The respondent completes an unfinished submission: it moves to the finished ones, keeping its
   * id and submissionTime. A generated row gains the answers it lacked.
   */
  finish(submissionId: string, lastUpdatedAt: string): Submission | undefined {
    const stored = this.storedById.get(submissionId);
    if (stored) {
      stored.inProgress = false;
      stored.submission = { ...stored.submission, lastUpdatedAt };
      return stored.submission;
    }
    const index = this.liveIndexOf(submissionId);
    if (index === undefined) return undefined;
    this.columns.flags[index] = (this.columns.flags[index] ?? 0) & ~FLAG_IN_PROGRESS;
    this.edits.set(index, { answers: {}, ...this.edits.get(index), lastUpdatedAt });
    this.generatedVersion++;
    return this.generated(index);
  }

  async query(filter: RowFilter): Promise<RowPage> {
    return this.page(await this.matchingGenerated(filter), filter);
  }

  /** Every live submission, any status, in time order (tests and the admin surface). */
  all({ includePreview = true }: { includePreview?: boolean } = {}): Submission[] {
    const filter: RowFilter = { status: 'any', includePreview };
    const rows = this.page(Uint32Array.from(this.eligibleGenerated(filter)), filter);
    return rows.page(0, rows.total, 'asc');
  }

  private page(generated: Uint32Array, filter: RowFilter): RowPage {
    const matches = filter.search ? submissionMatcher(filter.search) : undefined;
    const stored = this.stored.filter(
      (row) =>
        passesStatus(row.inProgress, row.preview, filter) &&
        passesDates(row.time, filter) &&
        (!matches || matches(row.submission)),
    );
    const merged = new MergedRows(generated, stored, (index, row) => {
      const time = this.columns.times[index] ?? 0;
      return time !== row.time
        ? time < row.time
        : this.ids.idOf(index) < row.submission.submissionId;
    });
    return {
      total: merged.total,
      page: (offset, limit, sort) => {
        const out: Submission[] = [];
        for (let k = offset; k < Math.min(offset + limit, merged.total); k++) {
          const row = merged.at(sort === 'asc' ? k : merged.total - 1 - k);
          out.push('stored' in row ? row.stored.submission : this.generated(row.generated));
        }
        return out;
      },
    };
  }

  /** Generated rows matching a filter, ascending; cached, and one search per filter at a time. */
  private async matchingGenerated(filter: RowFilter): Promise<Uint32Array> {
    const key = JSON.stringify([
      filter.status,
      filter.includePreview,
      filter.after,
      filter.before,
      filter.search,
    ]);
    const cached = this.matchCache.get(key);
    if (cached?.version === this.generatedVersion) return cached.rows;
    if (!filter.search) return this.remember(key, Uint32Array.from(this.eligibleGenerated(filter)));
    let running = this.searches.get(key);
    if (!running) {
      running = this.search(key, filter).finally(() => this.searches.delete(key));
      this.searches.set(key, running);
    }
    return running;
  }

  /**
   * Rebuilds each candidate row to test its text, letting other requests in between slices.
   * Deletes and edits that land meanwhile are settled at the end, in one synchronous step.
   */
  private async search(key: string, filter: RowFilter): Promise<Uint32Array> {
    const matches = submissionMatcher(filter.search ?? '');
    const startVersion = this.generatedVersion;
    const found: number[] = [];
    let sliceEnd = performance.now() + SEARCH_SLICE_MS;
    for (const index of this.eligibleGenerated(filter)) {
      if ((index & 0xff) === 0 && performance.now() > sliceEnd) {
        await nextTurn();
        // A closed server stops scanning instead of keeping its process busy.
        if (this.stopped) throw new ServiceError(503, 'The service is shutting down');
        sliceEnd = performance.now() + SEARCH_SLICE_MS;
      }
      if (matches(this.generated(index))) found.push(index);
    }
    if (this.generatedVersion === startVersion) return this.remember(key, Uint32Array.from(found));
    const settled = new Set(found.filter((index) => !this.isDeleted(index)));
    for (const index of this.edits.keys()) {
      const eligible = this.eligibleGenerated(filter, index, index + 1).length === 1;
      if (eligible && matches(this.generated(index))) settled.add(index);
      else settled.delete(index);
    }
    return this.remember(key, Uint32Array.from(settled).sort());
  }

  /** Caches rows computed just now, for the current version of the generated rows. */
  private remember(key: string, rows: Uint32Array): Uint32Array {
    if (this.matchCache.size >= MATCH_CACHE_SIZE) {
      const oldest = this.matchCache.keys().next().value;
      if (oldest !== undefined) this.matchCache.delete(oldest);
    }
    this.matchCache.set(key, { version: this.generatedVersion, rows });
    return rows;
  }

  /** Live generated rows in [from, to) that pass the filter's status, preview and dates. */
  private eligibleGenerated(filter: RowFilter, from = 0, to = this.columns.count): number[] {
    const { times, flags } = this.columns;
    const start = Math.max(from, filter.after === undefined ? 0 : firstAfter(times, filter.after));
    const end = Math.min(
      to,
      filter.before === undefined ? times.length : firstAtOrAfter(times, filter.before),
    );
    const out: number[] = [];
    for (let i = start; i < end; i++) {
      const f = flags[i] ?? 0;
      if (f & FLAG_DELETED) continue;
      if (passesStatus(Boolean(f & FLAG_IN_PROGRESS), Boolean(f & FLAG_PREVIEW), filter))
        out.push(i);
    }
    return out;
  }

  private generated(index: number): Submission {
    const facts = {
      id: this.ids.idOf(index),
      time: this.columns.times[index] ?? 0,
      inProgress: Boolean((this.columns.flags[index] ?? 0) & FLAG_IN_PROGRESS),
    };
    return generateSubmission(this.form, this.formSeed, index, facts, this.edits.get(index));
  }

  private isDeleted(index: number): boolean {
    return Boolean((this.columns.flags[index] ?? 0) & FLAG_DELETED);
  }

  private liveIndexOf(submissionId: string): number | undefined {
    const index = this.ids.indexOf(submissionId);
    if (index === undefined || index >= this.columns.count || this.isDeleted(index))
      return undefined;
    return index;
  }
}

function passesStatus(inProgress: boolean, preview: boolean, filter: RowFilter): boolean {
  if (filter.status !== 'any' && inProgress !== (filter.status === 'in_progress')) return false;
  return filter.includePreview || !preview;
}

function passesDates(time: number, filter: RowFilter): boolean {
  return (
    (filter.after === undefined || time > filter.after) &&
    (filter.before === undefined || time < filter.before)
  );
}

/** Order of the list endpoint: submissionTime, ties broken by submissionId. */
function compareStored(a: StoredRow, b: StoredRow): number {
  if (a.time !== b.time) return a.time - b.time;
  const idA = a.submission.submissionId;
  const idB = b.submission.submissionId;
  return idA < idB ? -1 : idA > idB ? 1 : 0;
}

/** First index whose time is > value. */
function firstAfter(times: Float64Array, value: number): number {
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
function firstAtOrAfter(times: Float64Array, value: number): number {
  let lo = 0;
  let hi = times.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((times[mid] ?? 0) < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
