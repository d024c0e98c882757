import {
  type CreateSubmission,
  type PaymentValue,
  type SchedulingValue,
} from '../../shared/api/submission';
import {
  type ColumnConversion,
  type ColumnMapping,
  type ColumnTarget,
} from '../../shared/contract/imports';
import { AppError } from '../../shared/errors';
import {
  convertBoolean,
  convertDate,
  convertDateTime,
  convertEmail,
  convertInteger,
  convertJson,
  convertList,
  convertNumber,
  convertPhone,
  convertTime,
  convertUrl,
  type Converted,
} from './convertCell';
import { checkChoice, checkChoices, checkRange, checkRequired } from './checkRules';

export type ValueKind =
  | 'text'
  | 'email'
  | 'phone'
  | 'url'
  | 'choice'
  | 'time'
  | 'number'
  | 'integer'
  | 'date'
  | 'datetime'
  | 'boolean'
  | 'list'
  | 'json';

/**
 * What each question type takes, as far as the service's answers show (local API README,
 * "Submissions"). Types not listed (new ones appear over time) are sent as text.
 */
const QUESTION_KINDS: Record<string, ValueKind> = {
  NumberInput: 'number',
  CurrencyInput: 'number',
  Slider: 'number',
  OpinionScale: 'number',
  StarRating: 'number',
  EmailInput: 'email',
  PhoneNumber: 'phone',
  URLInput: 'url',
  Dropdown: 'choice',
  MultipleChoice: 'choice',
  ImagePicker: 'choice',
  TimePicker: 'time',
  DatePicker: 'date',
  DateTimePicker: 'datetime',
  Checkbox: 'boolean',
  Switch: 'boolean',
  Checkboxes: 'list',
  MultiSelect: 'list',
  Ranking: 'list',
  Address: 'json',
  DateRange: 'json',
  Matrix: 'json',
  LocationCoordinates: 'json',
  FileUpload: 'json',
  Signature: 'json',
  AudioRecording: 'json',
  Table: 'json',
  Subform: 'json',
};

const SCHEDULING_KINDS: Partial<Record<keyof SchedulingValue, ValueKind>> = {
  email: 'email',
  scheduledUserEmail: 'email',
  eventStartTime: 'datetime',
  eventEndTime: 'datetime',
  userId: 'integer',
  eventUrl: 'url',
  rescheduleOrCancelUrl: 'url',
};

const PAYMENT_KINDS: Partial<Record<keyof PaymentValue, ValueKind>> = {
  email: 'email',
  totalAmount: 'number',
};

export function targetKind(target: ColumnTarget): ValueKind {
  switch (target.kind) {
    case 'question':
      return (target.type && QUESTION_KINDS[target.type]) || 'text';
    case 'submissionTime':
    case 'lastUpdatedAt':
      return 'datetime';
    case 'scheduling':
      return SCHEDULING_KINDS[target.field] ?? 'text';
    case 'payment':
      return PAYMENT_KINDS[target.field] ?? 'text';
    case 'urlParameter':
    case 'ignore':
      return 'text';
  }
}

export function convertValue(raw: string, mapping: ColumnMapping): Converted {
  const converted = convertKind(raw, mapping);
  const rules = mapping.target.kind === 'question' ? mapping.target.rules : undefined;
  if (!converted.ok || !rules) return converted;
  if (typeof converted.value === 'number') return checkRange(raw, converted.value, rules);
  if (typeof converted.value === 'string' && targetKind(mapping.target) === 'choice')
    return checkChoice(converted.value, rules);
  if (Array.isArray(converted.value))
    return checkChoices(
      raw,
      converted.value as string[],
      listSeparator(raw, mapping.convert),
      rules,
    );
  return converted;
}

function listSeparator(raw: string, convert: ColumnConversion = {}): string {
  return convert.listSeparator ?? (raw.includes(';') ? ';' : ',');
}

function convertKind(raw: string, mapping: ColumnMapping): Converted {
  const convert = mapping.convert ?? {};
  switch (targetKind(mapping.target)) {
    case 'text':
    case 'choice':
      return { ok: true, value: raw };
    case 'email':
      return convertEmail(raw);
    case 'phone':
      return convertPhone(raw);
    case 'url':
      return convertUrl(raw);
    case 'number':
      return convertNumber(raw, convert);
    case 'integer':
      return convertInteger(raw, convert);
    case 'date':
      return convertDate(raw, convert);
    case 'datetime':
      return convertDateTime(raw, convert);
    case 'time':
      return convertTime(raw);
    case 'boolean':
      return convertBoolean(raw, convert);
    case 'list':
      return convertList(raw, { ...convert, listSeparator: listSeparator(raw, convert) });
    case 'json':
      return convertJson(raw);
  }
}

