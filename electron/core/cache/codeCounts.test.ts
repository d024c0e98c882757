import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Submission } from '../../shared/api/submission';
import { type SubmissionFilter } from '../../shared/contract/submissions';
import { AnswerColumns, type FormColumns } from './answerColumns';
import { codeCounter } from './codeCounts';
import { toSubmissionRow } from './submissionRow';
import { SubmissionStore } from './submissionStore';
import { openTempCache, type TempCache } from '../operations/testing/tempCache';

let cache: TempCache;
let store: SubmissionStore;
let columns: AnswerColumns;
beforeEach(() => {
  cache = openTempCache('code-counts');
  store = new SubmissionStore(cache.db);
  columns = new AnswerColumns(cache.db, { rebuildEveryMs: 0 });
});
afterEach(() => cache.close());

const KEYS = ['size', 'note'];

/** Row `i`: a size (none every ninth), a note of a few kinds; every fifth in progress, every eleventh a preview. */
function add(from: number, to: number, size = (i: number) => ['S', 'M', 'L'][i % 3]!): void {
  store.transaction(() => {
    for (let i = from; i < to; i++) {
      const at = new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString();
      const submission: Submission = {
        submissionId: `r${i}`,
        submissionTime: at,
        lastUpdatedAt: at,
        questions: [
          { id: 'size', name: 'Size', type: 'Dropdown', value: i % 9 === 4 ? null : size(i) },
          { id: 'note', name: 'Note', type: 'ShortAnswer', value: `note ${i % 7}` },
        ],
      };
      store.upsert(
        'f1',
        [toSubmissionRow(submission, i % 5 === 2 ? 'in_progress' : 'finished', i % 11 === 0)],
        't',
      );
    }
  });
}

const held = (): FormColumns =>
  cache.db.transaction(() => columns.current('f1', KEYS, new Set()))()!;

type Statuses = Pick<SubmissionFilter, 'status' | 'includePreview'>;
const STATUSES: Statuses[] = [
  { status: 'finished', includePreview: false },
  { status: 'in_progress', includePreview: true },
  { status: 'all', includePreview: true },
];

/** The rows of those statuses that `keep` keeps, in the columns' order. */
function viewOf(
  form: FormColumns,
  { status, includePreview }: Statuses,
  keep: (i: number) => boolean,
) {
  const rows: number[] = [];
  for (let i = 0; i < form.count; i++) {
    const statusOk = status === 'all' || form.finished[i] === (status === 'finished' ? 1 : 0);
    if (statusOk && (includePreview || !form.preview[i]) && keep(i)) rows.push(i);
  }
  return Int32Array.from(rows);
}

/** Each code's rows in the view, one by one. */
function countedByHand(form: FormColumns, key: string, view: Int32Array): number[] {
  const column = form.columns.get(key)!;
  const counts = new Array<number>(column.texts.length + 1).fill(0);
  for (const index of view) counts[column.codes[index]!]!++;
  return counts;
}

/** Views from a few rows to all but one, so both ways of counting are taken. */
const KEEPS: ((i: number) => boolean)[] = [
  (i) => i % 10 === 3,
  (i) => i % 2 === 0,
  (i) => i % 13 !== 6,
  (i) => i !== 40,
  () => true,
];

function expectCountedAsByHand(form: FormColumns): void {
  for (const statuses of STATUSES)
    for (const keep of KEEPS) {
      const view = viewOf(form, statuses, keep);
      const count = codeCounter(form, statuses, view);
      for (const key of KEYS)
        expect([...count(form.columns.get(key)!)]).toEqual(countedByHand(form, key, view));
    }
}

describe("a view's answers counted in the form's columns", () => {
  it('counts a view of a few rows, and one of nearly all of them, as counting each row does', () => {
    add(0, 300);
    expectCountedAsByHand(held());
  });

  it('counts rows added since, and an answer first given since, in the counts it keeps', () => {
    add(0, 300);
    const form = held();
    expectCountedAsByHand(form);
    add(300, 330);
    expect(held()).toBe(form);
    expect(form.count).toBe(330);
    expectCountedAsByHand(form);
    add(330, 340, (i) => (i % 2 ? 'XL' : 'M'));
    expect(held()).toBe(form);
    expect(form.columns.get('size')!.texts).toContain('XL');
    expectCountedAsByHand(form);
  });
});
