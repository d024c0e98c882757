import { describeAnswer, type Answer } from '../../../../electron/shared/answers/answerModel';
import { type Submission } from '../../../../electron/shared/api/submission';

/** An opinion scale runs from 0 to 10 unless the form says otherwise, which the service does not. */
const OPINION_MAX = 10;

/**
 * One answer as the table and the drawer show it. Exports keep the model's machine-readable
 * values; here an amount gets its currency and a scale its top, which only the submission (its
 * payments) or the question type tell.
 */
export function displayedAnswer(
  question: { type: string; value: unknown },
  submission: Pick<Submission, 'payments'>,
  locale?: string,
): Answer {
  const answer = describeAnswer(question.type, question.value);
  if (answer.kind !== 'number') return answer;
  if (question.type === 'CurrencyInput')
    return {
      kind: 'text',
      text: formatAmount(answer.value, currencyOf(submission), locale),
      multiline: false,
    };
  if (question.type === 'OpinionScale' && answer.value >= 0 && answer.value <= OPINION_MAX)
    return {
      kind: 'text',
      text: `${answer.value.toLocaleString(locale)} / ${OPINION_MAX}`,
      multiline: false,
    };
  return answer;
}

/**
 * The currency a respondent paid in, when all their payments agree: the service gives an amount
 * question no currency of its own, and a form takes one currency from each respondent.
 */
export function currencyOf(submission: Pick<Submission, 'payments'>): string | null {
  const codes = new Set(
    (submission.payments ?? []).flatMap((p) =>
      p.value.currency ? [p.value.currency.toUpperCase()] : [],
    ),
  );
  return codes.size === 1 ? ([...codes][0] ?? null) : null;
}

/** An amount in major units: with its currency's symbol when known, else with two decimals. */
export function formatAmount(value: number, currency: string | null, locale?: string): string {
  if (currency) {
    try {
      return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(value);
    } catch {
      // An unknown code: the amount alone, not a made-up unit.
    }
  }
  return new Intl.NumberFormat(locale, {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(value);
}
