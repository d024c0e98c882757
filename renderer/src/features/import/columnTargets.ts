import {
  PAYMENT_FIELDS,
  SCHEDULING_FIELDS,
  type ColumnTarget,
} from '../../../../electron/shared/contract/imports';
import { questionTypeLabel } from '../../components/questionTypeLabel';

export interface QuestionChoice {
  id: string;
  name: string;
  type: string;
}

/** A select's options, grouped, for where a column can go. Values round-trip through `targetOf`. */
export function targetOptions(
  questions: readonly QuestionChoice[],
): Array<{ group: string; items: Array<{ value: string; label: string }> }> {
  return [
    { group: 'Skip', items: [{ value: valueOf({ kind: 'ignore' }), label: 'Do not import' }] },
    {
      group: 'Questions',
      items: questions.map((q) => ({
        value: valueOf({ kind: 'question', id: q.id, type: q.type }),
        label: `${q.name} (${questionTypeLabel(q.type)})`,
      })),
    },
    {
      group: 'Submission',
      items: [
        { value: valueOf({ kind: 'submissionTime' }), label: 'Submission time' },
        { value: valueOf({ kind: 'lastUpdatedAt' }), label: 'Last updated at' },
      ],
    },
  ];
}

/** The other kinds a column may fill; each needs an id typed by the user. */
export const FIELD_KINDS = [
  { value: 'question', label: 'A question not seen yet (id)' },
  { value: 'urlParameter', label: 'URL parameter' },
  ...SCHEDULING_FIELDS.map((f) => ({ value: `scheduling.${f}`, label: `Scheduling: ${f}` })),
  // The service names its payment processor; people know these as processor fields.
  ...PAYMENT_FIELDS.map((f) => ({
    value: `payment.${f}`,
    label: `Payment: ${f.replace(/^stripe/, 'processor')}`,
  })),
] as const;

export function valueOf(target: ColumnTarget): string {
  return JSON.stringify(target);
}

export function targetOf(value: string): ColumnTarget {
  return JSON.parse(value) as ColumnTarget;
}

/** A target for one of FIELD_KINDS with the id the user typed. */
export function fieldTarget(kind: string, id: string): ColumnTarget {
  const trimmed = id.trim();
  if (kind === 'question') return { kind: 'question', id: trimmed };
  if (kind === 'urlParameter') return { kind: 'urlParameter', id: trimmed, name: trimmed };
  const [group, field] = kind.split('.');
  if (group === 'scheduling')
    return { kind: 'scheduling', id: trimmed, field: field as (typeof SCHEDULING_FIELDS)[number] };
  return { kind: 'payment', id: trimmed, field: field as (typeof PAYMENT_FIELDS)[number] };
}

export function describeTarget(target: ColumnTarget, questions: readonly QuestionChoice[]): string {
  switch (target.kind) {
    case 'ignore':
      return 'Not imported';
    case 'question':
      return questions.find((q) => q.id === target.id)?.name ?? `Question ${target.id}`;
    case 'submissionTime':
      return 'Submission time';
    case 'lastUpdatedAt':
      return 'Last updated at';
    case 'urlParameter':
      return `URL parameter ${target.name || target.id}`;
    case 'scheduling':
      return `Scheduling ${target.id}: ${target.field}`;
    case 'payment':
      return `Payment ${target.id}: ${target.field.replace(/^stripe/, 'processor')}`;
  }
}

/** Which conversions make sense for a target: numbers, dates, lists, yes/no. */
export function conversionsFor(target: ColumnTarget): {
  number: boolean;
  date: boolean;
  /** A date with a time of day: a zone says when it was. A date-only answer has none to place. */
  time: boolean;
  list: boolean;
  boolean: boolean;
} {
  const type = target.kind === 'question' ? (target.type ?? '') : '';
  const field = target.kind === 'scheduling' || target.kind === 'payment' ? target.field : '';
  return {
    number:
      ['NumberInput', 'CurrencyInput', 'Slider', 'OpinionScale', 'StarRating'].includes(type) ||
      field === 'totalAmount' ||
      field === 'userId',
    date:
      ['DatePicker', 'DateTimePicker'].includes(type) ||
      target.kind === 'submissionTime' ||
      target.kind === 'lastUpdatedAt' ||
      field === 'eventStartTime' ||
      field === 'eventEndTime',
    time: type !== 'DatePicker',
    list: ['Checkboxes', 'MultiSelect', 'Ranking'].includes(type),
    boolean: ['Checkbox', 'Switch'].includes(type),
  };
}
