import type Database from 'better-sqlite3';
import { type Submission } from '../../shared/api/submission';
import { phoneDigits, phoneSearchDigits } from '../../shared/answers/phoneDigits';
import {
  MAX_PERSON_MATCHES,
  type PersonFormGroup,
  type PersonMatch,
  type PersonSearchResult,
} from '../../shared/contract/people';
import { type SubmissionListRow } from '../../shared/contract/submissions';
import { type StoredRow, toListRow } from '../cache/listRow';
import { packedRows } from '../cache/packedRows';
import { leaves } from '../cache/submissionRow';
import { MIN_TRIGRAM, trigramsOf } from '../cache/viewConditions';

/** What a match is placed by in the list, read from an index without the submission. */
interface Key {
  id: number;
  form_id: string;
  form_name: string | null;
  submission_time: string;
}

/** A person's cached submissions, every form, grouped by form (by name), newest first in each. */
export interface PersonRows {
  groups: { formId: string; formName: string; rows: SubmissionListRow[] }[];
  /** More submissions hold the text than are listed. */
  truncated: boolean;
  /** The list of up to `max` submissions that these rows are the start of. */
  whole: { total: number; truncated: boolean };
}

/**
 * Every cached submission whose search text holds `query`, through the full-text index (trigrams:
 * "contains", any case), on every form at once: a person is found by whatever they typed, an
 * e-mail, a phone number or a name. A query typed as a phone number also finds each phone answer
 * ending with its national digits, so the number is found however either was written.
 *
 * The list holds up to `max` of them; `shown` lists its first rows alone, placed from the index
 * before any submission is read, so a first page is exactly the start of the whole list.
 */
export function personRows(
  db: Database.Database,
  query: string,
  { max = MAX_PERSON_MATCHES, shown = max }: { max?: number; shown?: number } = {},
): PersonRows {
  // One snapshot, so each match placed from the index is still there when its row is read.
  return db.transaction(() => listedRows(db, query, max, Math.min(shown, max)))();
}

function listedRows(db: Database.Database, query: string, max: number, shown: number): PersonRows {
  const ids = foundIds(db, personLookup(query), max + 1);
  const keys = db
    .prepare<[string], Key>(
      `SELECT s.id, s.form_id, f.name AS form_name, s.submission_time
       FROM submissions s INDEXED BY submissions_by_id
       LEFT JOIN forms f ON f.form_id = s.form_id
       WHERE s.id IN (SELECT value FROM json_each(?))
       ORDER BY s.id`,
    )
    .all(JSON.stringify(ids));
  const byForm = new Map<string, { formId: string; formName: string; keys: Key[] }>();
  for (const key of keys.slice(0, max)) {
    let group = byForm.get(key.form_id);
    if (!group) {
      group = { formId: key.form_id, formName: key.form_name ?? key.form_id, keys: [] };
      byForm.set(key.form_id, group);
    }
    group.keys.push(key);
  }
  const read = db.prepare<[number], StoredRow>(
    `SELECT id, submission_id, submission_time, last_updated_at, status, is_preview, raw
     FROM submissions WHERE id = ?`,
  );
  const packed = packedRows(db);
  let left = shown;
  const groups: PersonRows['groups'] = [];
  for (const group of [...byForm.values()].sort((a, b) => a.formName.localeCompare(b.formName))) {
    if (left === 0) break;
    const listed = group.keys
      .sort((a, b) => b.submission_time.localeCompare(a.submission_time))
      .slice(0, left);
    left -= listed.length;
    groups.push({
      formId: group.formId,
      formName: group.formName,
      rows: listed.map((key) => toListRow(read.get(key.id)!, packed)),
    });
  }
  return {
    groups,
    truncated: keys.length > shown,
    whole: { total: Math.min(keys.length, max), truncated: keys.length > max },
  };
}

/**
 * What the index is asked for (`match`), what each row it finds is then checked to hold whole
 * (`whole`, in any case), and the digits, last first, that the phone answers found end with
 * (`ending`; null finds none).
 */
interface Lookup {
  match: string;
  whole: string | null;
  ending: string | null;
}

/**
 * The rowids of up to `limit` submissions found, first by rowid: the full-text index's matches,
 * which it gives in rowid order and stops at the limit, and the phone answers ending with the
 * digits, asked apart (one query joining both would list every match of the text before the
 * limit applied).
 */
function foundIds(
  db: Database.Database,
  { match, whole, ending }: Lookup,
  limit: number,
): number[] {
  const text = db
    .prepare<{ match: string; whole: string | null; limit: number }, number>(
      `SELECT rowid FROM submission_search
       WHERE submission_search MATCH @match AND (@whole IS NULL OR contains_any_case(body, @whole))
       LIMIT @limit`,
    )
    .pluck()
    .all({ match, whole, limit });
  if (ending === null) return text;
  const phones = db
    .prepare<[string, string, number], number>(
      `SELECT submission_rowid FROM phone_endings
       WHERE digits_reversed >= ? AND digits_reversed < ? || ':' LIMIT ?`,
    )
    .pluck()
    .all(ending, ending, limit);
  return [...new Set([...text, ...phones])].sort((a, b) => a - b).slice(0, limit);
}

