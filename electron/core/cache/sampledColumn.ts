import { FIELD_OF } from './answerField';
import { type AnswerColumn, type FormColumns } from './answerColumns';
import { type Prepare } from './columnRead';
import { type ColumnShape, recodeChanged, reshapeColumn, rowsGivingOf } from './keptPatch';
import { asciiFold } from './summaryFigures';

/**
 * A question's column made of its codes and their samples alone (`shape`, taken over), for the
 * form given: patched to the rows rewritten since (`form.patch`), each answer looked up from its
 * sample row when first asked for (a free text's answers have no number or list: they are not
 * read). A copy kept beside the cache holds no answer, and a patch moves codes and samples that a
 * column's answers would have to follow.
 */
export function sampledColumn(
  shape: ColumnShape,
  key: string,
  form: FormColumns,
  formId: string,
  prepare: Prepare,
): AnswerColumn {
  const { patch } = form;
  const holders = patch ? reshapeColumn(shape, patch, form, patch.count) : null;
  const { collapsesSingles } = shape;
  const none = () => new Array<null>(shape.samples.length).fill(null);
  const column: AnswerColumn = {
    codes: shape.codes,
    samples: shape.samples,
    sortedEnd: shape.sortedEnd,
    collapsesSingles,
    texts: none(),
    nums: none(),
    jsons: none(),
    added: new Map(),
    lookUp: null,
  };
  const looked = new Uint8Array(shape.samples.length + 1);
  const answer = prepare<[number, string, string], [string | null, number | null, string | null]>(
    `SELECT value_text, value_num, value_json FROM answers WHERE submission_rowid = ? AND field = ${FIELD_OF}`,
  ).raw();
  column.lookUp = (code) => {
    // Codes added since the column was made came with their answers.
    if (code >= looked.length || looked[code] === 1) return;
    looked[code] = 1;
    const sample = column.samples[code - 1]!;
    // The code that stands for free texts given once has no row.
    if (sample < 0) return;
    const [text, num, json] = answer.get(sample, formId, key) ?? [null, null, null];
    column.texts[code - 1] = text;
    if (!collapsesSingles) {
      column.nums[code - 1] = num;
      column.jsons[code - 1] = json;
    }
  };
  // Answers first seen after the column was read are found by their folded text; a free text's
  // column made of its samples is sought in the index instead (`AnswerColumns.codeOf`).
  if (!collapsesSingles)
    for (let code = column.sortedEnd; code <= column.samples.length; code++) {
      column.lookUp(code);
      const text = column.texts[code - 1]!;
      column.added.set(text === null ? null : asciiFold(text), code);
    }
  if (patch && holders) {
    // A code given an earlier row is looked up again from it when next asked for (a code added
    // here has its first row already).
    const resample = (code: number, rowid: number) => {
      column.samples[code - 1] = rowid;
      if (code < looked.length) looked[code] = 0;
    };
    recodeChanged(
      column,
      patch.answers.get(key) ?? [],
      form,
      patch,
      holders,
      resample,
      rowsGivingOf(prepare, formId, key),
    );
  }
  return column;
}
