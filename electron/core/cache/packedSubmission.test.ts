import zlib from 'node:zlib';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Submission } from '../../shared/api/submission';
import { openTempCache, type TempCache } from '../operations/testing/tempCache';
import { addCacheFunctions } from './cacheFunctions';
import { PackedRows, packedRows } from './packedRows';
import { packSubmission } from './packedSubmission';
import { QuestionCatalog } from './questionCatalog';
import { openFiles } from './testing/unlinkedFiles';

const FORM = 'form-1';

const row: Submission = {
  submissionId: '9b08961a-fed5-46bf-819e-0896b545858c',
  submissionTime: '2026-03-02T10:50:26.750Z',
  lastUpdatedAt: '2026-03-02T10:50:26.750Z',
  questions: [
    { id: 'nm01', name: 'Full name', type: 'ShortAnswer', value: 'Zoë Ørsted 🙂' },
    { id: 'em02', name: 'Email', type: 'EmailInput', value: 'zoe@example.com' },
    { id: 'st05', name: 'How satisfied are you overall?', type: 'StarRating', value: 4 },
    { id: 'cm06', name: 'Comments', type: 'LongAnswer', value: 'a\u0000b "quoted" \\ \u2028' },
    {
      id: 'fl07',
      name: 'Your receipt',
      type: 'FileUpload',
      value: [
        {
          url: 'https://files.example/r',
          name: 'receipt-zoe.pdf',
          size: 1,
          mimeType: 'application/pdf',
        },
      ],
    },
  ],
  calculations: [{ id: 'c1', name: 'Total', type: 'number', value: '12' }],
  urlParameters: [{ id: 'u1', name: 'utm_source', value: 'newsletter-zoe' }],
};
const submission = JSON.stringify({ ...row, unknownField: { kept: [1, 2, 3] } });

let cache: TempCache;
let packed: PackedRows;
beforeEach(() => {
  cache = openTempCache('packed');
  packed = packedRows(cache.db);
});
afterEach(() => cache.close());

const learnt = () => new QuestionCatalog(cache.db).learnFrom(FORM, [row]);
const pack = (json = submission) => cache.db.transaction(() => packed.packerFor(FORM)(json))();

describe('a submission as the cache keeps it', () => {
  it('gives back exactly the JSON it was given, as text and as UTF-8 bytes', () => {
    learnt();
    const stored = pack();
    expect(stored[0]).toBe(2);
    expect(packed.text(stored)).toBe(submission);
    expect(packed.bytes(stored).equals(Buffer.from(submission, 'utf8'))).toBe(true);
  });

  it('gives back a row many times longer than most, a long answer of text deflate cannot shorten', () => {
    learnt();
    const essay = Array.from({ length: 10_000 }, (_, i) =>
      ((i * 7_919) % 65_521).toString(36),
    ).join(' ');
    const long = JSON.stringify({ ...row, essay: `${essay} — fin` });
    expect(long.length).toBeGreaterThan(32_000);
    expect(packed.text(pack(long))).toBe(long);
  });

  it('takes less room than the row deflated alone, the service’s own words known beforehand', () => {
    expect(packSubmission(submission).length).toBeLessThan(
      zlib.deflateRawSync(submission, { strategy: zlib.constants.Z_FIXED }).length * 0.8,
    );
  });

  it('takes less room again with its form’s questions known beforehand', () => {
    learnt();
    expect(pack().length).toBeLessThan(packSubmission(submission).length * 0.8);
  });

  it('is packed against the service’s words alone while its form’s catalogue knows no question', () => {
    const stored = pack();
    expect(stored[0]).toBe(1);
    expect(packed.text(stored)).toBe(submission);
    expect(cache.db.prepare('SELECT count(*) FROM row_words').pluck().get()).toBe(0);
  });

  it('reads rows stored before forms had words of their own beside rows stored after', () => {
    const before = packSubmission(submission);
    learnt();
    expect(packed.text(before)).toBe(submission);
    expect(packed.text(pack())).toBe(submission);
  });

  it('keeps in its words the questions’ ids, names and types, and no respondent’s answer', () => {
    learnt();
    pack();
    const words = cache.db.prepare<[], Buffer>('SELECT words FROM row_words').pluck().all();
    expect(words).toHaveLength(1);
    const text = words[0]!.toString('utf8');
    for (const known of [
      '"id":"nm01","name":"Full name","type":"ShortAnswer"',
      'How satisfied',
      'utm_source',
      '"name":"Total","type":"number"',
    ])
      expect(text).toContain(known);
    for (const answer of ['Zoë', 'zoe', 'receipt-zoe', 'quoted', 'newsletter'])
      expect(text).not.toContain(answer);
  });

  it('stores new words as its form learns a question, and reads rows of both', () => {
    learnt();
    const first = pack();
    new QuestionCatalog(cache.db).learnFrom(FORM, [
      {
        ...row,
        questions: [...row.questions, { id: 'nw08', name: 'New', type: 'ShortAnswer', value: 'x' }],
      },
    ]);
    const second = pack();
    expect(second.subarray(1, 5).equals(first.subarray(1, 5))).toBe(false);
    expect(cache.db.prepare('SELECT count(*) FROM row_words').pluck().get()).toBe(2);
    expect([packed.text(first), packed.text(second)]).toEqual([submission, submission]);
  });

  it('stores its words again after a transaction that first stored them rolled back', () => {
    learnt();
    expect(() =>
      cache.db.transaction(() => {
        packed.packerFor(FORM)(submission);
        throw new Error('the page failed');
      })(),
    ).toThrow('the page failed');
    const stored = pack();
    expect(cache.db.prepare('SELECT count(*) FROM row_words').pluck().get()).toBe(1);
    const reader = new Database(cache.file, { readonly: true });
    try {
      expect(new PackedRows(reader).text(stored)).toBe(submission);
    } finally {
      reader.close();
    }
  });

  it('is read by a connection opened before its words were stored, inside a query of it, holding no file once closed', () => {
    const reader = new Database(cache.file, { readonly: true });
    try {
      addCacheFunctions(reader);
      learnt();
      cache.db
        .prepare(
          `INSERT INTO submissions (form_id, submission_id, status, submission_time, raw, synced_at)
           VALUES (?, 's1', 'finished', ?, ?, ?)`,
        )
        .run(FORM, row.submissionTime, pack(), row.submissionTime);
      const names = reader
        .prepare(
          `SELECT json_extract(submission_json(raw), '$.questions[0].value') FROM submissions`,
        )
        .pluck()
        .all();
      expect(names).toEqual(['Zoë Ørsted 🙂']);
    } finally {
      reader.close();
    }
    cache.db.close();
    expect(openFiles().filter((file) => file.startsWith(cache.dir))).toEqual([]);
  });

  it('refuses a row naming words the cache does not hold, as a damaged file', () => {
    learnt();
    const stored = pack();
    const other = openTempCache('packed-other');
    try {
      expect(() => packedRows(other.db).text(stored)).toThrow(
        expect.objectContaining({
          code: 'SQLITE_CORRUPT',
          message: expect.stringMatching(/words the cache does not hold/),
        }),
      );
    } finally {
      other.close();
    }
  });

  it('refuses bytes of a format it does not know, naming it', () => {
    const stored = packSubmission(submission);
    stored[0] = 9;
    expect(() => packed.text(stored)).toThrow(/unknown format \(9\)/);
  });
});
