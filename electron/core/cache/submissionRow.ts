import { type SubmissionStatus } from '../../shared/api/endpoints';
import { type Submission } from '../../shared/api/submission';
import { answerText, describeAnswer } from '../../shared/answers/answerModel';
import { phoneDigits } from '../../shared/answers/phoneDigits';
import { KIND_OF_TYPE } from './answerKinds';

/** One typed value of one field of one submission, as the `answers` table holds it. */
export interface AnswerValue {
  fieldKey: string;
  /** The question's type (a calculation's as a question's, a URL parameter's as short text). */
  type: string;
  text: string | null;
  num: number | null;
  json: string | null;
}

/** A submission split into what the cache indexes; `raw` keeps the whole of it, as JSON text. */
export interface SubmissionRow {
  submissionId: string;
  status: SubmissionStatus;
  isPreview: boolean;
  submissionTime: string;
  lastUpdatedAt: string | null;
  quizScore: number | null;
  loginEmail: string | null;
  paymentAmount: number | null;
  raw: string;
  answers: AnswerValue[];
  searchText: string;
  /** The digits of each phone answer, last digit first (`phoneEndings`). */
  phoneEndings: string[];
}

const NUMERIC_TYPES = new Set([
  'NumberInput',
  'CurrencyInput',
  'Slider',
  'OpinionScale',
  'StarRating',
]);
const DATE_TYPES = new Set(['DatePicker', 'DateTimePicker']);
/** How an answer's items are joined in its text: a list's items, an address's parts. */
export const ITEMS_APART = ', ';

export const calculationKey = (id: string): string => `calculation:${id}`;
export const urlParameterKey = (id: string): string => `urlParameter:${id}`;

/**
 * `isPreview`: the service does not mark preview responses (the form owner trying the form) on the
 * submission; only the listing it came from tells, so the caller says.
 */
export function toSubmissionRow(
  submission: Submission,
  status: SubmissionStatus,
  isPreview = false,
): SubmissionRow {
  // An edit link lets anyone holding it change the answers: it is shown on request, never cached.
  const { editLink: _editLink, ...kept } = submission;
  const answers: AnswerValue[] = [];
  for (const q of submission.questions) {
    const value = answerValue(q.id, q.type, q.value);
    if (value) answers.push(value);
  }
  for (const c of submission.calculations ?? []) {
    const value = answerValue(
      calculationKey(c.id),
      c.type === 'number' ? 'NumberInput' : c.type,
      c.value,
    );
    if (value) answers.push(value);
  }
  for (const p of submission.urlParameters ?? []) {
    const value = answerValue(urlParameterKey(p.id), 'ShortAnswer', p.value);
    if (value) answers.push(value);
  }
  const amounts = (submission.payments ?? [])
    .map((p) => p.value.totalAmount)
    .filter((n) => typeof n === 'number');
  return {
    submissionId: submission.submissionId,
    status,
    isPreview,
    submissionTime: canonicalTime(submission.submissionTime),
    lastUpdatedAt: submission.lastUpdatedAt ?? null,
    quizScore: submission.quiz?.score ?? null,
    loginEmail: submission.login?.email ?? null,
    paymentAmount: amounts.length > 0 ? amounts.reduce((a, b) => a + b, 0) : null,
    raw: JSON.stringify(kept),
    answers,
    searchText: searchText(submission),
    phoneEndings: phoneEndings(submission),
  };
}

/** Times are compared as text in SQL, so they are stored in the one ISO form the service uses. */
function canonicalTime(time: string): string {
  const ms = Date.parse(time);
  return Number.isNaN(ms) ? time : new Date(ms).toISOString();
}

function answerValue(fieldKey: string, type: string, value: unknown): AnswerValue | null {
  if (value === null || value === undefined || value === '') return null;
  const files = KIND_OF_TYPE[type] === 'file' ? describeAnswer(type, value) : null;
  // Files are filtered and sorted by their names, as their cells show them: an address differs
  // for every answer and says nothing to a reader, and a signature's is the whole image.
  if (files?.kind === 'files')
    return { fieldKey, type, text: answerText(files) || null, num: null, json: null };
  if (Array.isArray(value)) {
    if (value.length === 0) return null;
    const allText = value.every((v) => typeof v === 'string' || typeof v === 'number');
    return {
      fieldKey,
      type,
      text: leaves(value).join(ITEMS_APART) || null,
      num: null,
      json: allText ? JSON.stringify(value.map(String)) : null,
    };
  }
  if (typeof value === 'number')
    return { fieldKey, type, text: String(value), num: value, json: null };
  if (typeof value === 'boolean')
    return { fieldKey, type, text: String(value), num: value ? 1 : 0, json: null };
  if (typeof value === 'string')
    return { fieldKey, type, text: value, num: numberOf(type, value), json: null };
  const text = leaves(value).join(ITEMS_APART);
  return text === '' ? null : { fieldKey, type, text, num: null, json: null };
}

function numberOf(type: string, text: string): number | null {
  if (DATE_TYPES.has(type)) {
    const ms = Date.parse(text);
    return Number.isNaN(ms) ? null : ms;
  }
  if (NUMERIC_TYPES.has(type) && text.trim() !== '') {
    const n = Number(text);
    return Number.isFinite(n) ? n : null;
  }
  return null;
}

/** The text of every string and number inside a value, in order. */
export function leaves(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') {
    if (value !== '') out.push(value);
  } else if (typeof value === 'number' || typeof value === 'boolean') {
    out.push(String(value));
  } else if (Array.isArray(value)) {
    for (const v of value) leaves(v, out);
  } else if (value !== null && typeof value === 'object') {
    for (const v of Object.values(value)) leaves(v, out);
  }
  return out;
}

/**
 * What full-text search looks in: every answer and text field a person typed or chose, as the
 * service's own search reads them.
 */
export function searchText(submission: Submission): string {
  const parts: string[] = [submission.submissionId];
  for (const q of submission.questions) leaves(q.value, parts);
  for (const c of submission.calculations ?? []) leaves(c.value, parts);
  for (const p of submission.urlParameters ?? []) leaves(p.value, parts);
  for (const s of submission.scheduling ?? []) leaves(s.value, parts);
  for (const p of submission.payments ?? []) leaves(p.value, parts);
  if (submission.login?.email) parts.push(submission.login.email);
  return parts.join('\n');
}

/**
 * The digits of each phone answer, reversed: a number typed another way ends with the same
 * national digits, and an index of the reversed digits finds every number ending with them by a
 * range. Kept apart from the search text, whose matches are the service's.
 */
export function phoneEndings(submission: Submission): string[] {
  const endings = new Set<string>();
  for (const q of submission.questions) {
    const digits = q.type === 'PhoneNumber' && typeof q.value === 'string' && phoneDigits(q.value);
    if (digits) endings.add([...digits].reverse().join(''));
  }
  return [...endings];
}
