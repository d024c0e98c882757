import { type ColumnConversion, type QuestionRules } from '../../shared/contract/imports';
import { convertValue } from './buildSubmission';
import { matchOption } from './matchOption';

export interface ContentQuestion {
  id: string;
  name: string;
  type: string;
  rules?: QuestionRules;
}

/** How well a column's values fit a question, and why, in words for the mapping step. */
export interface ContentFit {
  score: number;
  reason: string;
}

/**
 * Share of values that must fit before the values alone suggest a question. Not all: a file
 * with a few bad values (a 9 among 1–5 ratings, a misspelt choice) still belongs to the
 * question, and its bad values are what the review step is for.
 */
const FITTING = 0.75;

/** Types whose values can be told apart by their shape, and how sure a fitting column makes us. */
const SHAPED: Record<string, { score: number; what: string }> = {
  EmailInput: { score: 0.85, what: 'e-mail addresses' },
  URLInput: { score: 0.8, what: 'web addresses' },
  PhoneNumber: { score: 0.75, what: 'phone numbers' },
  DatePicker: { score: 0.7, what: 'dates' },
  DateTimePicker: { score: 0.7, what: 'dates with a time' },
  TimePicker: { score: 0.7, what: 'times of day' },
  StarRating: { score: 0.75, what: 'star ratings' },
  OpinionScale: { score: 0.7, what: 'scale values' },
};
const CHOICE_TYPES = new Set(['Dropdown', 'MultipleChoice', 'ImagePicker']);
const LIST_TYPES = new Set(['Checkboxes', 'MultiSelect', 'Ranking']);
const FREE_TEXT = new Set(['ShortAnswer', 'LongAnswer']);

export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

function share(samples: readonly string[], test: (value: string) => boolean): number {
  return samples.filter(test).length / samples.length;
}

function fits(question: ContentQuestion, convert: ColumnConversion | undefined) {
  const target = { kind: 'question' as const, id: question.id, type: question.type };
  return (value: string) =>
    convertValue(value, {
      column: 0,
      target: question.rules ? { ...target, rules: question.rules } : target,
      ...(convert ? { convert } : {}),
    }).ok;
}

/** Text people write rather than pick: not a number, address, date or yes/no. */
export function looksLikeFreeText(samples: readonly string[]): boolean {
  if (samples.length === 0) return false;
  const shaped = (value: string) =>
    /^[\d\s.,:/+\-()%€$£]*$/.test(value) ||
    /^[^\s@]+@[^\s@]+$/.test(value) ||
    /^https?:\/\//i.test(value);
  return share(samples, (v) => !shaped(v.trim())) >= FITTING;
}

/** Sentences rather than a word or a name: a long-answer question's kind of text. */
export function looksLikeSentences(samples: readonly string[]): boolean {
  const words = samples.reduce((sum, s) => sum + s.trim().split(/\s+/).length, 0);
  return words / samples.length >= 4 || samples.some((s) => s.length > 60);
}

/**
 * How a column's values fit a question whose name did not match: e-mail addresses fit the e-mail
 * question, whole numbers 1–5 the star rating, values among a question's options that question.
 * Free text is left to the caller (it fits any text question; only being the one left decides).
 */
export function contentFit(
  samples: readonly string[],
  question: ContentQuestion,
  convert?: ColumnConversion,
): ContentFit | null {
  if (samples.length === 0) return null;
  const of = (fitting: number) =>
    `${fitting === samples.length ? 'All' : fitting} of the first ${plural(samples.length, 'value')}`;
  const shaped = SHAPED[question.type];
  if (shaped) {
    const fitting = samples.filter(fits(question, convert)).length;
    if (fitting < FITTING * samples.length) return null;
    // Bare numbers fit many scales: the narrower the question's range, the surer the match.
    if (question.type === 'StarRating' || question.type === 'OpinionScale') {
      const whole = samples.every((s) => /^\s*\d+\s*$/.test(s));
      if (!whole) return null;
    }
    return { score: shaped.score, reason: `${of(fitting)} are ${shaped.what}.` };
  }
  const options = question.rules?.options;
  if (options && (CHOICE_TYPES.has(question.type) || LIST_TYPES.has(question.type))) {
    const known = (value: string) => matchOption(value.trim(), options).kind !== 'none';
    const list = LIST_TYPES.has(question.type);
    const fitting = samples.filter((s) =>
      list ? s.split(/[;,]/).every((part) => part.trim() === '' || known(part)) : known(s),
    ).length;
    if (fitting < FITTING * samples.length) return null;
    return { score: 0.85, reason: `${of(fitting)} are among the question's choices.` };
  }
  return null;
}

export function isFreeTextQuestion(question: ContentQuestion): boolean {
  return FREE_TEXT.has(question.type);
}
