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
import { leaves } from '../cache/submissionRow';

interface Row {
  form_id: string;
  form_name: string | null;
  submission_id: string;
  submission_time: string;
  last_updated_at: string | null;
  status: SubmissionListRow['status'];
  is_preview: number;
  raw: string;
}

/** A person's cached submissions, every form, grouped by form (by name), newest first in each. */
export interface PersonRows {
  groups: { formId: string; formName: string; rows: SubmissionListRow[] }[];
  truncated: boolean;
}

/**
 * Every cached submission whose search text holds `query`, through the full-text index (trigrams:
 * "contains", any case), on every form at once: a person is found by whatever they typed, an
 * e-mail, a phone number or a name. A query typed as a phone number also finds the digits the
 * search text keeps of each phone answer, so the number is found however either was written.
 */
export function personRows(
  db: Database.Database,
  query: string,
  limit = MAX_PERSON_MATCHES,
): PersonRows {
  const address = emailAddress(query);
  const rows = db
    .prepare<[{ match: string; whole: string | null; limit: number }], Row>(
      `SELECT s.form_id, f.name AS form_name, s.submission_id, s.submission_time,
              s.last_updated_at, s.status, s.is_preview, s.raw
       FROM submission_search
       JOIN submissions s ON s.id = submission_search.rowid
       LEFT JOIN forms f ON f.form_id = s.form_id
       WHERE submission_search MATCH @match
         AND (@whole IS NULL OR instr(lower(submission_search.body), @whole) > 0)
       LIMIT @limit`,
    )
    .all({
      match: address ? phraseOf(address.mailbox) : matchOf(query),
      whole: address?.whole ?? null,
      limit: limit + 1,
    });
  const truncated = rows.length > limit;
  const byForm = new Map<string, { formId: string; formName: string; rows: SubmissionListRow[] }>();
  for (const row of rows.slice(0, limit)) {
    let group = byForm.get(row.form_id);
    if (!group) {
      group = { formId: row.form_id, formName: row.form_name ?? row.form_id, rows: [] };
      byForm.set(row.form_id, group);
    }
    group.rows.push({
      submissionId: row.submission_id,
      submissionTime: row.submission_time,
      lastUpdatedAt: row.last_updated_at,
      status: row.status,
      isPreview: row.is_preview === 1,
      submission: JSON.parse(row.raw) as Submission,
    });
  }
  const groups = [...byForm.values()].sort((a, b) => a.formName.localeCompare(b.formName));
  for (const group of groups)
    group.rows.sort((a, b) => b.submissionTime.localeCompare(a.submissionTime));
  return { groups, truncated };
}

const phraseOf = (text: string) => `"${text.replaceAll('"', '""')}"`;

/** The full-text query: the text as typed, or the digits of the phone number it is. */
function matchOf(query: string): string {
  const digits = phoneSearchDigits(query);
  return digits === null || digits === query.trim()
    ? phraseOf(query)
    : `${phraseOf(query)} OR ${phraseOf(digits)}`;
}

/**
 * An e-mail address typed whole (ASCII, which SQLite's lower() folds), split where it is looked
 * up: the domain's trigrams ("com", "ail") are in nearly every row, so the index is asked for the
 * mailbox and its "@" alone, and each row found is then checked for the whole address.
 */
function emailAddress(query: string): { mailbox: string; whole: string } | null {
  const whole = query.trim().toLowerCase();
  const at = whole.indexOf('@');
  if (!/^[\x21-\x7e]+@[\x21-\x7e]+\.[a-z]{2,}$/.test(whole) || at < 2) return null;
  return { mailbox: whole.slice(0, at + 1), whole };
}

export function searchPeople(db: Database.Database, query: string): PersonSearchResult {
  const { groups, truncated } = personRows(db, query);
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
      (phone === true && needle.phone !== null && !!phoneDigits(text)?.includes(needle.phone));
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
  const read = db.prepare<[string, string], { raw: string }>(
    'SELECT raw FROM submissions WHERE form_id = ? AND submission_id = ?',
  );
  const terms = new Set([query]);
  for (const { formId, submissionId } of submissions) {
    const raw = read.get(formId, submissionId)?.raw;
    if (raw === undefined) continue;
    for (const place of foundIn(JSON.parse(raw) as Submission, needle))
      if (place.key !== 'submissionId') terms.add(place.value);
  }
  return [...terms];
}
