import { type LocalForm } from '../shared/api/localApi';
import {
  type CalculationAnswer,
  type QuestionAnswer,
  type Submission,
} from '../shared/api/submission';

/**
 * Calculations and quiz scores follow from the answers, as in the service: they are recomputed
 * whenever answers change (a respondent edits, a submission is created through the API).
 */
export function applyDerived(form: LocalForm, submission: Submission): Submission {
  const calculations = deriveCalculations(form, submission);
  const quiz = scoreQuiz(form, submission.questions);
  return {
    ...submission,
    ...(calculations ? { calculations } : {}),
    ...(quiz ? { quiz } : {}),
  };
}

function deriveCalculations(
  form: LocalForm,
  submission: Submission,
): CalculationAnswer[] | undefined {
  if (!form.calculations?.length) return undefined;
  return form.calculations.map((calc) => {
    const sources = calc.sources
      ? calc.sources.map((id) => submission.questions.find((q) => q.id === id)?.value)
      : submission.questions.map((q) => q.value);
    let value: string;
    if (calc.type === 'number') {
      const sum = sources.reduce<number>(
        (total, v) => (typeof v === 'number' ? total + v : total),
        0,
      );
      // Cents add up with binary noise (0.1 + 0.2); the service shows two decimals at most.
      value = String(Math.round(sum * 100) / 100);
    } else if (calc.type === 'text') {
      value = sources
        .filter((v) => v !== null && v !== undefined)
        .map(asText)
        .join(' / ');
    } else {
      value = durationSeconds(submission);
    }
    return { id: calc.id, name: calc.name, type: calc.type, value };
  });
}

function asText(value: unknown): string {
  if (Array.isArray(value)) return value.map(asText).join(', ');
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

function durationSeconds(submission: Submission): string {
  const startedAt = submission.startedAt;
  if (typeof startedAt !== 'string') return '';
  const seconds = Math.round(
    (Date.parse(submission.submissionTime) - Date.parse(startedAt)) / 1000,
  );
  return Number.isFinite(seconds) ? String(Math.max(0, seconds)) : '';
}

function scoreQuiz(
  form: LocalForm,
  questions: QuestionAnswer[],
): { score: number; maxScore: number } | undefined {
  if (!form.quiz?.enabled) return undefined;
  const answers = new Map(questions.map((q) => [q.id, q.value]));
  let score = 0;
  let maxScore = 0;
  for (const question of form.questions) {
    if (question.correct === undefined) continue;
    const points = question.points ?? 1;
    maxScore += points;
    if (sameAnswer(answers.get(question.id), question.correct)) score += points;
  }
  return { score, maxScore };
}

/** Multi-select answers count as right whatever order they were ticked in. */
function sameAnswer(given: unknown, correct: unknown): boolean {
  if (Array.isArray(given) && Array.isArray(correct)) {
    return JSON.stringify(given.map(String).sort()) === JSON.stringify(correct.map(String).sort());
  }
  return JSON.stringify(given) === JSON.stringify(correct);
}
