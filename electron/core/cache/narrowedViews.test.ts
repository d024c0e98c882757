import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Submission } from '../../shared/api/submission';
import { type AnswerFilter, SubmissionFilter } from '../../shared/contract/submissions';
import { addCacheFunctions } from './cacheFunctions';
import { keptTally } from './keptTally';
import { QueryStatements } from './queryStatements';
import { groupToken } from './searchGroups';
import { suffixQuery } from './searchSuffixes';
import { toSubmissionRow } from './submissionRow';
import { SubmissionQuery } from './submissionQuery';
import { SubmissionStore } from './submissionStore';
import { SubmissionSummaries } from './submissionSummary';
import { openTempCache, type TempCache } from '../operations/testing/tempCache';

let cache: TempCache;
let store: SubmissionStore;
beforeEach(() => {
  cache = openTempCache('narrowed');
  store = new SubmissionStore(cache.db);
});
afterEach(() => cache.close());

const PLANS = ['Starter', 'Pro', 'Team'];

/** Row `i` of the form: a plan (none every eleventh), a rating, an e-mail address, a list of tags. */
function submission(i: number, plan = PLANS[i % 3]): Submission {
  const at = new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString();
  return {
    submissionId: `r${String(i).padStart(3, '0')}`,
    submissionTime: at,
    lastUpdatedAt: at,
    questions: [
      { id: 'plan', name: 'Plan', type: 'Dropdown', value: i % 11 === 5 ? null : plan },
      { id: 'rating', name: 'Rating', type: 'StarRating', value: (i % 5) + 1 },
      { id: 'email', name: 'E-mail', type: 'EmailInput', value: `p${i % 4}@example.com` },
      { id: 'tags', name: 'Tags', type: 'Checkboxes', value: i % 2 ? ['Pro'] : ['Team', 'Pro'] },
    ],
  };
}

/** 120 rows; every seventh in progress, every thirteenth a preview. */
function fill(rows = 120): void {
  store.transaction(() => {
    for (let i = 0; i < rows; i++)
      store.upsert(
        'f1',
        [toSubmissionRow(submission(i), i % 7 === 3 ? 'in_progress' : 'finished', i % 13 === 0)],
        't',
      );
  });
}

const view = (answers: AnswerFilter[], more: Partial<SubmissionFilter> = {}) =>
  SubmissionFilter.parse({ formId: 'f1', includePreview: true, answers, ...more });

/** The LIMIT of each read of a view's order among `ran` (-1: its whole order). */
const orderLimits = (ran: string[]) =>
  ran.flatMap(
    (sql) =>
      /^SELECT s\.id FROM submissions s .*LIMIT (-?\d+)(\.0)?$/s.exec(sql)?.slice(1, 2) ?? [],
  );

const FILTERS: AnswerFilter[] = [
  { key: 'plan', op: 'choiceIs', value: 'pro' },
  { key: 'plan', op: 'choiceIsNot', value: 'Team' },
  { key: 'plan', op: 'choiceAnyOf', values: ['Starter', 'TEAM', 'team'] },
  { key: 'plan', op: 'isEmpty' },
  { key: 'plan', op: 'isNotEmpty' },
  { key: 'email', op: 'choiceIs', value: 'p1@example.com' },
  { key: 'tags', op: 'choiceIs', value: 'Team' },
  { key: 'rating', op: 'numberRange', min: 4 },
];

