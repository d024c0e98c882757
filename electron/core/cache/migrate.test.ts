import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../../shared/errors';
import { migrate, userVersion, type Migration } from './migrate';
import { migrations } from '../operations/schema';
import { searchStatement } from './viewConditions';
import { SubmissionStore } from './submissionStore';
import { addCacheFunctions } from './cacheFunctions';
import { QueryStatements } from './queryStatements';
import { searchByGroup } from './searchByGroup';
import { suffixQuery } from './searchSuffixes';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'formdesk-migrate-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const table = (version: number, name: string): Migration => ({
  version,
  name,
  up: (db) => db.exec(`CREATE TABLE ${name} (id INTEGER PRIMARY KEY)`),
});

function tables(db: Database.Database): string[] {
  return (
    db.prepare(`SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name`).all() as {
      name: string;
    }[]
  ).map((r) => r.name);
}

/**
 * A file as the steps before `version` left it, with statements that add a finished row of form
 * "f1" and its search text, for the steps that build the search indexes again.
 */
function searchedFileBefore(version: number) {
  const db = new Database(path.join(dir, `before-${version}.sqlite`));
  addCacheFunctions(db);
  migrate(
    db,
    migrations.filter((m) => m.version < version),
  );
  const add = db.prepare<[string], { id: number }>(
    `INSERT INTO submissions (form_id, submission_id, status, submission_time, raw, synced_at)
     VALUES ('f1', ?, 'finished', '2026-01-01T00:00:00.000Z', '{}', 't') RETURNING id`,
  );
  const text = db.prepare(`INSERT INTO submission_search (rowid, body) VALUES (?, ?)`);
  return { db, add, text };
}

/** The merge and memory settings of an FTS5 table, by name. */
const settingsOf = (db: Database.Database, table: string) =>
  db.prepare(`SELECT k, v FROM ${table}_config WHERE k <> 'version' ORDER BY k`).all();

/** The settings of both search indexes: merged many segments at a time, a store's text held whole. */
const SEARCH_SETTINGS = [
  { k: 'automerge', v: 64 },
  { k: 'crisismerge', v: 256 },
  { k: 'hashsize', v: 16 * 1024 * 1024 },
];

