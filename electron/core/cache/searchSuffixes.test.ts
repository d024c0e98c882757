import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Submission } from '../../shared/api/submission';
import { openTempCache, type TempCache } from '../operations/testing/tempCache';
import { SUFFIX_CHARS, suffixQuery, suffixText } from './searchSuffixes';
import { toSubmissionRow } from './submissionRow';
import { SubmissionStore } from './submissionStore';
import { searchStatement, trigramStatement } from './viewConditions';

let cache: TempCache;
let store: SubmissionStore;
beforeEach(() => {
  cache = openTempCache('suffixes');
  store = new SubmissionStore(cache.db);
});
afterEach(() => cache.close());

/** A small deterministic generator: the same texts on every run. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

/**
 * Respondents' words: mixed case, accents (composed and combining), Greek, Cyrillic, German
 * sharp s, CJK, emoji, hexadecimal identifiers, digits, and punctuation between words.
 */
const PIECES = [
  'Support',
  'support',
  'SUPPORTED',
  'unsupported',
  'pricing',
  'Price',
  'plan',
  'Plans',
  'école',
  'ÉCOLE',
  'e\u0301cole',
  'Straße',
  'STRASSE',
  'Ωmega',
  'ωmega',
  'Москва',
  'москва',
  '東京都',
  'naïve',
  'café',
  'cafe',
  'dead',
  'beef',
  '4f3a9c',
  '2026',
  '555-0172',
  '😀smile',
  'İstanbul',
  'aaaaaaaaaaaaaaaaaaaaaab',
  'supercalifragilisticexpialidocious',
  '\u19B0abc',
];
const GLUE = [' ', '  ', '-', '@', '.', ', ', '\n', '/', '_', "'", ''];

function text(next: () => number, words: number): string {
  let out = '';
  for (let i = 0; i < words; i++)
    out += PIECES[Math.floor(next() * PIECES.length)]! + GLUE[Math.floor(next() * GLUE.length)]!;
  return out;
}

function submission(id: string, comment: string): Submission {
  const at = '2026-01-01T00:00:00.000Z';
  return {
    submissionId: id,
    submissionTime: at,
    lastUpdatedAt: at,
    questions: [{ id: 'note', name: 'Note', type: 'LongAnswer', value: comment }],
  };
}

const store1 = (id: string, comment: string) =>
  store.transaction(() =>
    store.upsert('f1', [toSubmissionRow(submission(id, comment), 'finished')], 't'),
  );

const rowids = (sql: string, params: (string | number)[]) =>
  (
    cache.db
      .prepare(sql)
      .pluck()
      .all(...params) as number[]
  ).sort((a, b) => a - b);

/** What the trigram index finds for a search of three characters or more. */
const trigramRows = (search: string) => {
  const { sql, params } = trigramStatement(search);
  return rowids(sql, params);
};

describe('the index of word endings', () => {
  it('finds exactly the rows the trigram index finds, as rows are stored, rewritten and removed', () => {
    const next = random(7);
    const comments = new Map<string, string>();
    for (let i = 0; i < 150; i++) comments.set(`r${i}`, text(next, 1 + Math.floor(next() * 6)));
    for (const [id, comment] of comments) store1(id, comment);

    // Searches cut from the stored texts (so most find rows), in other case, and made up.
    const searches = new Set<string>(['supp', 'SUPPORT', 'ÉCOLE', 'ecole', 'ßE', 'москв', 'smile']);
    for (const comment of comments.values()) {
      const chars = [...comment];
      const from = Math.floor(next() * chars.length);
      const length = 3 + Math.floor(next() * (SUFFIX_CHARS + 2));
      const cut = chars.slice(from, from + length).join('');
      searches.add(next() < 0.5 ? cut : cut.toUpperCase());
    }
    // And a part of each word, as typed into the search box.
    for (const piece of PIECES) searches.add([...piece].slice(1, 5).join(''));
    const check = () => {
      let bySuffixes = 0;
      for (const search of searches) {
        if ([...search].length < 3) continue;
        const { sql, params } = searchStatement(search);
        if (sql.includes('search_suffixes')) bySuffixes++;
        expect(rowids(sql, params), search).toEqual(trigramRows(search));
      }
      // Most searches of a word's characters went through the index of word endings.
      expect(bySuffixes).toBeGreaterThan(PIECES.length / 2);
    };
    check();

    // Rows rewritten with other words, and rows removed.
    for (let i = 0; i < 150; i += 3) store1(`r${i}`, text(next, 3));
    for (let i = 1; i < 150; i += 5) store.delete('f1', `r${i}`);
    check();
  });

  it('answers only what it can answer exactly, and the trigram index the rest', () => {
    expect(suffixQuery('support')).toBe('"support"*');
    expect(suffixQuery('École')).toBe('"École"*');
    // Too short, too long, across words, hexadecimal digits alone.
    for (const search of ['su', 'x'.repeat(SUFFIX_CHARS + 1), 'customer support', 'a@b', 'beef'])
      expect(suffixQuery(search), search).toBeNull();
    expect(suffixQuery('4f3a9c')).toBeNull();
    // Words of hexadecimal digits alone are left out of the index; a word's other suffixes stay.
    expect(suffixText('4f3a9c deadline')).toBe('deadline eadline adline dline line ine');
    expect(suffixText('z'.repeat(SUFFIX_CHARS + 3)).split(' ')[0]).toHaveLength(SUFFIX_CHARS);
  });

  it('counts and cuts suffixes in characters, also past the Basic Multilingual Plane', () => {
    // Each of these is two UTF-16 units: cut by units, a suffix would start or end mid-character.
    const astral = '𝒳𝒴𝒵𝒶𝒷';
    expect(suffixText(`${astral} Ωmega`)).toBe('𝒳𝒴𝒵𝒶𝒷 𝒴𝒵𝒶𝒷 𝒵𝒶𝒷 Ωmega mega ega');
    const long = '𝒴'.repeat(SUFFIX_CHARS + 2);
    const suffixes = suffixText(`𝒳${long}`).split(' ');
    expect(suffixes).toHaveLength(SUFFIX_CHARS + 1);
    for (const suffix of suffixes) expect([...suffix].length).toBeLessThanOrEqual(SUFFIX_CHARS);
    expect([...suffixes[0]!]).toHaveLength(SUFFIX_CHARS);
    expect(suffixes.at(-1)).toBe('𝒴'.repeat(3));
  });

  it("splits text into the words SQLite's tokenizer reads, for every character", () => {
    // Each character the index takes for a word's between two words' worth of letters: SQLite
    // finds the letters on their own when it splits the word there, and then a search holding
    // the character would be one it cannot answer.
    const insert = cache.db.prepare(`INSERT INTO search_suffixes (rowid, body) VALUES (?, ?)`);
    let taken = 0;
    cache.db.transaction(() => {
      for (let code = 0x80; code <= 0x10ffff; code++) {
        if (code >= 0xd800 && code <= 0xdfff) continue;
        const word = `qq${String.fromCodePoint(code)}qq`;
        if (suffixQuery(word) === null) continue;
        insert.run(code, suffixText(word));
        taken++;
      }
    })();
    expect(taken).toBeGreaterThan(100_000);
    const split = rowids(`SELECT rowid FROM search_suffixes WHERE search_suffixes MATCH 'qq'`, []);
    expect(split.map((code) => code.toString(16))).toEqual([]);
  });
});
