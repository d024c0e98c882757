import { AnswerColumns, type FormColumns } from './answerColumns';
import { Memo } from './memo';
import { type StatementCache } from './statementCache';
import { setRowids } from './setRowids';
import { type RowSet } from './viewConditions';

/** Sets remembered at once for each form's columns: each holds one byte per row of the form. */
const SETS_KEPT = 4;

const remembered = new WeakMap<FormColumns, Memo<Uint8Array>>();

/**
 * The rows of a form's columns a narrowing set holds (a search, an import, an answer filter), one
 * byte per row (1: held), read from the set's own index and remembered until the form changes: a
 * person moving a view's dates or status keeps its search, whose rows in a large form take far
 * longer to list than its summary takes to count.
 */
export function setMarks(reads: StatementCache, form: FormColumns, set: RowSet): Uint8Array {
  let memo = remembered.get(form);
  if (!memo) {
    memo = new Memo<Uint8Array>(SETS_KEPT);
    remembered.set(form, memo);
  }
  const key = JSON.stringify([set.sql, set.params]);
  const version = String(form.version);
  const known = memo.get(key, version);
  if (known) return known;
  const marked = new Uint8Array(form.count);
  for (const id of setRowids((sql) => reads.statement(sql), set)) {
    const index = AnswerColumns.indexOf(form, id);
    if (index >= 0) marked[index] = 1;
  }
  memo.set(key, version, marked);
  return marked;
}
