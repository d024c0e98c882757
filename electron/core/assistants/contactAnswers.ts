import { isNameQuestion } from '../cache/respondent';

/** Question types whose answers say how to reach a person. */
const CONTACT_TYPES = new Set(['EmailInput', 'PhoneNumber']);

/**
 * Whether a question's answers are contact details: an e-mail, a phone number, or a name. An
 * assistant sees them only where the person allowed contact answers.
 */
export function isContactQuestion(question: { type: string; name: string }): boolean {
  return CONTACT_TYPES.has(question.type) || isNameQuestion(question);
}
