import { type ColumnMapping } from '../../shared/contract/imports';
import { convertValue } from './buildSubmission';
import { checkRequired } from './checkRules';

/** One cell as the mapping sends it (JSON), or the sentence saying why it cannot be sent. */
export function previewCell(
  raw: string,
  mapping: ColumnMapping,
): { sent: string | null; problem: string | null } {
  if (raw.trim() === '') {
    const rules = mapping.target.kind === 'question' ? mapping.target.rules : undefined;
    return { sent: null, problem: checkRequired(rules) };
  }
  const converted = convertValue(raw, mapping);
  return converted.ok
    ? { sent: JSON.stringify(converted.value), problem: null }
    : { sent: null, problem: converted.message };
}
