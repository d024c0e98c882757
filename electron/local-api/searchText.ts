import { type Submission } from '../shared/api/submission';

/**
 * A test for submissions containing `text` (case-insensitive) in any answer or other text they
 * carry: question values, calculations, url parameters, scheduling, payments, login, the id.
 * Field names are not searched: every submission of a form has the same ones.
 */
export function submissionMatcher(text: string): (submission: Submission) => boolean {
  // One case-insensitive pattern instead of lower-casing every string: a search over a million
  // rebuilt rows spends its time here.
  const pattern = new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'iu');
  const contains = (value: unknown): boolean => {
    if (value === null || value === undefined) return false;
    if (typeof value === 'string') return pattern.test(value);
    if (typeof value === 'number' || typeof value === 'boolean') return pattern.test(String(value));
    if (Array.isArray(value)) return value.some(contains);
    if (typeof value === 'object') {
      for (const key in value) {
        if (contains((value as Record<string, unknown>)[key])) return true;
      }
    }
    return false;
  };
  return (submission) => {
    if (pattern.test(submission.submissionId)) return true;
    const groups = [
      submission.questions,
      submission.calculations,
      submission.urlParameters,
      submission.scheduling,
      submission.payments,
    ];
    for (const group of groups) {
      for (const entry of group ?? []) {
        if (contains(entry.value)) return true;
      }
    }
    return contains(submission.login?.email);
  };
}