describe('a view narrowed by answers', () => {
  beforeEach(() => fill());

  it('counts a single choice, and whether a question was answered, as counting its rows does', () => {
    // A date bound before every row narrows nothing, but makes the view count its rows.
    const counted = (answer: AnswerFilter) =>
      new SubmissionQuery(cache.db).counts(view([answer], { afterDate: '2000-01-01' }));
    const check = () => {
      for (const answer of FILTERS)
        expect(new SubmissionQuery(cache.db).counts(view([answer]))).toEqual(counted(answer));
    };
    check();
    // 40 rows of each plan, but 4 of the 11 without one would have been Pro.
    expect(counted(FILTERS[0]!)).toEqual({ finished: 31, in_progress: 5, preview: 3 });

    // Rows removed, a response finished, a plan changed: the kept counts follow.
    store.delete('f1', 'r001');
    store.transaction(() =>
      store.upsert(
        'f1',
        [
          toSubmissionRow(submission(3), 'finished'),
          toSubmissionRow(submission(4, 'Team'), 'finished'),
        ],
        't',
      ),
    );
    check();
  });

  it('reads the kept counts of a single choice alone, and counts rows where they fall short', () => {
    const reads = new QueryStatements(cache.db);
    const kept = (answer: AnswerFilter) => keptTally(reads, view([answer])) !== null;
    expect(FILTERS.map(kept)).toEqual([true, true, true, true, true, false, false, false]);
    // Two filters, a search or dates: the rows are counted.
    expect(keptTally(reads, view([FILTERS[0]!, FILTERS[3]!]))).toBeNull();
    expect(keptTally(reads, view([FILTERS[0]!], { search: 'example' }))).toBeNull();
    expect(keptTally(reads, view([FILTERS[0]!], { beforeDate: '2030-01-01' }))).toBeNull();
    // An answer counted in the totals alone (here one given under a type whose values are not
    // counted) leaves the question's counts short of its totals.
    store.transaction(() =>
      store.upsert(
        'f1',
        [
          toSubmissionRow(
            {
              ...submission(200),
              questions: [{ id: 'plan', name: 'Plan', type: 'EmailInput', value: 'Pro' }],
            },
            'finished',
          ),
        ],
        't',
      ),
    );
    expect(kept(FILTERS[0]!)).toBe(false);
    expect(new SubmissionQuery(cache.db).counts(view([FILTERS[0]!]))).toEqual({
      finished: 32,
      in_progress: 5,
      preview: 3,
    });
  });

  it("finds a first window among the view's first rows, each looked up, never listing a filter's rows", () => {
    const ran: string[] = [];
    const reader = new Database(cache.file, { verbose: (sql) => ran.push(String(sql)) });
    try {
      for (const sort of ['asc', 'desc'] as const)
        for (const answers of [
          [FILTERS[0]!],
          [FILTERS[1]!],
          [FILTERS[3]!],
          [FILTERS[1]!, FILTERS[7]!],
          [FILTERS[6]!],
        ]) {
          ran.length = 0;
          const filter = view(answers, { sort });
          // A screen of 10 rows: the first window is cut from the first 10, 40 or 200 of the view.
          const first = new SubmissionQuery(reader, { prefixRows: 10 }).window(filter, 0, 5);
          const whole = new SubmissionQuery(cache.db).window(filter, 0, 500);
          expect(first.rows.map((r) => r.submissionId)).toEqual(
            whole.rows.slice(0, 5).map((r) => r.submissionId),
          );
          expect(first.total).toBe(whole.total);
          // Counted from the kept counts, a single choice lists none of its rows.
          const listed = ran.filter((sql) =>
            /^WITH s\(id\) AS \(\s*SELECT submission_rowid FROM answers/.test(sql),
          );
          expect(listed.length > 0).toBe(answers.length > 1 || answers[0] === FILTERS[6]);
        }
    } finally {
      reader.close();
    }
  });

  it('reads on past the first rows for a rare answer, and for a window further down', () => {
    const q = new SubmissionQuery(cache.db, { prefixRows: 2 });
    const ids = (answers: AnswerFilter[], offset: number, limit: number) =>
      q.window(view(answers), offset, limit).rows.map((r) => r.submissionId);
    // One row in 120 matches all three, none among the first 40.
    const rare: AnswerFilter[] = [
      FILTERS[0]!,
      FILTERS[5]!,
      { key: 'rating', op: 'numberRange', min: 5 },
    ];
    expect(ids(rare, 0, 2)).toEqual(['r109']);
    expect(ids([FILTERS[0]!], 30, 5)).toEqual(
      new SubmissionQuery(cache.db)
        .window(view([FILTERS[0]!]), 0, 500)
        .rows.slice(30, 35)
        .map((r) => r.submissionId),
    );
  });

  it('answers an answer filter in a large cache with its first rows, then with its counts when asked again', () => {
    // A "large" cache of 120 rows (103 finished), a screen of 10.
    const options = { prefixRows: 10, rowsFirstFrom: 100 };
    const ids = (rows: { submissionId: string }[]) => rows.map((r) => r.submissionId);
    for (const answers of [[FILTERS[7]!], [FILTERS[1]!, FILTERS[4]!], [FILTERS[6]!]]) {
      const q = new SubmissionQuery(cache.db, options);
      const filter = view(answers, { sort: 'desc' });
      const counted = new SubmissionQuery(cache.db).window(filter, 0, 500);
      const early = q.rowsFirst(filter, 0, 5);
      expect(early, JSON.stringify(answers)).toMatchObject({
        counted: false,
        counts: null,
        unnarrowed: 103,
      });
      expect(ids(early.rows)).toEqual(ids(counted.rows).slice(0, 5));
      expect(early.total).toBeLessThan(counted.total);
      const again = q.rowsFirst(filter, 0, 5);
      expect(again).toMatchObject({ counted: true, total: counted.total, counts: counted.counts });
      expect(ids(again.rows)).toEqual(ids(early.rows));
    }
    // A single choice is counted at once from the kept counts; so is a small cache.
    expect(
      new SubmissionQuery(cache.db, options).rowsFirst(view([FILTERS[0]!]), 0, 5),
    ).toMatchObject({ counted: true, total: 31 });
    const small = new SubmissionQuery(cache.db, { ...options, rowsFirstFrom: 121 });
    expect(small.rowsFirst(view([FILTERS[7]!]), 0, 5).counted).toBe(true);
  });

  it("answers a view its kept counts say is empty from the form's first screen of rows", () => {
    const ran: string[] = [];
    const reader = new Database(cache.file, { verbose: (sql) => ran.push(String(sql)) });
    try {
      const q = new SubmissionQuery(reader, { prefixRows: 10 });
      const none = q.window(view([{ key: 'plan', op: 'choiceIs', value: 'Nobody' }]), 0, 5);
      expect(none).toMatchObject({ rows: [], total: 0 });
      // The form's first screen of rows is looked at, never further (a wider look, or its whole
      // order).
      expect(orderLimits(ran)).toEqual(['10']);
    } finally {
      reader.close();
    }
  });
});

describe('a sort by a question', () => {
  beforeEach(() => fill());

  it('finds the first rows of its top answer in time order when many gave it, as the sort has them', () => {
    const ran: string[] = [];
    const reader = new Database(cache.file, { verbose: (sql) => ran.push(String(sql)) });
    // The last two rows: one of them gave the top rating.
    const lastTwo = new Date(Date.UTC(2026, 0, 1, 0, 117)).toISOString();
    try {
      // A screen of 2 rows: an answer 20 rows gave is a large group; each rating has 24.
      for (const [more, fewGaveIt] of [
        [{ sort: 'asc' }, false],
        [{ sort: 'desc' }, false],
        [{ sort: 'desc', status: 'in_progress' }, false],
        [{ sort: 'asc', status: 'all' }, false],
        [{ sort: 'desc', afterDate: lastTwo }, true],
      ] as const) {
        ran.length = 0;
        const filter = SubmissionFilter.parse({
          formId: 'f1',
          sortBy: { answer: 'rating' },
          ...more,
        });
        const first = new SubmissionQuery(reader, { prefixRows: 2 }).window(filter, 0, 2);
        const whole = new SubmissionQuery(cache.db).window(filter, 0, 500);
        expect(first.rows.map((r) => r.submissionId)).toEqual(
          whole.rows.slice(0, 2).map((r) => r.submissionId),
        );
        // Looked up in time order; sorted by the answers index where too few of the view gave it.
        const walked = ran.some((sql) => sql.includes('EXISTS (SELECT 1 FROM answers a'));
        const sorted = ran.some((sql) => sql.includes('ORDER BY a.value_num'));
        expect([walked, sorted]).toEqual([true, fewGaveIt]);
      }
    } finally {
      reader.close();
    }
  });
});

describe('the summary of a searched view', () => {
  beforeEach(() => fill());

  it("reads the search's rows once while the view's dates and status change, again once the form changes", () => {
    const ran: string[] = [];
    const reader = new Database(cache.file, { verbose: (sql) => ran.push(String(sql)) });
    addCacheFunctions(reader);
    const searches = () => ran.filter((sql) => sql.includes('MATCH')).length;
    try {
      const summaries = new SubmissionSummaries(reader, { rebuildEveryMs: 0 });
      const total = (more: Partial<SubmissionFilter>) => {
        const filter = view([], { search: 'p1@example', ...more });
        const status = filter.status === 'in_progress' ? 'in_progress' : 'finished';
        expect(summaries.summary(filter).total).toBe(
          new SubmissionQuery(cache.db).counts(filter)[status],
        );
        return summaries.summary(filter).total;
      };
      const later = new Date(Date.UTC(2026, 0, 1, 1)).toISOString();
      expect(total({})).toBe(26);
      expect(total({ afterDate: later })).toBe(13);
      expect(total({ afterDate: later, status: 'in_progress' })).toBe(2);
      expect(searches()).toBe(1);

      // A new row that holds the word: the form changed, so its rows are read again.
      store.transaction(() =>
        store.upsert('f1', [toSubmissionRow(submission(121), 'finished')], 't'),
      );
      expect(total({ afterDate: later })).toBe(14);
      expect(searches()).toBe(2);
    } finally {
      reader.close();
    }
  });
});

describe('a narrowed view of a whole form', () => {
  /** `fill`'s 120 rows, and rows of a second form that hold the same words. */
  function fillTwoForms(): void {
    fill();
    store.transaction(() => {
      for (let i = 0; i < 12; i++)
        store.upsert('f2', [toSubmissionRow(submission(i), 'finished', i % 5 === 0)], 't');
    });
  }

  it('counts a word per status in its index alone, whose group tokens no search finds', () => {
    fillTwoForms();
    const ran: string[] = [];
    const reader = new Database(cache.file, { verbose: (sql) => ran.push(String(sql)) });
    try {
      for (const status of ['finished', 'in_progress', 'all'] as const) {
        const filter = view([], { search: 'example', status });
        // A date bound before every row narrows nothing, but makes the view count its rows.
        const dated = new SubmissionQuery(cache.db).window(
          { ...filter, afterDate: '2000-01-01' },
          0,
          5,
        );
        ran.length = 0;
        expect(new SubmissionQuery(reader).window(filter, 0, 5), status).toEqual(dated);
        // Neither the count nor the first rows listed the word's matches.
        expect(ran.filter((sql) => sql.includes('group_concat(id)'))).toEqual([]);
      }
      // Two forms, each with finished rows and previews, and in-progress rows in the first.
      const tokens = (
        cache.db.prepare('SELECT id FROM search_groups').pluck().all() as number[]
      ).map(groupToken);
      expect(tokens).toHaveLength(6);
      for (const token of tokens)
        for (const search of [token, token + token, token + token[0]!])
          expect(new SubmissionQuery(reader).window(view([], { search }), 0, 0).total).toBe(0);
    } finally {
      reader.close();
    }
  });

  it("counts its matches from the cache's other rows, as counting the form's rows does", () => {
    fillTwoForms();
    const ran: string[] = [];
    const reader = new Database(cache.file, { verbose: (sql) => ran.push(String(sql)) });
    addCacheFunctions(reader);
    // Whether a view's count read the status of each row of its form.
    const statusRead = (formId: string) =>
      ran.some((sql) =>
        sql.includes(
          `FROM submissions s INDEXED BY submissions_by_form_time WHERE s.form_id = '${formId}'`,
        ),
      );
    try {
      const check = () => {
        for (const formId of ['f1', 'f2'])
          for (const search of ['example', 'p1@example', 'nowhere', undefined])
            for (const answers of [[], [FILTERS[7]!], [FILTERS[1]!, FILTERS[3]!]])
              for (const status of ['finished', 'in_progress', 'all'] as const) {
                const filter = view(answers, { formId, search, status });
                // A date bound before every row narrows nothing, but makes the view count its rows.
                const dated = { ...filter, afterDate: '2000-01-01' };
                const counted = new SubmissionQuery(cache.db).window(dated, 0, 0);
                ran.length = 0;
                expect(
                  new SubmissionQuery(reader).window(filter, 0, 0),
                  JSON.stringify(filter),
                ).toMatchObject({ total: counted.total, counts: counted.counts });
                // The large form lists the cache's other rows, never the status of each of its
                // own; the small one, whose other rows outnumber its own, reads the status of
                // each, as does a view narrowed only by sets that take rows away. A word searched
                // alone is counted in the index of word endings, per status, in either form.
                const onlyTakesAway = !search && answers.length === 2;
                const wordAlone = answers.length === 0 && !!search && suffixQuery(search) !== null;
                if (search || answers.length > 0)
                  expect(statusRead(formId), JSON.stringify(filter)).toBe(
                    (formId === 'f2' && !wordAlone) || onlyTakesAway,
                  );
              }
      };
      check();

      // Rows removed, a response finished, a preview of the other form gone.
      store.delete('f1', 'r001');
      store.delete('f2', 'r005');
      store.transaction(() =>
        store.upsert('f1', [toSubmissionRow(submission(3), 'finished')], 't'),
      );
      check();
    } finally {
      reader.close();
    }
  });

  it("finds a common word's first window among the view's first rows", () => {
    store.transaction(() => {
      for (let i = 0; i < 5_200; i++)
        store.upsert('f1', [toSubmissionRow(submission(i), 'finished')], 't');
    });
    const ran: string[] = [];
    const reader = new Database(cache.file, { verbose: (sql) => ran.push(String(sql)) });
    try {
      for (const sort of ['asc', 'desc'] as const) {
        ran.length = 0;
        const filter = view([], { search: 'example', sort });
        const first = new SubmissionQuery(reader, { prefixRows: 10 }).window(filter, 0, 5);
        const whole = new SubmissionQuery(cache.db).window(filter, 0, 20);
        expect(first.rows.map((r) => r.submissionId)).toEqual(
          whole.rows.slice(0, 5).map((r) => r.submissionId),
        );
        expect(first.total).toBe(5_200);
        // The form's first screen of rows is looked at, never its whole order.
        expect(orderLimits(ran)).toEqual(['10']);
      }
    } finally {
      reader.close();
    }
  });
});
