import { FIELD_OF } from './answerField';
import { type AnswerColumn, type FormColumns } from './answerColumns';
import { addCode, foldedOf, GIVEN_ONCE, type Prepare } from './columnRead';

/**
 * A large form's columns, kept beside the cache or held in memory, brought up to rows changed or
 * removed since, as its form's rewrite log lists them (`form_rewrites`): the removed rows taken
 * out of every array, the changed ones read again from the cache and coded as a whole read would
 * code them. The columns then serve a form a sync or a delete has rewritten rows of, where they
 * were read anew from every question's index.
 */

const DAY_MS = 86_400_000;

/** What a question's column is without its answers: each row's code, and each code's first row. */
export type ColumnShape = Pick<
  AnswerColumn,
  'codes' | 'samples' | 'sortedEnd' | 'collapsesSingles'
>;

/** A row as the patch reads it now: finished, a preview, its time, its quiz score, paid. */
type RowNow = [number, number, string, number | null, number];

/** One answer of a row changed since the copy was kept, at the row's index in the form patched. */
export interface ChangedAnswer {
  index: number;
  text: string | null;
  num: number | null;
  json: string | null;
}

export interface RowsPatch {
  /** The form's change counter whose rewrites the patch holds. */
  version: number;
  /** The rows the copy held. */
  count: number;
  /** Indexes in the copy of its rows since removed, in order. */
  removed: Int32Array;
  /** Rows changed or removed since: a code one of them was the sample of is given another. */
  rewritten: Set<number>;
  /** Whether the row at an index of the form patched was changed since. */
  changed: Uint8Array;
  /** Each question's answers of the rows changed, in row order. */
  answers: Map<string, ChangedAnswer[]>;
}

/**
 * Patches the rows of the form's columns (as at `since`) to the cache's snapshot at `version`: the
 * rows logged since removed, or their status, time, score and payment read again. The patch its
 * columns are to get (`sampledColumn`), or null, the form left as it was, where the rows cannot be
 * patched: the last was removed (a row added since may have taken its rowid), or a row moved into
 * the form from another.
 */
export function patchRows(
  form: FormColumns,
  formId: string,
  since: number,
  version: number,
  prepare: Prepare,
): RowsPatch | null {
  const logged = prepare<[string, number], [number, number]>(
    'SELECT row, max(removed) FROM form_rewrites WHERE form_id = ? AND version > ? GROUP BY row',
  )
    .raw()
    .all(formId, since);
  const last = form.count > 0 ? form.rowids[form.count - 1]! : 0;
  const rowNow = prepare<[number, string], RowNow>(
    `SELECT status = 'finished', is_preview, submission_time,
         CASE WHEN status IN ('finished', 'in_progress') THEN quiz_score END,
         status IN ('finished', 'in_progress') AND payment_amount IS NOT NULL
       FROM submissions WHERE id = ? AND form_id = ?`,
  ).raw();
  const removed: number[] = [];
  const rows: [number, RowNow][] = [];
  // Nothing of the form is changed until every row logged is known to be patchable.
  for (const [rowid, wasRemoved] of logged) {
    if (rowid === last && wasRemoved) return null;
    const index = indexIn(form, rowid);
    const now = rowNow.get(rowid, formId);
    // A row added since is coded as one, when the copy is brought up to the rows added.
    if (index < 0) {
      if (now && rowid < last) return null;
      continue;
    }
    if (now) rows.push([index, now]);
    else removed.push(index);
  }
  const changed: number[] = [];
  for (const [index, [finished, preview, time, quiz, paid]] of rows) {
    form.finished[index] = finished;
    form.preview[index] = preview;
    form.time[index] = Date.parse(time);
    form.day[index] = Math.floor(form.time[index]! / DAY_MS);
    form.quiz[index] = quiz ?? Number.NaN;
    form.paid[index] = paid;
    changed.push(form.rowids[index]!);
  }
  const gone = Int32Array.from(removed).sort();
  const count = form.count;
  const { rowids, finished, preview, time, day, quiz, paid } = form;
  for (const array of [rowids, finished, preview, time, day, quiz, paid])
    compact(array, gone, count);
  form.count = count - gone.length;
  resetSlots(form);
  const isChanged = new Uint8Array(form.count);
  const answers = new Map<string, ChangedAnswer[]>();
  const answersOf = prepare<[number], [string, string | null, number | null, string | null]>(
    `SELECT f.field_key, a.value_text, a.value_num, a.value_json
       FROM answers a JOIN fields f ON f.id = a.field WHERE a.submission_rowid = ?`,
  ).raw();
  for (const rowid of changed.sort((a, b) => a - b)) {
    const index = indexIn(form, rowid);
    isChanged[index] = 1;
    for (const [key, text, num, json] of answersOf.iterate(rowid)) {
      const list = answers.get(key) ?? [];
      list.push({ index, text, num, json });
      answers.set(key, list);
    }
  }
  const rewritten = new Set(logged.map(([rowid]) => rowid));
  return { version, count, removed: gone, rewritten, changed: isChanged, answers };
}

/** How many rows hold each code of a column reshaped (`reshapeColumn`), and the first of them. */
export interface Holders {
  counts: number[];
  first: number[];
}

/**
 * A column's codes and samples as kept, with the removed rows taken out and the changed rows left
 * uncoded (0), every code no row holds now let go of, and a code whose sample was rewritten given
 * the first row that holds it. `count`: the rows the copy held. Which rows hold each code after.
 */
