import { type Submission } from '../shared/api/submission';

/**
 * Whether a submission contains `needle` (already lower-cased) in any answer or other text it
 * carries: question values, calculations, url parameters, scheduling, payments, login, its id.
 * Field names are not searched: every submission of a form has the same ones.
 */
export function submissionContains(submission: Submission, needle: string): boolean {
  if (submission.submissionId.toLowerCase().includes(needle)) return true;
  const groups = [
    submission.questions,
    submission.calculations,
    submission.urlParameters,
    submission.scheduling,
    submission.payments,
  ];
  for (const group of groups) {
    for (const entry of group ?? []) {
      if (valueContains(entry.value, needle)) return true;
    }
  }
  return valueContains(submission.login?.email, needle);
}

function valueContains(value: unknown, needle: string): boolean {
  if (value === null || value === undefined) return false;
  if (typeof value === 'string') return value.toLowerCase().includes(needle);
  if (typeof value === 'number' || typeof value === 'boolean')
    return String(value).includes(needle);
  if (Array.isArray(value)) return value.some((item) => valueContains(item, needle));
  if (typeof value === 'object')
    return Object.values(value).some((item) => valueContains(item, needle));
  return false;
}