function personLookup(query: string): Lookup {
  const address = emailAddress(query);
  if (address) return { match: trigramsOf(address.mailbox), whole: address.whole, ending: null };
  const digits = phoneSearchDigits(query);
  if (digits === null) {
    // A longer query's trigrams may lie apart in a row the index finds; one trigram is exact.
    const whole = [...query].length > MIN_TRIGRAM ? query : null;
    return { match: trigramsOf(query), whole, ending: null };
  }
  const typed = query.trim();
  return { match: numberParts(typed), whole: typed, ending: [...digits].reverse().join('') };
}

/**
 * The parts of a phone number, as written, that the index is asked for: the middle of a number
 * ("555") is shared by many, so its last four characters (the line) and its first three digits
 * together (the area code, when a group of three is written) find few rows, each then checked
 * for the whole number.
 */
function numberParts(text: string): string {
  const line = trigramsOf(text.slice(-4));
  const area = /\d{3}/.exec(text)?.[0];
  return area === undefined ? line : `${trigramsOf(area)} AND ${line}`;
}

/**
 * An e-mail address typed whole (ASCII), split where it is looked up: the domain's trigrams
 * ("com", "ail") are in nearly every row, so the index is asked for the mailbox and its "@" alone,
 * and each row found is then checked for the whole address.
 */
function emailAddress(query: string): { mailbox: string; whole: string } | null {
  const whole = query.trim().toLowerCase();
  const at = whole.indexOf('@');
  if (!/^[\x21-\x7e]+@[\x21-\x7e]+\.[a-z]{2,}$/.test(whole) || at < 2) return null;
  return { mailbox: whole.slice(0, at + 1), whole };
}

export function searchPeople(
  db: Database.Database,
  query: string,
  shown = MAX_PERSON_MATCHES,
): PersonSearchResult {
  const { groups, truncated, whole } = personRows(db, query, { shown });
  const needle = personNeedle(query);
  const found: PersonFormGroup[] = groups.map((group) => ({
    formId: group.formId,
    formName: group.formName,
    matches: group.rows.map((row): PersonMatch => ({
      submissionId: row.submissionId,
      submissionTime: row.submissionTime,
      status: row.status,
      isPreview: row.isPreview,
      foundIn: foundIn(row.submission, needle),
    })),
  }));
  return {
    query,
    groups: found,
    total: found.reduce((sum, g) => sum + g.matches.length, 0),
    truncated,
    whole,
  };
}

/** What an answer is compared with: the text in lower case, and the digits of a phone number. */
export interface PersonNeedle {
  text: string;
  phone: string | null;
}

export function personNeedle(query: string): PersonNeedle {
  return { text: query.toLowerCase(), phone: phoneSearchDigits(query) };
}

/**
 * The answers that hold the text, each with the question it answers and the answer as given (a
 * phone number found by its digits as the person wrote it).
 */
export function foundIn(submission: Submission, needle: PersonNeedle): PersonMatch['foundIn'] {
  const places: { key: string; label: string; value: unknown; phone?: boolean }[] = [
    ...submission.questions.map((q) => ({
      key: q.id,
      label: q.name,
      value: q.value,
      phone: q.type === 'PhoneNumber',
    })),
    ...(submission.calculations ?? []).map((c) => ({
      key: `calculation:${c.id}`,
      label: c.name,
      value: c.value,
    })),
    ...(submission.urlParameters ?? []).map((p) => ({
      key: `urlParameter:${p.id}`,
      label: p.name,
      value: p.value,
    })),
    ...(submission.login?.email
      ? [{ key: 'loginEmail', label: 'Login e-mail', value: submission.login.email }]
      : []),
  ];
  const found = places.flatMap(({ key, label, value, phone }) => {
    const text = leaves(value).join(', ');
    const holds =
      text.toLowerCase().includes(needle.text) ||
      (phone === true && needle.phone !== null && !!phoneDigits(text)?.endsWith(needle.phone));
    return holds ? [{ key, label, value: text }] : [];
  });
  return found.length > 0
    ? found
    : [{ key: 'submissionId', label: 'Submission id', value: submission.submissionId }];
}

/**
 * What an erasure looks for in the copies this computer keeps: the query, and for a query typed as
 * a phone number, each number it found written as the person wrote it, which is how the copies
 * (Activity's, exports, import files) hold it.
 */
export function erasureTerms(
  db: Database.Database,
  query: string,
  submissions: readonly { formId: string; submissionId: string }[],
): string[] {
  const needle = personNeedle(query);
  if (needle.phone === null) return [query];
  const read = db.prepare<[string, string], { raw: Buffer }>(
    'SELECT raw FROM submissions WHERE form_id = ? AND submission_id = ?',
  );
  const terms = new Set([query]);
  for (const { formId, submissionId } of submissions) {
    const raw = read.get(formId, submissionId)?.raw;
    if (raw === undefined) continue;
    for (const place of foundIn(JSON.parse(packedRows(db).text(raw)) as Submission, needle))
      if (place.key !== 'submissionId') terms.add(place.value);
  }
  return [...terms];
}
