export const DELIMITERS = [',', ';', '\t', '|'] as const;
export type Delimiter = (typeof DELIMITERS)[number];

/** Records looked at: enough to see a file's shape past a preamble, cheap on any size. */
const SAMPLE_RECORDS = 50;

/**
 * Picks the delimiter that splits the opening records most consistently into more than one field.
 * Counting respects quotes, so a quoted "Engines, Ltd." or a quoted newline does not mislead.
 * Ties go to the earlier of `, ; tab |`, the order in which spreadsheets write them.
 */
export function detectDelimiter(text: string): Delimiter {
  let best: { delimiter: Delimiter; score: number } = { delimiter: ',', score: 0 };
  for (const delimiter of DELIMITERS) {
    const counts = fieldCounts(text, delimiter);
    const score = consistencyScore(counts);
    if (score > best.score) best = { delimiter, score };
  }
  return best.delimiter;
}

/** Score = how many records share the most common field count (above 1), times that count's weight. */
function consistencyScore(counts: number[]): number {
  const frequency = new Map<number, number>();
  for (const n of counts) if (n > 1) frequency.set(n, (frequency.get(n) ?? 0) + 1);
  let score = 0;
  for (const [fields, records] of frequency) {
    // Consistency first; among equally consistent splits, more fields is the likelier reading.
    score = Math.max(score, records * 1000 + fields);
  }
  return score;
}

/** Field count of each non-blank record among the first SAMPLE_RECORDS, quote-aware. */
function fieldCounts(text: string, delimiter: string): number[] {
  const counts: number[] = [];
  let fields = 1;
  let inQuotes = false;
  let blank = true;
  for (let i = 0; i < text.length && counts.length < SAMPLE_RECORDS; i++) {
    const c = text[i];
    if (inQuotes) {
      if (c === '"') {
        if (text[i + 1] === '"') i++;
        else inQuotes = false;
      }
      continue;
    }
    if (c === '"') {
      inQuotes = true;
      blank = false;
    } else if (c === delimiter) {
      fields++;
      blank = false;
    } else if (c === '\n' || c === '\r') {
      if (!blank) counts.push(fields);
      fields = 1;
      blank = true;
    } else {
      blank = false;
    }
  }
  if (!blank && counts.length < SAMPLE_RECORDS) counts.push(fields);
  return counts;
}

/**
 * Excel's `sep=;` first line, which it writes for a locale whose list separator is not a comma and
 * reads back as the delimiter, never as a row. Answers the delimiter and the hint's length.
 */
export function excelSeparatorHint(text: string): { delimiter: Delimiter; length: number } | null {
  const match = /^"?sep=(.)"?[ \t]*(?=\r|\n|$)/i.exec(text);
  const delimiter = DELIMITERS.find((d) => d === match?.[1]);
  return match && delimiter ? { delimiter, length: match[0].length } : null;
}
