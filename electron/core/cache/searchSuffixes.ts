import { groupToken } from './searchGroups';

/**
 * The index of the search text's word endings: every suffix of each word, cut to
 * `SUFFIX_CHARS`, one FTS5 term each. A text contains a search made of word characters alone
 * exactly when one of its words' suffixes starts with it, so a prefix query of one term answers
 * it; the trigram index answers the same search by intersecting the positions of every trigram
 * of it, which for a word in most rows reads most of the index.
 *
 * Both sides are folded by FTS5 with the same per-character fold as the trigram index, so the
 * two find the same rows. Words of hexadecimal digits alone (identifiers, numbers, phone digits)
 * are left out: each of their suffixes would be a term no other row holds, and a search of such
 * characters alone is answered by the trigram index.
 */

/** The longest search the index answers; a longer one is rare in most rows, and trigrams find it. */
export const SUFFIX_CHARS = 16;

/** A word's suffixes shorter than a search the trigram index takes are left out. */
export const SHORTEST = 3;

/**
 * What FTS5's `unicode61` tokenizer takes for a word's characters (letters, digits, private use),
 * less the few that JavaScript's Unicode tables call letters and SQLite's call marks: held apart,
 * both split the text into the same words.
 */
const WORD_CHAR = String.raw`[[\p{L}\p{N}\p{Co}]--[\u19B0-\u19C0\u19C8\u19C9\u1CF2\u1CF3]]`;
const WORDS = new RegExp(`${WORD_CHAR}{${SHORTEST},}`, 'gv');
const ONE_WORD = new RegExp(`^${WORD_CHAR}+$`, 'v');
const HEX_ONLY = /^[0-9a-f]+$/i;
/** Half of a character past the Basic Multilingual Plane: only there is a character two units. */
const SURROGATE = /[\uD800-\uDFFF]/;

/** The table's text for a row's search text: its words' suffixes, separated by spaces. */
export function suffixText(searchText: string): string {
  const suffixes: string[] = [];
  for (const [word] of searchText.matchAll(WORDS)) {
    if (!HEX_ONLY.test(word)) suffixesOf(word, suffixes);
  }
  return suffixes.join(' ');
}

/**
 * A word's suffixes of at least `SHORTEST` characters, cut to `SUFFIX_CHARS`. Cut by code units
 * where each is a character: splitting every word into characters and joining each suffix again
 * was most of what storing a row's search text cost.
 */
function suffixesOf(word: string, suffixes: string[]): void {
  if (SURROGATE.test(word)) {
    const chars = [...word];
    for (let at = 0; at + SHORTEST <= chars.length; at++)
      suffixes.push(chars.slice(at, at + SUFFIX_CHARS).join(''));
    return;
  }
  for (let at = 0; at + SHORTEST <= word.length; at++)
    suffixes.push(word.slice(at, at + SUFFIX_CHARS));
}

/** A row's entry in the index: its search text's suffixes and its group's token. */
export function suffixEntry(searchText: string, group: number): string {
  return `${suffixText(searchText)} ${groupToken(group)}`;
}

/**
 * The FTS5 query of the suffix index that finds the rows whose search text contains `search`, or
 * null when the index cannot answer it (too short or too long, a character outside words, only
 * hexadecimal digits).
 */
export function suffixQuery(search: string): string | null {
  const length = [...search].length;
  if (length < SHORTEST || length > SUFFIX_CHARS) return null;
  if (!ONE_WORD.test(search) || HEX_ONLY.test(search)) return null;
  return `"${search}"*`;
}