describe('migrate', () => {
  it('applies only the pending migrations and records the version', () => {
    const db = new Database(path.join(dir, 'a.sqlite'));
    expect(migrate(db, [table(1, 'one')])).toEqual({ from: 0, to: 1, applied: ['1-one'] });
    expect(migrate(db, [table(1, 'one'), table(10, 'ten')])).toEqual({
      from: 1,
      to: 10,
      applied: ['10-ten'],
    });
    expect(migrate(db, [table(1, 'one'), table(10, 'ten')]).applied).toEqual([]);
    expect(userVersion(db)).toBe(10);
    expect(tables(db)).toEqual(['one', 'ten']);
    db.close();
  });

  it('leaves the file untouched when any pending migration fails', () => {
    const db = new Database(path.join(dir, 'b.sqlite'));
    const broken: Migration = {
      version: 2,
      name: 'broken',
      up: (d) => d.exec('CREATE TABLE nope ('),
    };
    expect(() => migrate(db, [table(1, 'one'), broken])).toThrow();
    expect(userVersion(db)).toBe(0);
    expect(tables(db)).toEqual([]);
    db.close();
  });

  it('refuses a database written by a newer version', () => {
    const db = new Database(path.join(dir, 'c.sqlite'));
    db.pragma('user_version = 42');
    let thrown: unknown;
    try {
      migrate(db, [table(1, 'one')]);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(AppError);
    expect((thrown as AppError).code).toBe('DB');
    expect((thrown as AppError).message).toMatch(/newer version of Formdesk/);
    expect(tables(db)).toEqual([]);
    db.close();
  });

  it('rejects a registry whose versions are not strictly ascending', () => {
    const db = new Database(':memory:');
    expect(() => migrate(db, [table(2, 'two'), table(1, 'one')])).toThrow(/out of order/);
    db.close();
  });
});

describe('the workspace file migrations', () => {
  it('keeps every shipped step at its number and place, whichever feature lists it', () => {
    const shipped = [
      '1-cache-tables',
      '10-import-journal',
      '11-import-journal-server-times',
      '12-import-journal-partial-indexes',
      '20-webhook-registry',
      '21-covering-query-indexes',
      '22-submission-counts',
      '23-keep-previews',
      '24-form-changes',
      '25-walk-requests',
      '26-import-runner-lease',
      '27-form-rewrites',
      '28-activity-respondent',
      '29-answer-counts',
      '30-file-checks',
      '31-import-draft-launch',
      '32-import-journal-assigned-times',
      '33-webhook-create-attempts',
      '34-assistant-log-read',
      '35-delete-journal',
      '36-phone-digits-search',
    ];
    const steps = migrations.map((m) => `${m.version}-${m.name}`);
    expect(steps.slice(0, shipped.length)).toEqual(shipped);
  });

  it('counts the submissions a file already holds when the kept counts arrive', () => {
    const db = new Database(path.join(dir, 'w.sqlite'));
    migrate(
      db,
      migrations.filter((m) => m.version < 22),
    );
    expect(userVersion(db)).toBe(21);
    const add = db.prepare(
      `INSERT INTO submissions (form_id, submission_id, status, is_preview, submission_time, raw, synced_at)
       VALUES (?, ?, ?, ?, '2026-01-01T00:00:00.000Z', '{}', 't')`,
    );
    add.run('f1', 'a', 'finished', 0);
    add.run('f1', 'b', 'finished', 0);
    add.run('f1', 'c', 'in_progress', 1);
    add.run('f2', 'a', 'finished', 0);

    migrate(db, migrations);
    expect(
      db
        .prepare(`SELECT form_id, status, is_preview, n FROM submission_counts ORDER BY 1, 2, 3`)
        .all(),
    ).toEqual([
      { form_id: 'f1', status: 'finished', is_preview: 0, n: 2 },
      { form_id: 'f1', status: 'in_progress', is_preview: 1, n: 1 },
      { form_id: 'f2', status: 'finished', is_preview: 0, n: 1 },
    ]);
    db.close();
  });

  it('keeps fetching the previews of a form whose previews a file already holds', () => {
    const db = new Database(path.join(dir, 'p.sqlite'));
    migrate(
      db,
      migrations.filter((m) => m.version < 23),
    );
    const listed = db.prepare(`INSERT INTO forms (form_id, name, listed_at) VALUES (?, ?, 't')`);
    listed.run('with', 'With previews');
    listed.run('without', 'Without');
    db.prepare(
      `INSERT INTO submissions (form_id, submission_id, status, is_preview, submission_time, raw, synced_at)
       VALUES (?, ?, 'finished', ?, '2026-01-01T00:00:00.000Z', '{}', 't')`,
    ).run('with', 'p', 1);

    migrate(db, migrations);
    expect(db.prepare(`SELECT form_id, keep_previews FROM forms ORDER BY form_id`).all()).toEqual([
      { form_id: 'with', keep_previews: 1 },
      { form_id: 'without', keep_previews: 0 },
    ]);
    db.close();
  });

  it('names who each deleted submission already in the activity log came from', () => {
    const db = new Database(path.join(dir, 'a.sqlite'));
    migrate(
      db,
      migrations.filter((m) => m.version < 28),
    );
    const kept = db.prepare(
      `INSERT INTO activity_log (at, workspace_id, kind, summary, snapshot_json) VALUES ('t', 'w1', ?, 's', ?)`,
    );
    kept.run(
      'submission.deleted',
      JSON.stringify({
        submissionId: 's1',
        submissionTime: '2026-01-01T00:00:00.000Z',
        questions: [{ id: 'q', name: 'Your name', type: 'ShortAnswer', value: 'Ada' }],
      }),
    );
    kept.run('webhook.created', JSON.stringify({ id: 40001 }));
    kept.run('cache.rebuilt', null);

    migrate(db, migrations);
    expect(db.prepare(`SELECT kind, respondent FROM activity_log ORDER BY id`).all()).toEqual([
      { kind: 'submission.deleted', respondent: 'Ada' },
      { kind: 'webhook.created', respondent: null },
      { kind: 'cache.rebuilt', respondent: null },
    ]);
    db.close();
  });

  it('counts the answers a file already holds when the kept answer counts arrive', () => {
    const db = new Database(path.join(dir, 'c.sqlite'));
    migrate(
      db,
      migrations.filter((m) => m.version < 29),
    );
    const add = db.prepare<[string, string, number], { id: number }>(
      `INSERT INTO submissions (form_id, submission_id, status, is_preview, submission_time, raw, synced_at)
       VALUES ('f1', ?, ?, ?, '2026-01-01T00:00:00.000Z', '{}', 't') RETURNING id`,
    );
    const answer = db.prepare(
      `INSERT INTO answers (submission_rowid, form_id, field_key, value_text) VALUES (?, 'f1', ?, ?)`,
    );
    const a = add.get('a', 'finished', 0)!.id;
    const b = add.get('b', 'finished', 0)!.id;
    const c = add.get('c', 'in_progress', 0)!.id;
    answer.run(a, 'plan', 'Pro');
    answer.run(b, 'plan', 'pro');
    answer.run(c, 'plan', 'Pro');
    answer.run(a, 'rating', '5');

    migrate(db, migrations);
    const counts = () =>
      db
        .prepare(
          `SELECT status, field_key, value_text, n, sample FROM answer_counts ORDER BY 1, 2, 3`,
        )
        .all();
    // Answers group as the answers index does, letter case aside.
    expect(counts()).toEqual([
      { status: 'finished', field_key: 'plan', value_text: 'Pro', n: 2, sample: a },
      { status: 'finished', field_key: 'rating', value_text: '5', n: 1, sample: a },
      { status: 'in_progress', field_key: 'plan', value_text: 'Pro', n: 1, sample: c },
    ]);
    expect(
      db.prepare(`SELECT status, field_key, n FROM answer_totals ORDER BY 1, 2`).all(),
    ).toEqual([
      { status: 'finished', field_key: 'plan', n: 2 },
      { status: 'finished', field_key: 'rating', n: 1 },
      { status: 'in_progress', field_key: 'plan', n: 1 },
    ]);

    // From then on, writes keep them: a row removed takes its answers' counts along.
    db.prepare(`DELETE FROM submissions WHERE id = ?`).run(a);
    expect(counts()).toEqual([
      { status: 'finished', field_key: 'plan', value_text: 'Pro', n: 1, sample: b },
      { status: 'in_progress', field_key: 'plan', value_text: 'Pro', n: 1, sample: c },
    ]);
    db.close();
  });
  it('names the question of each answer a file holds by a number, every answer kept', () => {
    const db = new Database(path.join(dir, 'd.sqlite'));
    migrate(
      db,
      migrations.filter((m) => m.version < 42),
    );
    const add = db.prepare<[string, string, string], { id: number }>(
      `INSERT INTO submissions (form_id, submission_id, status, submission_time, raw, synced_at)
       VALUES (?, ?, ?, '2026-01-01T00:00:00.000Z', '{}', 't') RETURNING id`,
    );
    const answer = db.prepare(
      `INSERT INTO answers (submission_rowid, form_id, field_key, value_text, value_num, value_json)
       VALUES (?, ?, ?, ?, ?, ?)`,
    );
    const a = add.get('f1', 'a', 'finished')!.id;
    const b = add.get('f1', 'b', 'finished')!.id;
    // Another form with a question of the same key: a question of its own.
    const c = add.get('f2', 'c', 'finished')!.id;
    answer.run(a, 'f1', 'plan', 'Pro', null, null);
    answer.run(a, 'f1', 'rating', '5', 5, null);
    answer.run(b, 'f1', 'plan', 'pro', null, null);
    answer.run(c, 'f2', 'plan', 'Basic, Extra', null, '["Basic","Extra"]');
    // Counted as a sync counts what it stores.
    db.exec(`
      INSERT INTO answer_counts (form_id, status, is_preview, field_key, value_text, n, sample)
        SELECT a.form_id, s.status, s.is_preview, a.field_key, a.value_text, count(*),
               min(a.submission_rowid)
          FROM answers a JOIN submissions s ON s.id = a.submission_rowid
          GROUP BY 1, 2, 3, 4, 5 COLLATE NOCASE;
      INSERT INTO answer_totals (form_id, status, is_preview, field_key, n)
        SELECT form_id, status, is_preview, field_key, sum(n) FROM answer_counts
          GROUP BY 1, 2, 3, 4;
    `);
    const answers = `SELECT f.form_id, f.field_key, a.submission_rowid AS rowid, a.value_text AS text,
        a.value_num AS num, a.value_json AS json FROM answers a JOIN fields f ON f.id = a.field
      ORDER BY a.submission_rowid, f.field_key`;

    migrate(db, migrations);
    expect(db.prepare(answers).all()).toEqual([
      { form_id: 'f1', field_key: 'plan', rowid: a, text: 'Pro', num: null, json: null },
      { form_id: 'f1', field_key: 'rating', rowid: a, text: '5', num: 5, json: null },
      { form_id: 'f1', field_key: 'plan', rowid: b, text: 'pro', num: null, json: null },
      {
        form_id: 'f2',
        field_key: 'plan',
        rowid: c,
        text: 'Basic, Extra',
        num: null,
        json: '["Basic","Extra"]',
      },
    ]);
    expect(db.prepare(`SELECT count(*) FROM fields`).pluck().get()).toBe(3);
    // The answers and their indexes hold the number alone.
    const columns = (name: string) =>
      db.prepare(`SELECT name FROM pragma_index_info(?) ORDER BY seqno`).pluck().all(name);
    expect(columns('answers_by_text')).toEqual(['field', 'value_text']);
    expect(columns('answers_by_num')).toEqual(['field', 'value_num']);
    expect(columns('answers_listed')).toEqual(['field']);
    expect(db.prepare(`SELECT name FROM pragma_table_info('answers')`).pluck().all()).toEqual([
      'submission_rowid',
      'field',
      'value_text',
      'value_num',
      'value_json',
    ]);

    // The counts' triggers work on the new table: a row that moves to in progress moves its
    // counts, and a row removed takes its answers and their counts along.
    db.prepare(`UPDATE submissions SET status = 'in_progress' WHERE id = ?`).run(b);
    db.prepare(`DELETE FROM submissions WHERE id = ?`).run(a);
    expect(
      db
        .prepare(
          `SELECT form_id, status, field_key, value_text, n, sample FROM answer_counts ORDER BY 1, 2, 3`,
        )
        .all(),
    ).toEqual([
      {
        form_id: 'f1',
        status: 'in_progress',
        field_key: 'plan',
        value_text: 'pro',
        n: 1,
        sample: b,
      },
      {
        form_id: 'f2',
        status: 'finished',
        field_key: 'plan',
        value_text: 'Basic, Extra',
        n: 1,
        sample: c,
      },
    ]);
    expect(db.prepare(answers).all()).toHaveLength(2);
    db.close();
  });

  it('names the files of each file answer a file holds, and leaves other answers as they were', () => {
    const db = new Database(path.join(dir, 'd.sqlite'));
    migrate(
      db,
      migrations.filter((m) => m.version < 44),
    );
    const upload = [
      { url: 'https://files.example/u/9f2a/report.pdf', filename: 'report.pdf' },
      { url: 'https://files.example/u/0b1c/photo.jpg', filename: 'photo.jpg' },
    ];
    const submission = (id: string, questions: unknown[]) =>
      JSON.stringify({ submissionId: id, submissionTime: '2026-01-01T00:00:00.000Z', questions });
    const rows = [
      submission('a', [
        { id: 'doc', name: 'Document', type: 'FileUpload', value: upload },
        { id: 'sig', name: 'Sign here', type: 'Signature', value: ['data:image/png;base64,AAAA'] },
      ]),
      // A respondent who typed a file question's JSON into a text answer.
      submission('b', [
        { id: 'note', name: 'Note', type: 'ShortAnswer', value: '{"type":"FileUpload"}' },
      ]),
    ];
    const add = db.prepare<[string, string], { id: number }>(
      `INSERT INTO submissions (form_id, submission_id, status, submission_time, raw, synced_at)
       VALUES ('f1', ?, 'finished', '2026-01-01T00:00:00.000Z', ?, 't') RETURNING id`,
    );
    const field = db.prepare<[string], { id: number }>(
      `INSERT INTO fields (form_id, field_key) VALUES ('f1', ?) RETURNING id`,
    );
    const answer = db.prepare(
      `INSERT INTO answers (submission_rowid, field, value_text, value_json) VALUES (?, ?, ?, ?)`,
    );
    const a = add.get('a', rows[0]!)!.id;
    const b = add.get('b', rows[1]!)!.id;
    // As the files' answers were kept before: every address and name.
    answer.run(
      a,
      field.get('doc')!.id,
      upload.flatMap((f) => [f.url, f.filename]).join(', '),
      null,
    );
    answer.run(
      a,
      field.get('sig')!.id,
      'data:image/png;base64,AAAA',
      '["data:image/png;base64,AAAA"]',
    );
    answer.run(b, field.get('note')!.id, '{"type":"FileUpload"}', null);

    migrate(db, migrations);
    expect(
      db
        .prepare(
          `SELECT f.field_key AS key, a.value_text AS text, a.value_json AS json
           FROM answers a JOIN fields f ON f.id = a.field ORDER BY a.submission_rowid, f.field_key`,
        )
        .all(),
    ).toEqual([
      { key: 'doc', text: 'report.pdf, photo.jpg', json: null },
      { key: 'sig', text: 'image', json: null },
      { key: 'note', text: '{"type":"FileUpload"}', json: null },
    ]);
    db.close();
  });

  it('finds the rows a file already holds through the index of word endings', () => {
    const { db, add, text } = searchedFileBefore(45);
    const a = add.get('a')!.id;
    const b = add.get('b')!.id;
    text.run(a, 'a\nGreat SUPPORT, fair pricing');
    text.run(b, 'b\nÉcole du support');

    migrate(db, migrations);
    const found = (search: string) => {
      const { sql, params } = searchStatement(search);
      expect(sql, search).toContain('search_suffixes');
      return db
        .prepare(sql)
        .pluck()
        .all(...params);
    };
    expect(found('support')).toEqual([a, b]);
    expect(found('prici')).toEqual([a]);
    expect(found('ÉCOLE')).toEqual([b]);
    // Its segments are merged as many at a time as the trigram index's are.
    expect(settingsOf(db, 'search_suffixes')).toEqual(SEARCH_SETTINGS);
    // A row removed takes its entries with it.
    db.prepare(`DELETE FROM submissions WHERE id = ?`).run(a);
    expect(found('support')).toEqual([b]);
    db.close();
  });

  it("gives the rows a file already holds their group's token in the index of word endings", () => {
    const db = new Database(path.join(dir, 'd.sqlite'));
    migrate(
      db,
      migrations.filter((m) => m.version < 46),
    );
    const add = db.prepare<[string, string, number], { id: number }>(
      `INSERT INTO submissions (form_id, submission_id, status, is_preview, submission_time, raw,
         synced_at)
       VALUES ('f1', ?, ?, ?, '2026-01-01T00:00:00.000Z', '{}', 't') RETURNING id`,
    );
    const text = db.prepare(`INSERT INTO submission_search (rowid, body) VALUES (?, ?)`);
    const rows = [
      ['a', 'finished', 0, 'Great support'],
      ['b', 'in_progress', 0, 'Support, slowly'],
      ['c', 'finished', 1, 'A preview of support'],
      ['d', 'finished', 0, 'Nothing here'],
    ] as const;
    for (const [id, status, preview, body] of rows)
      text.run(add.get(id, status, preview)!.id, body);

    migrate(db, migrations);
    expect(searchByGroup(new QueryStatements(db), 'f1', suffixQuery('support')!)).toEqual([
      { status: 'finished', n: 2, previews: 1 },
      { status: 'in_progress', n: 1, previews: 0 },
    ]);
    db.close();
  });

  it('keeps what the searches of a file find with a trigram index of rows alone', () => {
    const { db, add, text } = searchedFileBefore(47);
    const bodies = [
      'Membership: co-op',
      // Every trigram of "co-op", none next to the others.
      'Co-owner, re-opened',
      'Café Zürich',
      'Cafe Zurich',
      'He said "ok" twice',
    ];
    const rowids = bodies.map((body, i) => {
      const id = add.get(`s${i}`)!.id;
      text.run(id, body);
      return id;
    });
    // What an earlier try at the step might have left.
    db.exec(`
      CREATE VIRTUAL TABLE submission_search_rebuilt USING fts5 (body, tokenize = 'trigram');
      INSERT INTO submission_search_rebuilt (rowid, body) VALUES (99, 'co-op');
    `);
    const searches = ['co-op', 'CO-OP', '-op', 'É ZÜR', 'é z', 'e zur', 'd "ok"', '"ok'];
    // As the index found them with its positions: the search as one phrase.
    const phrase = db
      .prepare<[string], number>(
        `SELECT rowid FROM submission_search WHERE submission_search MATCH ? ORDER BY rowid`,
      )
      .pluck();
    const before = searches.map((search) => phrase.all(`"${search.replaceAll('"', '""')}"`));
    expect(before.every((found) => found.length > 0)).toBe(true);

    migrate(db, migrations);
    const found = (search: string) => {
      const { sql, params } = searchStatement(search);
      return db
        .prepare(`${sql} ORDER BY rowid`)
        .pluck()
        .all(...params);
    };
    expect(searches.map(found)).toEqual(before);
    expect(found('co-op')).toEqual([rowids[0]]);
    const schema = db
      .prepare(`SELECT sql FROM sqlite_schema WHERE name = 'submission_search'`)
      .pluck()
      .get();
    expect(schema).toMatch(/detail = none, columnsize = 0/);
    expect(
      db.prepare(`SELECT name FROM sqlite_schema WHERE name LIKE '%rebuilt%'`).pluck().all(),
    ).toEqual([]);
    // Its merge and memory settings are those the table had.
    expect(settingsOf(db, 'submission_search')).toEqual(SEARCH_SETTINGS);
    // A row removed takes its search text along.
    db.prepare(`DELETE FROM submissions WHERE id = ?`).run(rowids[0]);
    expect(found('co-op')).toEqual([]);
    expect(db.prepare(`SELECT count(*) FROM submission_search`).pluck().get()).toBe(
      bodies.length - 1,
    );
    db.close();
  });

  it('keeps in the sort indexes of quiz, login and payment only the rows that have one', () => {
    const db = new Database(path.join(dir, 'd.sqlite'));
    migrate(
      db,
      migrations.filter((m) => m.version < 43),
    );
    const add = db.prepare(
      `INSERT INTO submissions (form_id, submission_id, status, submission_time, quiz_score,
         login_email, payment_amount, raw, synced_at)
       VALUES ('f1', ?, 'finished', ?, ?, ?, ?, '{}', 't')`,
    );
    add.run('a', '2026-01-01T00:00:03.000Z', 7, 'Zoe@x.org', null);
    add.run('b', '2026-01-01T00:00:01.000Z', null, null, 12.5);
    add.run('c', '2026-01-01T00:00:02.000Z', 3, 'ann@x.org', null);

    migrate(db, migrations);
    const entries = (index: string, column: string) =>
      db
        .prepare(
          `SELECT submission_id FROM submissions INDEXED BY ${index}
           WHERE form_id = 'f1' AND ${column} IS NOT NULL ORDER BY ${column}`,
        )
        .pluck()
        .all();
    expect(entries('submissions_by_quiz', 'quiz_score')).toEqual(['c', 'a']);
    expect(entries('submissions_by_login', 'login_email')).toEqual(['c', 'a']);
    expect(entries('submissions_by_payment', 'payment_amount')).toEqual(['b']);
    const partial = db
      .prepare(`SELECT name FROM pragma_index_list('submissions') WHERE partial = 1 ORDER BY name`)
      .pluck()
      .all();
    expect(partial).toEqual([
      'submissions_by_login',
      'submissions_by_payment',
      'submissions_by_quiz',
    ]);
    db.close();
  });

  it('keeps every row, answer, index and trigger of a file whose submissions are text', () => {
    const db = new Database(path.join(dir, 'p.sqlite'));
    addCacheFunctions(db);
    db.pragma('foreign_keys = ON');
    migrate(
      db,
      migrations.filter((m) => m.version < 48),
    );
    const json = (id: string) =>
      JSON.stringify({
        submissionId: id,
        submissionTime: '2026-01-01T00:00:00.000Z',
        questions: [{ id: 'q1', name: 'Comment', type: 'LongAnswer', value: `Text of ${id}` }],
        quiz: { score: 3, maxScore: 5 },
      });
    const add = db.prepare<[string, string], { id: number }>(
      `INSERT INTO submissions (form_id, submission_id, status, submission_time, quiz_score, raw,
         synced_at)
       VALUES ('f1', ?, 'finished', '2026-01-01T00:00:00.000Z', 3, ?, 't') RETURNING id`,
    );
    const field = db
      .prepare<[], { id: number }>(
        `INSERT INTO fields (form_id, field_key) VALUES ('f1', 'q1') RETURNING id`,
      )
      .get()!.id;
    for (const id of ['a', 'b']) {
      const rowid = add.get(id, json(id))!.id;
      db.prepare(`INSERT INTO answers (submission_rowid, field, value_text) VALUES (?, ?, ?)`).run(
        rowid,
        field,
        `Text of ${id}`,
      );
      db.prepare(`INSERT INTO submission_search (rowid, body) VALUES (?, ?)`).run(
        rowid,
        `Text of ${id}`,
      );
    }
    const dependents = () =>
      db
        .prepare(
          `SELECT type, name FROM sqlite_schema WHERE tbl_name = 'submissions' ORDER BY type, name`,
        )
        .all();
    const before = dependents();

    migrate(db, migrations);
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(dependents()).toEqual(before);
    expect(db.prepare(`SELECT DISTINCT typeof(raw) FROM submissions`).pluck().all()).toEqual([
      'blob',
    ]);
    const store = new SubmissionStore(db);
    expect(store.get('f1', 'a')?.submission).toEqual(JSON.parse(json('a')));
    expect(
      db.prepare(`SELECT submission_json(raw) FROM submissions ORDER BY id`).pluck().all(),
    ).toEqual([json('a'), json('b')]);
    expect(db.prepare(`SELECT count(*) FROM answers`).pluck().get()).toBe(2);

    // The triggers made again still clear what a removed row leaves elsewhere.
    store.delete('f1', 'a');
    expect(db.prepare(`SELECT count(*) FROM answers`).pluck().get()).toBe(1);
    expect(db.prepare(`SELECT rowid FROM submission_search`).pluck().all()).toHaveLength(1);
    db.close();
  });
});
