import { createHash } from 'node:crypto';

/**
 * What identifies an imported row, on our side and on the server's.
 *
 * The create endpoint takes no idempotency key and its answer can be lost (timeout, reset, a 5xx
 * from a gateway while the service behind it commits), so a resend must be preceded by a look at
 * what the server now holds. A row is recognised there by its marker, the *content key*: the
 * values of exactly the questions the import maps (missing answers as null, canonical JSON) plus
 * its `submissionTime` to the millisecond, which the service keeps as sent.
 *
 * The time is what makes the marker the row's own. When the file does not give one, the import
 * assigns each row a millisecond of its own, kept apart from every other import's on the form and
 * ending a minute before the start (`plannedRows.ts`), and records it in the journal BEFORE
 * sending. A respondent's submission is stamped with the service's clock when it arrives, so no
 * submission made meanwhile carries it, whatever its answers. When the file gives times, rows with
 * equal answers and equal times are indistinguishable by anyone: the validation step flags them as
 * duplicates (within the file and against the cache), and verification counts matches as a
 * multiset and never lets one server submission account for two rows, nor for a row when the
 * journal already links it to another.
 *
 * Re-running the same file skips rows already created: that check uses the content key without
 * an assigned time (`sourceKey`), since a second run assigns new times.
 */
export function contentKey(
  questionIds: readonly string[],
  answers: ReadonlyMap<string, unknown>,
  submissionTime: string | null,
): string {
  let text = '';
  for (const id of sortedIds(questionIds)) {
    text += `${JSON.stringify(id)}:${canonicalJson(comparable(answers.get(id)))},`;
  }
  text += `@${submissionTime === null ? '' : normaliseTime(submissionTime)}`;
  return digest(text);
}

// Keys are made per row, from the same few id lists: sort each list once.
const sorted = new WeakMap<readonly string[], readonly string[]>();

function sortedIds(ids: readonly string[]): readonly string[] {
  let order = sorted.get(ids);
  if (!order) {
    order = [...ids].sort();
    sorted.set(ids, order);
  }
  return order;
}

/**
 * A value as the server may hand it back: text trimmed and in one Unicode form, numbers and
 * numeric text alike, empty text or lists as no answer. A server that tidies what it stores must
 * not make a created row look missing (which would send it again).
 */
function comparable(value: unknown): unknown {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value === 'string') {
    const text = value.normalize('NFC').trim();
    return text !== '' && Number.isFinite(Number(text)) ? Number(text) : text === '' ? null : text;
  }
  if (Array.isArray(value)) return value.length === 0 ? null : value.map(comparable);
  if (typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, comparable(v)]),
    );
  }
  return value;
}

export function answersOf(
  questions: ReadonlyArray<{ id: string; value?: unknown }>,
): Map<string, unknown> {
  return new Map(questions.map((q) => [q.id, q.value]));
}

/** Equal instants compare equal however they were written (`Z` vs `+00:00`, with or without ms). */
export function normaliseTime(time: string): string {
  const ms = Date.parse(time);
  return Number.isNaN(ms) ? time : new Date(ms).toISOString();
}

function digest(text: string): string {
  return createHash('sha256').update(text).digest('base64url');
}

/** JSON with object keys sorted, so equal values always give equal text. */
export function canonicalJson(value: unknown): string {
  if (value === undefined) return 'null';
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}
