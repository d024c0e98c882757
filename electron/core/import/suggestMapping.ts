import {
  type ColumnConversion,
  type ColumnMapping,
  type ColumnTarget,
  type DateFormat,
} from '../../shared/contract/imports';
import { convertValue, targetKind } from './buildSubmission';
import { convertDate, convertNumber } from './convertCell';

export interface CatalogueQuestion {
  id: string;
  name: string;
  type: string;
}

export interface SuggestedMapping extends ColumnMapping {
  /** 0..1: how sure the match is; the wizard highlights weak ones. */
  confidence: number;
  remembered: boolean;
}

/** A choice made for this form before, keyed by the column's normalised header. */
export interface RememberedMapping {
  target: ColumnTarget;
  convert?: ColumnConversion;
}

/** Below this, a column is left unmapped rather than guessed. */
const MIN_CONFIDENCE = 0.6;

const TIME_NAMES: Array<[ColumnTarget['kind'], string[]]> = [
  [
    'submissionTime',
    [
      'submission time',
      'submitted at',
      'submitted',
      'submission date',
      'date submitted',
      'timestamp',
      'created at',
      'created',
    ],
  ],
  [
    'lastUpdatedAt',
    ['last updated at', 'last updated', 'updated at', 'updated', 'modified at', 'last modified'],
  ],
];

/** `"  full NAME "`, `Full-Name`, `Fullname` → `full name`-like tokens for comparing headers. */
export function normaliseHeader(header: string): string {
  return header
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/\([^)]*\)/g, ' ')
    .replace(/e-mail/g, 'email')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Dice similarity of letter pairs, spaces ignored: tolerant of word order and small typos. */
export function similarity(a: string, b: string): number {
  const x = a.replace(/\s/g, '');
  const y = b.replace(/\s/g, '');
  if (x === y) return 1;
  if (x.length < 2 || y.length < 2) return 0;
  const pairs = (s: string) => {
    const counts = new Map<string, number>();
    for (let i = 0; i < s.length - 1; i++)
      counts.set(s.slice(i, i + 2), (counts.get(s.slice(i, i + 2)) ?? 0) + 1);
    return counts;
  };
  const px = pairs(x);
  let shared = 0;
  for (const [pair, n] of pairs(y)) shared += Math.min(n, px.get(pair) ?? 0);
  return (2 * shared) / (x.length - 1 + y.length - 1);
}

function questionScore(column: string, question: CatalogueQuestion): number {
  const name = normaliseHeader(question.name);
  if (column === name || column === question.id.toLowerCase()) return 1;
  const columnWords = new Set(column.split(' '));
  const nameWords = name.split(' ');
  // "email address" ⊇ "email": a header that adds a word to the question's name.
  if (nameWords.length > 0 && nameWords.every((w) => columnWords.has(w))) return 0.85;
  return similarity(column, name);
}

/**
 * A target per column: remembered choices first, then the best-scoring unclaimed question (each
 * question fills one column), then the time fields by their usual names. Conversions are guessed
 * from sample values (a decimal comma, a dd.mm.yyyy date).
 */
export function suggestMapping(
  columns: readonly string[],
  questions: readonly CatalogueQuestion[],
  remembered: ReadonlyMap<string, RememberedMapping>,
  sampleRows: ReadonlyArray<readonly string[]>,
): SuggestedMapping[] {
  const normalised = columns.map(normaliseHeader);
  const result: SuggestedMapping[] = columns.map((_, column) => ({
    column,
    target: { kind: 'ignore' },
    confidence: 0,
    remembered: false,
  }));
  const claimed = new Set<string>();
  const known = new Map(questions.map((q) => [q.id, q]));

  normalised.forEach((key, column) => {
    const choice = remembered.get(key);
    if (!choice) return;
    if (choice.target.kind === 'question' && !known.has(choice.target.id) && questions.length > 0)
      return;
    result[column] = {
      column,
      target: choice.target,
      ...(choice.convert ? { convert: choice.convert } : {}),
      confidence: 1,
      remembered: true,
    };
    if (choice.target.kind === 'question') claimed.add(choice.target.id);
  });

  const samplesOf = (column: number) =>
    sampleRows.map((r) => r[column] ?? '').filter((v) => v.trim() !== '');
  const candidates: Array<{ column: number; question: CatalogueQuestion; score: number }> = [];
  normalised.forEach((key, column) => {
    if (result[column]!.remembered) return;
    const samples = samplesOf(column);
    for (const question of questions) {
      const score = questionScore(key, question);
      // A name that fits but values the question cannot take ("Company" → a URL question) is a poor match.
      const fit =
        score >= MIN_CONFIDENCE
          ? valueFit(
              { column, target: { kind: 'question', id: question.id, type: question.type } },
              samples,
            )
          : 1;
      candidates.push({ column, question, score: score * (fit < 0.5 ? 0.5 : 1) });
    }
  });
  candidates.sort((a, b) => b.score - a.score || a.column - b.column);
  const filled = new Set(result.filter((r) => r.remembered).map((r) => r.column));
  for (const { column, question, score } of candidates) {
    if (score < MIN_CONFIDENCE || filled.has(column) || claimed.has(question.id)) continue;
    result[column] = {
      column,
      target: { kind: 'question', id: question.id, type: question.type },
      confidence: score,
      remembered: false,
    };
    filled.add(column);
    claimed.add(question.id);
  }

  for (const [kind, names] of TIME_NAMES) {
    if (result.some((r) => r.target.kind === kind)) continue;
    const column = normalised.findIndex((key, i) => !filled.has(i) && names.includes(key));
    if (column < 0) continue;
    result[column] = {
      column,
      target: { kind } as ColumnTarget,
      confidence: 0.9,
      remembered: false,
    };
    filled.add(column);
  }

  return result.map((mapping) => {
    if (mapping.remembered || mapping.target.kind === 'ignore') return mapping;
    const convert = guessConversion(mapping, samplesOf(mapping.column));
    return convert ? { ...mapping, convert } : mapping;
  });
}

/** Share of sample values that convert for the target, with the conversion the values suggest. */
function valueFit(mapping: ColumnMapping, samples: string[]): number {
  if (samples.length === 0) return 1;
  const convert = guessConversion(mapping, samples);
  const fitting = samples.filter(
    (s) => convertValue(s, convert ? { ...mapping, convert } : mapping).ok,
  ).length;
  return fitting / samples.length;
}

const DATE_GUESSES: DateFormat[] = ['iso', 'dd.mm.yyyy', 'dd/mm/yyyy', 'mm/dd/yyyy'];

function guessConversion(mapping: ColumnMapping, samples: string[]): ColumnConversion | undefined {
  if (samples.length === 0) return undefined;
  const kind = targetKind(mapping.target);
  if (kind === 'number' || kind === 'integer') {
    const dotFails = samples.some((s) => !convertNumber(s).ok);
    const commaFits = samples.every((s) => convertNumber(s, { decimalSeparator: ',' }).ok);
    return dotFails && commaFits ? { decimalSeparator: ',' } : undefined;
  }
  if (kind === 'date' || kind === 'datetime') {
    const format = DATE_GUESSES.find((f) =>
      samples.every((s) => convertDate(s, { dateFormat: f }).ok),
    );
    return format && format !== 'iso' ? { dateFormat: format } : undefined;
  }
  return undefined;
}
