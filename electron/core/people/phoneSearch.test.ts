import fs from 'node:fs';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Submission } from '../../shared/api/submission';
import { phoneSearchDigits } from '../../shared/answers/phoneDigits';
import { cacheStores } from '../cache/cacheStores';
import { migrations } from '../operations/schema';
import { searchText, toSubmissionRow } from '../cache/submissionRow';
import { migrate } from '../cache/migrate';
import { openTempCache, type TempCache } from '../operations/testing/tempCache';
import { searchPeople } from './peopleSearch';

/** One person's number written three ways on three forms, and two other people's numbers. */
const FORMS = [
  { formId: 'fA', name: 'Callbacks', question: 'Phone', phone: '+1 415 555 0123' },
  { formId: 'fB', name: 'Orders', question: 'Mobile', phone: '(415) 555-0123' },
  { formId: 'fC', name: 'Returns', question: 'Contact number', phone: '4155550123' },
];
const OTHERS = ['+1 415 555 0124', '+44 20 7946 0321'];

let cache: TempCache;

function submission(id: string, question: string, phone: string, minute = 0): Submission {
  return {
    submissionId: id,
    submissionTime: new Date(Date.UTC(2026, 0, 1, 0, minute)).toISOString(),
    questions: [
      { id: 'nm', name: 'Name', type: 'ShortAnswer', value: `Someone ${id}` },
      { id: 'ph', name: question, type: 'PhoneNumber', value: phone },
    ],
  };
}

function fill(): void {
  const stores = cacheStores(cache.db);
  stores.forms.replaceListed(
    FORMS.map((f) => ({ formId: f.formId, name: f.name })),
    '2026-01-01T00:00:00.000Z',
  );
  for (const [i, form] of FORMS.entries()) {
    const rows = [
      submission(`${form.formId}-1`, form.question, form.phone, 1),
      ...OTHERS.map((other, j) => submission(`${form.formId}-other${j}`, form.question, other, 2)),
    ].map((s) => toSubmissionRow(s, 'finished'));
    stores.submissions.upsert(form.formId, rows, `2026-01-0${i + 1}T00:00:00.000Z`);
  }
}

/**
 * The file made again with `fill`'s forms and rows as versions 36 to 39 wrote them: each
 * submission as text, the digits of its phone answers in its search text, and no table of them.
 */
function writtenByVersion39(file: string): void {
  cache.db.close();
  for (const suffix of ['', '-wal', '-shm']) fs.rmSync(file + suffix, { force: true });
  const db = new Database(file);
  try {
    migrate(
      db,
      migrations.filter((m) => m.version <= 39),
    );
    const add = db.prepare<[string, string, string, string], { id: number }>(
      `INSERT INTO submissions (form_id, submission_id, status, submission_time, raw, synced_at)
       VALUES (?, ?, 'finished', ?, ?, 't') RETURNING id`,
    );
    const text = db.prepare(`INSERT INTO submission_search (rowid, body) VALUES (?, ?)`);
    for (const form of FORMS) {
      db.prepare(`INSERT INTO forms (form_id, name, listed_at) VALUES (?, ?, 't')`).run(
        form.formId,
        form.name,
      );
      for (const s of [
        submission(`${form.formId}-1`, form.question, form.phone, 1),
        ...OTHERS.map((other, j) =>
          submission(`${form.formId}-other${j}`, form.question, other, 2),
        ),
      ]) {
        const { id } = add.get(form.formId, s.submissionId, s.submissionTime, JSON.stringify(s))!;
        const phone = String(s.questions.find((q) => q.type === 'PhoneNumber')?.value);
        text.run(id, `${searchText(s)} ${phone.replace(/\D/g, '')}`);
      }
    }
  } finally {
    db.close();
  }
}

beforeEach(() => {
  cache = openTempCache('phone-search');
});
afterEach(() => cache.close());

