import { type QuestionRules } from '../../shared/contract/imports';
import { fail, ok, type Converted } from './convertCell';
import { matchOption } from './matchOption';

/** Options named in a sentence; a long list is cut, with how many more there are. */
const OPTIONS_NAMED = 8;

function question(rules: QuestionRules): string {
  return rules.name ? `the question "${rules.name}"` : 'the question';
}

/** "a whole number from 1 to 5", "a number of at least 0"… */
export function describeRange(rules: QuestionRules): string {
  const what = rules.whole ? 'a whole number' : 'a number';
  const { min, max } = rules;
  if (min !== undefined && max !== undefined) return `${what} from ${min} to ${max}`;
  if (min !== undefined) return `${what} of at least ${min}`;
  if (max !== undefined) return `${what} of at most ${max}`;
  return what;
}

export function checkRange(raw: string, value: number, rules: QuestionRules): Converted {
  const { min, max } = rules;
  const outside =
    (rules.whole && !Number.isInteger(value)) ||
    (min !== undefined && value < min) ||
    (max !== undefined && value > max);
  return outside
    ? fail(`"${raw.trim()}" is not allowed: ${question(rules)} takes ${describeRange(rules)}.`)
    : ok(value);
}

export function describeOptions(options: readonly string[]): string {
  const named = options.slice(0, OPTIONS_NAMED).map((o) => `"${o}"`);
  const more = options.length - named.length;
  return more > 0 ? `${named.join(', ')} and ${more} more` : named.join(', ');
}

/**
 * One choice among the question's options. A value that differs only in case, spacing or
 * accents is sent as the option (with a warning); a near miss is offered as the fix.
 */
export function checkChoice(raw: string, rules: QuestionRules): Converted {
  const value = raw.trim();
  const options = rules.options;
  if (!options) return ok(value);
  const match = matchOption(value, options);
  switch (match.kind) {
    case 'exact':
      return ok(value);
    case 'same':
      return ok(match.option, `"${value}" is sent as "${match.option}", as the form writes it.`);
    case 'near':
      return fail(
        `"${value}" is not one of the choices of ${question(rules)}; did you mean "${match.option}"?`,
        match.option,
      );
    case 'none':
      return fail(
        `"${value}" is not one of the choices of ${question(rules)}: ${describeOptions(options)}.`,
      );
  }
}

/**
 * Several choices (checkboxes, multi-select, ranking), each checked as one choice. When every
 * unknown one is a near miss, the whole cell with those corrected is offered as the fix.
 */
export function checkChoices(
  raw: string,
  items: readonly string[],
  separator: string,
  rules: QuestionRules,
): Converted {
  if (!rules.options) return ok(items);
  const values: string[] = [];
  const warnings: string[] = [];
  const unknown: string[] = [];
  const fixed: string[] = [];
  let fixable = true;
  for (const item of items) {
    const checked = checkChoice(item, rules);
    if (checked.ok) {
      values.push(checked.value as string);
      fixed.push(checked.value as string);
      if (checked.warning) warnings.push(checked.warning);
      continue;
    }
    unknown.push(`"${item}"`);
    if (checked.suggestion === undefined) fixable = false;
    fixed.push(checked.suggestion ?? item);
  }
  if (unknown.length === 0) return ok(values, warnings.join(' ') || undefined);
  const suggestion = fixable ? fixed.join(`${separator.trim()} `) : undefined;
  const hint = suggestion ? ` Did you mean "${suggestion}"?` : '';
  return fail(
    `${unknown.join(', ')} ${unknown.length === 1 ? 'is not one' : 'are not'} of the choices of ${question(rules)}: ${describeOptions(rules.options)}.${hint}`,
    suggestion,
  );
}

export function checkRequired(rules: QuestionRules | undefined): string | null {
  return rules?.required
    ? `${question(rules).replace(/^t/, 'T')} is required: fill in an answer, or leave the row out.`
    : null;
}
