import { type FormMetadata } from '../../shared/api/form';
import { type ColumnMapping, type QuestionRules } from '../../shared/contract/imports';
import { scaleOf } from '../../shared/answers/ratingScale';
import { AppError } from '../../shared/errors';

/** A question of the form as the import checks answers against it. */
export interface QuestionDefinition {
  id: string;
  name: string;
  type: string;
  rules: QuestionRules;
}

/** Choices upstream are plain strings or `{id, value, label}` objects; answers carry the value. */
function optionText(option: unknown): string | null {
  if (typeof option === 'string') return option;
  if (option && typeof option === 'object') {
    const { value, label } = option as { value?: unknown; label?: unknown };
    if (typeof value === 'string') return value;
    if (typeof label === 'string') return label;
  }
  return null;
}

function finite(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/** Rules for a question from its type and, where the server offers it, its metadata entry. */
export function rulesFor(
  type: string,
  name: string,
  entry: Record<string, unknown> = {},
): QuestionRules {
  const scale = scaleOf(type);
  const rules: QuestionRules = { name, ...(scale && { ...scale, whole: true }) };
  if (Array.isArray(entry.options)) {
    const options = entry.options.map(optionText).filter((o): o is string => o !== null);
    if (options.length > 0) rules.options = options;
  }
  const min = finite(entry.min);
  const max = finite(entry.max);
  if (min !== undefined) rules.min = min;
  if (max !== undefined) rules.max = max;
  if (entry.required === true) rules.required = true;
  return rules;
}

/**
 * The form's questions with their rules: names and types from the catalogue (learnt from
 * submissions or metadata), options, ranges and required flags from the metadata when known.
 */
export function questionDefinitions(
  questions: ReadonlyArray<{ id: string; name: string; type: string }>,
  metadata: FormMetadata | null,
): QuestionDefinition[] {
  const entries = new Map(
    (metadata?.questions ?? []).map((q) => [q.id, q as Record<string, unknown>]),
  );
  return questions.map(({ id, name, type }) => ({
    id,
    name,
    type,
    rules: rulesFor(type, name, entries.get(id)),
  }));
}

/**
 * The mappings with each question's rules attached (whatever the wizard sent is replaced: the
 * form decides what it allows). A required question no column fills is refused here, once,
 * rather than on every row.
 */
export function withRules(
  mappings: readonly ColumnMapping[],
  definitions: readonly QuestionDefinition[],
): ColumnMapping[] {
  const attached = attachRules(mappings, definitions);
  const mapped = new Set(
    attached.flatMap((m) => (m.target.kind === 'question' ? [m.target.id] : [])),
  );
  const missing = definitions.filter((d) => d.rules.required && !mapped.has(d.id));
  if (missing.length > 0) {
    const names = missing.map((d) => `"${d.name}"`).join(', ');
    throw new AppError(
      'INVALID_INPUT',
      `The form requires ${names}: match a column to ${missing.length === 1 ? 'it' : 'each'}, or the service gets submissions without ${missing.length === 1 ? 'that answer' : 'those answers'}.`,
    );
  }
  return attached;
}

/** The mappings with each question's rules attached, whatever questions are left out. */
export function attachRules(
  mappings: readonly ColumnMapping[],
  definitions: readonly QuestionDefinition[],
): ColumnMapping[] {
  const byId = new Map(definitions.map((d) => [d.id, d]));
  return mappings.map((m): ColumnMapping => {
    if (m.target.kind !== 'question') return m;
    const { rules: _sent, ...target } = m.target;
    const definition = byId.get(m.target.id);
    return definition
      ? {
          ...m,
          target: { ...target, type: target.type ?? definition.type, rules: definition.rules },
        }
      : { ...m, target };
  });
}

/** A mapping as it is remembered and shown: the form's rules are looked up again each time. */
export function withoutRules(mapping: ColumnMapping): ColumnMapping {
  if (mapping.target.kind !== 'question' || !mapping.target.rules) return mapping;
  const { rules: _rules, ...target } = mapping.target;
  return { ...mapping, target };
}
