import {
  type ColumnConversion,
  type ColumnMapping,
  type ColumnTarget,
} from '../../shared/contract/imports';
import { convertValue, targetKind } from './buildSubmission';
import {
  contentFit,
  isFreeTextQuestion,
  looksLikeFreeText,
  looksLikeSentences,
  type ContentQuestion,
} from './contentMatch';
import { convertNumber } from './convertCell';
import { readDateOrder } from './dateOrder';

export interface CatalogueQuestion {
  id: string;
  name: string;
  type: string;
}

export interface SuggestedMapping extends ColumnMapping {
  /** 0..1: how sure the match is; the wizard highlights weak ones. */
  confidence: number;
  remembered: boolean;
  /** Why this target, in a sentence for the mapping step. */
  reason: string;
}

/** Headers of a column people write remarks in: such text goes to a long answer. */
const REMARK_HEADER = /\b(comments?|remarks?|notes?|feedback|message|anything else|other)\b/;

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
 * A target per column: remembered choices first, then the best-scoring unclaimed question by
 * header (each question fills one column), the time fields by their usual names, then what the
 * values say (e-mail addresses, a 1–5 rating, a question's choices, free text for the one text
 * question left). Conversions are guessed from sample values (a decimal comma, a dd.mm.yyyy date).
 */
export function suggestMapping(
  columns: readonly string[],
  questions: readonly ContentQuestion[],
  remembered: ReadonlyMap<string, RememberedMapping>,
  sampleRows: ReadonlyArray<readonly string[]>,
): SuggestedMapping[] {
  const normalised = columns.map(normaliseHeader);
  const result: SuggestedMapping[] = columns.map((_, column) => ({
    column,
    target: { kind: 'ignore' },
    confidence: 0,
    remembered: false,
    reason: 'Nothing in the form matches its header or its values.',
  }));
  const claimed = new Set<string>();
  const known = new Map(questions.map((q) => [q.id, q]));
  const decimal = fileDecimal(sampleRows);

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
      reason: `Chosen for a column named "${columns[column]}" in an earlier import to this form.`,
    };
    if (choice.target.kind === 'question') claimed.add(choice.target.id);
  });

  const samplesOf = (column: number) =>
    sampleRows.map((r) => r[column] ?? '').filter((v) => v.trim() !== '');
  const candidates: Array<{
    column: number;
    question: ContentQuestion;
    score: number;
    reason: string;
  }> = [];
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
      const reason =
        score === 1
          ? `The header is the question's name, "${question.name}".`
          : `The header "${columns[column]}" reads like the question "${question.name}".`;
      candidates.push({ column, question, score: score * (fit < 0.5 ? 0.5 : 1), reason });
    }
  });
  const filled = new Set(result.filter((r) => r.remembered).map((r) => r.column));
  const assign = (pool: typeof candidates) => {
    pool.sort((a, b) => b.score - a.score || a.column - b.column);
    for (const { column, question, score, reason } of pool) {
      if (score < MIN_CONFIDENCE || filled.has(column) || claimed.has(question.id)) continue;
      result[column] = {
        column,
        target: { kind: 'question', id: question.id, type: question.type },
        confidence: score,
        remembered: false,
        reason,
      };
      filled.add(column);
      claimed.add(question.id);
    }
  };
  assign(candidates);

  for (const [kind, names] of TIME_NAMES) {
    if (result.some((r) => r.target.kind === kind)) continue;
    const column = normalised.findIndex((key, i) => !filled.has(i) && names.includes(key));
    if (column < 0) continue;
    result[column] = {
      column,
      target: { kind } as ColumnTarget,
      confidence: 0.9,
      remembered: false,
      reason: `The header reads like the submission's ${kind === 'submissionTime' ? 'time' : 'last update'}.`,
    };
    filled.add(column);
  }

  // Columns whose header matched nothing: their values may still say which question they answer.
  const byContent: typeof candidates = [];
  normalised.forEach((_, column) => {
    if (filled.has(column)) return;
    const samples = samplesOf(column);
    for (const question of questions) {
      if (claimed.has(question.id)) continue;
      const convert = decimal === ',' ? { decimalSeparator: decimal } : undefined;
      const fit = contentFit(samples, question, convert);
      if (fit) byContent.push({ column, question, score: fit.score, reason: fit.reason });
    }
  });
  assign(byContent);

  // Free text fits any text question; it goes to one only when that one is the only one left.
  normalised.forEach((key, column) => {
    const samples = samplesOf(column);
    if (filled.has(column) || !looksLikeFreeText(samples)) return;
    const open = questions.filter((q) => isFreeTextQuestion(q) && !claimed.has(q.id));
    const remarks = looksLikeSentences(samples) || REMARK_HEADER.test(key);
    const long = open.filter((q) => q.type === 'LongAnswer');
    const only = remarks && long.length > 0 ? long : open;
    if (only.length !== 1) return;
    const question = only[0]!;
    const kind = question.type === 'LongAnswer' ? 'long-answer' : 'free-text';
    assign([
      {
        column,
        question,
        score: MIN_CONFIDENCE,
        reason: `Free text, and "${question.name}" is the form's only ${kind} question left.`,
      },
    ]);
  });

  return result.map((mapping) => {
    if (mapping.remembered || mapping.target.kind === 'ignore') return mapping;
    const convert = guessConversion(mapping, samplesOf(mapping.column), decimal);
    return convert ? { ...mapping, convert } : mapping;
  });
}

/** Share of sample values that convert for the target, with the conversion the values suggest. */
function valueFit(mapping: ColumnMapping, samples: string[]): number {
  if (samples.length === 0) return 1;
  const convert = guessConversion(mapping, samples, '.');
  const fitting = samples.filter(
    (s) => convertValue(s, convert ? { ...mapping, convert } : mapping).ok,
  ).length;
  return fitting / samples.length;
}

/**
 * The file's decimal mark: a spreadsheet writes all its numbers in one locale, so a column that
 * only reads one way (`3,5`, `1.234,50`) decides for the columns that read either way (`1,234`).
 */
export function fileDecimal(rows: ReadonlyArray<readonly string[]>): '.' | ',' {
  const width = Math.max(0, ...rows.map((r) => r.length));
  let comma = 0;
  let dot = 0;
  for (let column = 0; column < width; column++) {
    const values = rows.map((r) => r[column]?.trim() ?? '').filter((v) => v !== '');
    if (values.length === 0) continue;
    const dotFits = values.every((v) => convertNumber(v).ok);
    const commaFits = values.every((v) => convertNumber(v, { decimalSeparator: ',' }).ok);
    if (commaFits && !dotFits) comma++;
    if (dotFits && !commaFits) dot++;
  }
  return comma > dot ? ',' : '.';
}

function guessConversion(
  mapping: ColumnMapping,
  samples: string[],
  decimal: '.' | ',',
): ColumnConversion | undefined {
  if (samples.length === 0) return undefined;
  const kind = targetKind(mapping.target);
  if (kind === 'number' || kind === 'integer') {
    const commaFits = samples.every((s) => convertNumber(s, { decimalSeparator: ',' }).ok);
    const dotFits = samples.every((s) => convertNumber(s).ok);
    const comma = decimal === ',' ? commaFits : commaFits && !dotFits;
    return comma ? { decimalSeparator: ',' } : undefined;
  }
  if (kind === 'date' || kind === 'datetime') {
    // The format most values read in: a single impossible date (31.02.) is the value's problem.
    const { best } = readDateOrder(samples);
    return best !== null && best !== 'iso' ? { dateFormat: best } : undefined;
  }
  return undefined;
}