describe('people search by phone', () => {
  it('finds a number on every form however it and the query are written', () => {
    fill();
    for (const query of [
      '+1 415 555 0123',
      '4155550123',
      '(415) 555-0123',
      '415.555.0123',
      '1 415 555 0123',
      '001 415 555 0123',
      '+14155550123',
    ]) {
      const found = searchPeople(cache.db, query);
      expect(
        found.groups.map((g) => [g.formName, g.matches.map((m) => m.submissionId)]),
        query,
      ).toEqual(FORMS.map((f) => [f.name, [`${f.formId}-1`]]));
      // Each shown as the person wrote it, under the question it answers.
      for (const [i, group] of found.groups.entries())
        expect(group.matches[0]!.foundIn, query).toEqual([
          { key: 'ph', label: FORMS[i]!.question, value: FORMS[i]!.phone },
        ]);
    }
  });

  it('takes off a country code or a trunk prefix, and searches other text as typed', () => {
    fill();
    expect(searchPeople(cache.db, '020 7946 0321').total).toBe(3);
    expect(searchPeople(cache.db, '0044 20 7946 0321').total).toBe(3);
    expect(searchPeople(cache.db, '+44 (0)20 7946-0321').total).toBe(3);
    expect(searchPeople(cache.db, '555 0124').total).toBe(3);
    expect(searchPeople(cache.db, 'Someone fB-1').total).toBe(1);
    expect(phoneSearchDigits('+44 20 7946 0321')).toBe('2079460321');
    expect(phoneSearchDigits('+353 1 234 5678')).toBe('12345678');
    expect(phoneSearchDigits('+7 495 123 45 67')).toBe('4951234567');
    expect(phoneSearchDigits('ada@example.org')).toBeNull();
    expect(phoneSearchDigits('2026-01')).toBeNull();
  });

  it('finds a number written in another answer as typed, and not its parts apart', () => {
    fill();
    const note = (id: string, value: string): Submission => ({
      submissionId: id,
      submissionTime: '2026-01-02T00:00:00.000Z',
      questions: [{ id: 'nt', name: 'Notes', type: 'ShortAnswer', value }],
    });
    cacheStores(cache.db).submissions.upsert(
      'fA',
      [
        note('fA-note', 'Call 020 7946 0999 after six'),
        note('fA-parts', 'Room 020, desk 7946, code 0999'),
      ].map((s) => toSubmissionRow(s, 'finished')),
      '2026-01-02T00:00:00.000Z',
    );
    const ids = (query: string) =>
      searchPeople(cache.db, query).groups.flatMap((g) => g.matches.map((m) => m.submissionId));
    expect(ids('020 7946 0999')).toEqual(['fA-note']);
    expect(ids('+1 415 555 0123')).toEqual(['fA-1', 'fB-1', 'fC-1']);
  });

  it('keeps phone digits out of the search text, and moves them out of files that had them', () => {
    fill();
    const body = () =>
      cache.db
        .prepare<[], string>('SELECT group_concat(body) FROM submission_search')
        .pluck()
        .get();
    // The table's search finds text as the service does: "50" is not in "+1 415 555 0123".
    expect(body()).not.toContain('14155550123');
    writtenByVersion39(cache.file);
    const old = new Database(cache.file, { readonly: true });
    expect(old.prepare('SELECT group_concat(body) FROM submission_search').pluck().get()).toContain(
      '14155550123',
    );
    old.close();
    const reopened = cache.reopen();
    expect(body()).not.toContain('14155550123');
    expect(searchPeople(reopened, '4155550123').total).toBe(3);
    expect(searchPeople(reopened, '+44 20 7946 0321').total).toBe(3);
    expect(reopened.pragma('user_version', { simple: true })).toBe(migrations.at(-1)!.version);
  });

  it('forgets a number when its answer changes or its submission goes', () => {
    fill();
    const { submissions } = cacheStores(cache.db);
    submissions.upsert(
      'fA',
      [toSubmissionRow(submission('fA-1', 'Phone', '+1 415 555 0199', 1), 'finished')],
      '2026-01-05T00:00:00.000Z',
    );
    submissions.delete('fB', 'fB-1');
    const ids = (query: string) =>
      searchPeople(cache.db, query).groups.flatMap((g) => g.matches.map((m) => m.submissionId));
    expect(ids('4155550123')).toEqual(['fC-1']);
    expect(ids('(415) 555-0199')).toEqual(['fA-1']);
  });
});
