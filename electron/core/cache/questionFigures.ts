import { type Submission } from '../../shared/api/submission';
import { type QuestionSummary } from '../../shared/contract/summary';
import { scaleOf } from '../../shared/answers/ratingScale';
import { MULTIPLE } from './answerKinds';
import { fullScale, npsOf, numberFigures, overOptions, scaleOrder } from './summaryFigures';
import { choicesOf, dateFigures, type Group, rankingFigures } from './summaryGroups';
import { type Question } from './viewAnswers';

/** A submission's JSON as the cache holds it, by rowid. */
export type RawOf = (rowid: number) => string | undefined;

/**
 * A question's figures worked out from its groups of equal answers (a rating's values, a checkbox
 * question's combinations), never from its rows; a matrix reads each way of filling it back from
 * one submission that gave it.
 */
export function questionFigures(
  question: Question,
  base: { key: string; name: string; type: string },
  groups: Group[],
  rawOf: RawOf,
): QuestionSummary {
  const answered = groups.reduce((n, g) => n + g.n, 0);
  const numbers = () => {
    const counts = new Map<number, number>();
    for (const g of groups) {
      const value = g.num ?? (g.text === null ? Number.NaN : Number(g.text));
      if (Number.isFinite(value)) counts.set(value, (counts.get(value) ?? 0) + g.n);
    }
    return [...counts]
      .map(([value, count]) => ({ value, count }))
      .sort((a, b) => a.value - b.value);
  };
  switch (question.kind) {
    case 'choice': {
      const multiple = MULTIPLE.has(question.entry.type);
      const counts = new Map<string, number>();
      for (const g of groups)
        for (const value of multiple ? choicesOf(g) : [g.text ?? ''])
          counts.set(value, (counts.get(value) ?? 0) + g.n);
      return {
        ...base,
        kind: 'choice',
        answered,
        multiple,
        ...overOptions(counts, question.options),
      };
    }
    case 'rating': {
      const distribution = fullScale(numbers(), scaleOf(question.entry.type));
      const rated = distribution.reduce((n, d) => n + d.count, 0);
      const sum = distribution.reduce((s, d) => s + d.value * d.count, 0);
      return {
        ...base,
        kind: 'rating',
        answered,
        distribution,
        average: rated > 0 ? sum / rated : null,
        nps: question.entry.type === 'OpinionScale' ? npsOf(distribution) : null,
      };
    }
    case 'number':
      return {
        ...base,
        kind: 'number',
        answered,
        ...numberFigures(numbers(), { duration: question.entry.type === 'Calculation:duration' }),
      };
    case 'date':
      return { ...base, kind: 'date', answered, ...dateFigures(groups) };
    case 'matrix':
      return { ...base, kind: 'matrix', answered, ...matrixFigures(question, groups, rawOf) };
    case 'ranking':
      return { ...base, kind: 'ranking', answered, items: rankingFigures(groups) };
    case 'boolean': {
      const yes = groups.filter((g) => g.num === 1).reduce((n, g) => n + g.n, 0);
      const no = groups.filter((g) => g.num === 0).reduce((n, g) => n + g.n, 0);
      return { ...base, kind: 'boolean', answered, yes, no };
    }
    default:
      return { ...base, kind: 'file', answered };
  }
}

/**
 * A matrix's answer is an object (row → column) that the index holds as its text alone: each way
 * of filling it is read back from one submission that gave it.
 */
function matrixFigures(question: Question, groups: Group[], rawOf: RawOf) {
  const cells = new Map<string, Map<string, number>>();
  for (const g of groups) {
    const raw = rawOf(g.sample);
    const submission = raw === undefined ? null : (JSON.parse(raw) as Submission);
    const value = submission?.questions.find((q) => q.id === question.entry.id)?.value;
    if (!value || typeof value !== 'object' || Array.isArray(value)) continue;
    for (const [name, column] of Object.entries(value)) {
      if (typeof column !== 'string') continue;
      const counts = cells.get(name) ?? new Map<string, number>();
      counts.set(column, (counts.get(column) ?? 0) + g.n);
      cells.set(name, counts);
    }
  }
  const rows = [...new Set([...(question.options ?? []), ...cells.keys()])];
  const totals = new Map<string, number>();
  for (const counts of cells.values())
    for (const [column, n] of counts) totals.set(column, (totals.get(column) ?? 0) + n);
  const columns = scaleOrder([...totals.keys()]);
  return {
    rows,
    columns,
    cells: rows.flatMap((row) =>
      columns.map((column) => ({ row, column, count: cells.get(row)?.get(column) ?? 0 })),
    ),
  };
}
