import { type QuestionInfo } from '../../../../electron/shared/contract/forms';
import { type FilterableField } from './AnswerFilterEditor';
import { type ColumnCatalog } from './columnCatalog';

/**
 * What the answer filters can narrow by: the catalogue's questions (with the options the form
 * offers), calculations and url parameters.
 */
export function filterableFields(
  catalog: ColumnCatalog,
  questions: readonly QuestionInfo[],
): FilterableField[] {
  const offered = new Map(questions.map((q) => [q.id, q.options] as const));
  return [
    ...catalog.questions.map((q) => ({
      key: q.id,
      name: q.name || q.id,
      type: q.type,
      options: offered.get(q.id),
    })),
    ...catalog.calculations.map((c) => ({
      key: `calculation:${c.id}`,
      name: c.name,
      type: 'Calculation',
    })),
    ...catalog.urlParameters.map((p) => ({
      key: `urlParameter:${p.id}`,
      name: `?${p.name}`,
      type: 'URL parameter',
    })),
  ];
}
