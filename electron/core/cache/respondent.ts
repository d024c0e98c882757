import { Submission } from '../../shared/api/submission';

/**
 * Who a kept submission came from, as a person would name them: the answer to a name question
 * and the e-mail given, from the snapshot kept when it was deleted; null when it holds neither.
 */
export function respondentOf(snapshot: unknown): string | null {
  const parsed = Submission.safeParse(snapshot);
  if (!parsed.success) return null;
  const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
  const { questions } = parsed.data;
  const name = text(questions.find((q) => isNameQuestion(q) && text(q.value))?.value);
  const email = text(questions.find((q) => q.type === 'EmailInput' && text(q.value))?.value);
  if (name && email) return `${name} (${email})`;
  return name || email || null;
}

/** A short answer the form asks a name in: where a respondent says who they are. */
export function isNameQuestion(question: { type: string; name: string }): boolean {
  return question.type === 'ShortAnswer' && /\bname\b/i.test(question.name);
}