/** A problem in one cell (or, with column null, the whole row). */
export interface RowIssue {
  column: number | null;
  severity: 'error' | 'warning';
  message: string;
  /** A close value the question allows, offered as the fix. */
  suggestion?: string;
}

export interface BuiltRow {
  /** Null when any cell has an error: such a row is never sent. */
  submission: CreateSubmission | null;
  issues: RowIssue[];
}

/** Refuses mappings that cannot make a sensible submission, before any row is looked at. */
export function checkMappings(mappings: readonly ColumnMapping[], columnCount: number): void {
  const seen = new Map<string, number>();
  for (const m of mappings) {
    if (m.column >= columnCount)
      throw new AppError('INVALID_INPUT', `Column ${m.column + 1} is not in the file.`);
    const key = targetKey(m.target);
    if (key === null) continue;
    const earlier = seen.get(key);
    if (earlier !== undefined) {
      throw new AppError(
        'INVALID_INPUT',
        `Columns ${earlier + 1} and ${m.column + 1} both fill the same field; keep one.`,
      );
    }
    seen.set(key, m.column);
  }
  if (!mappings.some((m) => m.target.kind === 'question')) {
    throw new AppError(
      'INVALID_INPUT',
      'Map at least one column to a question: every submission needs its answers.',
    );
  }
}

function targetKey(target: ColumnTarget): string | null {
  switch (target.kind) {
    case 'ignore':
      return null;
    case 'question':
    case 'urlParameter':
      return `${target.kind}:${target.id}`;
    case 'scheduling':
    case 'payment':
      return `${target.kind}:${target.id}:${target.field}`;
    default:
      return target.kind;
  }
}

/**
 * One CSV row to the create request's submission. Empty cells are left out (the question stays
 * unanswered) unless the form requires the question; every other cell must convert and be
 * allowed by the question's rules, or the row is not built.
 */
export function buildSubmission(
  cells: readonly string[],
  mappings: readonly ColumnMapping[],
): BuiltRow {
  const issues: RowIssue[] = [];
  const submission: CreateSubmission = { questions: [] };
  const scheduling = new Map<string, SchedulingValue>();
  const payments = new Map<string, PaymentValue>();
  for (const mapping of mappings) {
    const { target } = mapping;
    const raw = cells[mapping.column] ?? '';
    if (target.kind === 'ignore') continue;
    if (raw.trim() === '') {
      const required = target.kind === 'question' ? checkRequired(target.rules) : null;
      if (required) issues.push({ column: mapping.column, severity: 'error', message: required });
      continue;
    }
    const converted = convertValue(raw, mapping);
    if (!converted.ok) {
      const { message, suggestion } = converted;
      issues.push({
        column: mapping.column,
        severity: 'error',
        message,
        ...(suggestion === undefined ? {} : { suggestion }),
      });
      continue;
    }
    if (converted.warning)
      issues.push({ column: mapping.column, severity: 'warning', message: converted.warning });
    const value = converted.value;
    switch (target.kind) {
      case 'question':
        submission.questions.push({ id: target.id, value });
        break;
      case 'submissionTime':
        submission.submissionTime = value as string;
        break;
      case 'lastUpdatedAt':
        submission.lastUpdatedAt = value as string;
        break;
      case 'urlParameter':
        (submission.urlParameters ??= []).push({
          id: target.id,
          name: target.name,
          value: String(value),
        });
        break;
      case 'scheduling':
        scheduling.set(target.id, { ...scheduling.get(target.id), [target.field]: value });
        break;
      case 'payment':
        payments.set(target.id, { ...payments.get(target.id), [target.field]: value });
        break;
    }
  }
  if (scheduling.size > 0)
    submission.scheduling = [...scheduling].map(([id, value]) => ({ id, value }));
  if (payments.size > 0) submission.payments = [...payments].map(([id, value]) => ({ id, value }));
  if (submission.questions.length === 0 && !issues.some((i) => i.severity === 'error')) {
    issues.push({ column: null, severity: 'error', message: 'This row has no answers to import.' });
  }
  return { submission: issues.some((i) => i.severity === 'error') ? null : submission, issues };
}
