import { type Submission } from '../../../../electron/shared/api/submission';
import { answerText, describeAnswer } from '../../../../electron/shared/answers/answerModel';
import { type ColumnCatalog } from './columnCatalog';
import { formatCalculation } from '../../../../electron/shared/answers/calculationValue';

export interface SearchHit {
  /** The column's name as its header shows it. */
  column: string;
  /** The column's text around the first match, so the mark is seen however narrow the cell. */
  snippet: string;
}

/** Characters kept before a match: enough to read what it belongs to. */
const LEAD = 16;

/**
 * `text` from a little before the first match of `search`; the whole of it when that is near the
 * start or there is none. The cache matches the search as one piece of text, in any case.
 */
export function snippetAround(text: string, search: string): string {
  const at = text.toLowerCase().indexOf(search.trim().toLowerCase());
  if (at <= LEAD) return text;
  // Start at a word boundary where one is near, so the snippet does not open mid-word.
  const from = text.lastIndexOf(' ', at - LEAD) + 1 || at - LEAD;
  return `…${text.slice(Math.max(from, at - LEAD * 2))}`;
}

/**
 * Where a row matched the search: the first column (in the form's order) whose text holds it. A row found by a column scrolled out of view says so in its own line; null when the
 * match is in no column's text (the service's search reads more than the table shows).
 */
export function searchHit(
  submission: Submission,
  catalog: ColumnCatalog,
  search: string,
): SearchHit | null {
  const needle = search.trim().toLowerCase();
  if (needle === '') return null;
  const columns: [name: string, text: string][] = [
    ...catalog.questions.map((question): [string, string] => {
      const answer = submission.questions.find((q) => q.id === question.id);
      return [
        question.name || question.id,
        answer ? answerText(describeAnswer(answer.type, answer.value)) : '',
      ];
    }),
    ...catalog.calculations.map((calculation): [string, string] => {
      const value = submission.calculations?.find((c) => c.id === calculation.id);
      return [calculation.name, value ? formatCalculation(value.type, value.value) : ''];
    }),
    ...catalog.urlParameters.map((parameter): [string, string] => [
      `?${parameter.name}`,
      submission.urlParameters?.find((p) => p.id === parameter.id)?.value ?? '',
    ]),
  ];
  for (const [column, text] of columns) {
    if (text.toLowerCase().includes(needle))
      return { column, snippet: snippetAround(text, search) };
  }
  return null;
}
