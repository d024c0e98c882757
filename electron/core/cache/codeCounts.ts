import { type SubmissionFilter } from '../../shared/contract/submissions';
import { type AnswerColumn, type FormColumns } from './answerColumns';
import { Memo } from './memo';

/** A view holding more than this share of its statuses' rows is counted from the rows it leaves out. */
const MOSTLY = 0.75;

/** The statuses and preview flags a view can hold: each has its totals. */
const STATUSES_KEPT = 6;

const kept = new WeakMap<AnswerColumn, Memo<Int32Array>>();

/**
 * How many of a view's rows give each code of a column (code 0: no answer), for each column
 * asked. A view of most of its statuses' rows (a common word, a wide span of dates) is counted
 * from the other side: every one of those rows, counted once and kept with the column until the
 * form changes, less the few the view leaves out, where counting its own rows walked nearly the
 * whole form again for each question. `view` lists the view's rows in the order of the columns.
 */
export function codeCounter(
  form: FormColumns,
  filter: Pick<SubmissionFilter, 'status' | 'includePreview'>,
  view: Int32Array,
): (column: AnswerColumn) => Int32Array {
  const finished = filter.status === 'finished' ? 1 : 0;
  const inStatuses = (index: number) =>
    (filter.status === 'all' || form.finished[index] === finished) &&
    (filter.includePreview || !form.preview[index]);
  let inAll = 0;
  for (let index = 0; index < form.count; index++) if (inStatuses(index)) inAll++;
  if (view.length <= MOSTLY * inAll) return (column) => countsOver(column, view);
  const statusRows = new Int32Array(inAll);
  const left = new Int32Array(inAll - view.length);
  for (let index = 0, at = 0, next = 0, leftOut = 0; index < form.count; index++) {
    if (!inStatuses(index)) continue;
    statusRows[at++] = index;
    if (view[next] === index) next++;
    else left[leftOut++] = index;
  }
  const statuses = `${filter.status} ${filter.includePreview}`;
  return (column) => {
    const counts = countsOver(column, left);
    const all = totalsOf(form, column, statuses, statusRows);
    for (let code = 0; code < counts.length; code++) counts[code] = all[code]! - counts[code]!;
    return counts;
  };
}

function countsOver(column: AnswerColumn, rows: Int32Array): Int32Array {
  const { codes } = column;
  const counts = new Int32Array(column.texts.length + 1);
  for (let i = 0; i < rows.length; i++) counts[codes[rows[i]!]!]!++;
  return counts;
}

/** The column's counts over every row of the statuses, kept until the form or the column changes. */
function totalsOf(
  form: FormColumns,
  column: AnswerColumn,
  statuses: string,
  rows: Int32Array,
): Int32Array {
  let memo = kept.get(column);
  if (!memo) {
    memo = new Memo<Int32Array>(STATUSES_KEPT);
    kept.set(column, memo);
  }
  // Rows added since, and the answers first given in them, come with a new change counter.
  const version = String(form.version);
  const known = memo.get(statuses, version);
  if (known) return known;
  const counts = countsOver(column, rows);
  memo.set(statuses, version, counts);
  return counts;
}