export function reshapeColumn(
  column: ColumnShape,
  patch: RowsPatch,
  form: FormColumns,
  count: number,
): Holders {
  const { codes, samples } = column;
  compact(codes, patch.removed, count);
  codes.fill(0, form.count, count);
  const counts = new Int32Array(samples.length + 1);
  const first = new Int32Array(samples.length + 1).fill(-1);
  for (let index = form.count - 1; index >= 0; index--) {
    if (patch.changed[index]) codes[index] = 0;
    const code = codes[index]!;
    counts[code]!++;
    first[code] = index;
  }
  const renumbered = new Int32Array(samples.length + 1);
  const kept: number[] = [];
  const holders: Holders = { counts: [0], first: [-1] };
  let sortedEnd = 1;
  for (let code = 1; code <= samples.length; code++) {
    const givenOnce = column.collapsesSingles && code === GIVEN_ONCE;
    if (!givenOnce && counts[code] === 0) continue;
    const sample = samples[code - 1]!;
    kept.push(patch.rewritten.has(sample) ? form.rowids[first[code]!]! : sample);
    holders.counts.push(counts[code]!);
    holders.first.push(first[code]!);
    renumbered[code] = kept.length;
    if (code < column.sortedEnd) sortedEnd = kept.length + 1;
  }
  if (kept.length < samples.length)
    for (let index = 0; index < form.count; index++) codes[index] = renumbered[codes[index]!]!;
  column.samples = kept;
  column.sortedEnd = sortedEnd;
  return holders;
}

/**
 * Codes the changed rows' answers to the question (`changed`, in row order) as a whole read of its
 * index would: an answer other rows give gets their code, its sample the first row that gives it
 * (`resample`); a free text no other row gives is given once. Each answer's code is that of the
 * first other row the index lists for it (`rowsGiving`), where searching the column's codes in
 * order looked up most of their answers. Call it once the column is reshaped.
 */
export function recodeChanged(
  column: AnswerColumn,
  changed: readonly ChangedAnswer[],
  form: FormColumns,
  patch: RowsPatch,
  holders: Holders,
  resample: (code: number, rowid: number) => void,
  rowsGiving: (text: string | null, limit: number) => [number, string | null][],
): void {
  const collapses = column.collapsesSingles;
  const byText = new Map<string | null, ChangedAnswer[]>();
  for (const answer of changed) {
    const folded = foldedOf(answer.text);
    byText.set(folded, [...(byText.get(folded) ?? []), answer]);
  }
  for (const [folded, group] of byText) {
    const first = group[0]!;
    // The index lists the group's rows until the first other: every other row that gives the
    // answer holds its code, or it is the one row that gave a free text once.
    let other = -1;
    let otherText: string | null = null;
    for (const [rowid, text] of rowsGiving(first.text, group.length + 1)) {
      const index = indexIn(form, rowid);
      if (index >= 0 && !patch.changed[index]) {
        other = index;
        otherText = text;
        break;
      }
    }
    const held = other >= 0 ? column.codes[other]! : 0;
    if (held > 0 && !(collapses && held === GIVEN_ONCE)) {
      for (const answer of group) column.codes[answer.index] = held;
      holders.counts[held]! += group.length;
      const rowid = form.rowids[first.index]!;
      if (rowid < column.samples[held - 1]!) resample(held, rowid);
    } else if (collapses && group.length === 1 && other < 0) {
      column.codes[first.index] = GIVEN_ONCE;
    } else {
      const otherFirst = other >= 0 && other < first.index;
      const code = otherFirst
        ? addCode(column, otherText, null, null, form.rowids[other]!)
        : addCode(
            column,
            first.text,
            collapses ? null : first.num,
            collapses ? null : first.json,
            form.rowids[first.index]!,
          );
      for (const answer of group) column.codes[answer.index] = code;
      if (other >= 0) column.codes[other] = code;
      holders.counts[code] = group.length + (other >= 0 ? 1 : 0);
      if (!collapses) column.added.set(folded, code);
    }
  }
  if (!collapses) return;
  // A text the changes left one row giving is given once; its code is left holding no row.
  for (let code = GIVEN_ONCE + 1; code < holders.first.length; code++)
    if (holders.counts[code] === 1) column.codes[holders.first[code]!] = GIVEN_ONCE;
}

/** The rows that give an answer to the question, in row order: `limit` at most. */
export function rowsGivingOf(
  prepare: Prepare,
  formId: string,
  key: string,
): (text: string | null, limit: number) => [number, string | null][] {
  const rows = prepare<[string, string, string | null, number], [number, string | null]>(
    `SELECT submission_rowid, value_text FROM answers INDEXED BY answers_by_text
       WHERE field = ${FIELD_OF} AND value_text IS ? ORDER BY submission_rowid LIMIT ?`,
  ).raw();
  return (text, limit) => rows.all(formId, key, text, limit);
}

function indexIn(form: FormColumns, rowid: number): number {
  return (form.slots[rowid - form.firstRowid] ?? 0) - 1;
}

/** Each row's index in `slots`, the rows having moved. */
function resetSlots(form: FormColumns): void {
  const { count, rowids } = form;
  form.firstRowid = count > 0 ? rowids[0]! : 0;
  form.slots = new Int32Array(count > 0 ? rowids[count - 1]! - form.firstRowid + 1 : 0);
  for (let i = 0; i < count; i++) form.slots[rowids[i]! - form.firstRowid] = i + 1;
}

/** Takes the items at `removed` (in order) out of the first `count`, the rest moved up. */
function compact(
  array: Float64Array | Int32Array | Uint8Array,
  removed: Int32Array,
  count: number,
): void {
  let to = removed[0] ?? count;
  for (let r = 0; r < removed.length; r++) {
    const from = removed[r]! + 1;
    const end = r + 1 < removed.length ? removed[r + 1]! : count;
    array.copyWithin(to, from, end);
    to += end - from;
  }
}
