import { type Submission } from '../../../../electron/shared/api/submission';

/**
 * Who answered, as far as the answers say: a question asking for a name, else an e-mail address
 * (asked, or of the login). Null when nothing names them.
 */
export function respondentName(submission: Submission): string | null {
  const text = (value: unknown) =>
    typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
  const named = submission.questions.find(
    (q) => q.type === 'ShortAnswer' && /\bname\b/i.test(q.name) && text(q.value),
  );
  if (named) return text(named.value);
  const email = submission.questions.find((q) => q.type === 'EmailInput' && text(q.value));
  if (email) return text(email.value);
  return text(submission.login?.email);
}
